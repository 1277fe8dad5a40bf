/// A command from an MPRIS client, for the app to run as an intent.
public enum MPRISCommand: Sendable, Equatable {
    case playPause
    case play
    case pause
    case stop
    case next
    case previous
    /// Move by this many microseconds (negative: back). MPRIS: past the end means the next track.
    case seek(offsetMicroseconds: Int64)
    /// Go to this position in the track with this `MPRISTrack.id`. Sent only when the client
    /// named the current track and the position lies within it (else MPRIS says to ignore it).
    case setPosition(trackID: String, positionMicroseconds: Int64)
    /// 0…1 (a client's value is clamped into that range).
    case setVolume(Double)
    case setLoop(MPRISStatus.Loop)
    case setShuffle(Bool)
    case quit
    /// Bring the player's window forward; `CanRaise` is false, so clients should not send it.
    case raise
}
