/// What `org.cdchanger.Voice.Listen` answers once the voice turn it started has ended.
public enum ListenAnswer: Sendable, Equatable {
    /// The turn ended: the sentence heard (nil when nothing was heard for sure), the player's
    /// answer, and the exit status `cdchanger listen` gives for it (0 done, 1 not heard, not
    /// understood or not possible, 2 ambiguous, 3 needs a value).
    case ended(heard: String?, response: String, status: Int32)
    /// Voice cannot be used now (no microphone, the player quitting): why. Sent as the D-Bus
    /// error `org.cdchanger.Voice.Error.Unavailable`.
    case unavailable(String)
}
