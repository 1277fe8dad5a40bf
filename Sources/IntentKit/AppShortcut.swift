/// An intent offered to the user with the phrases that start it, like Apple's `AppShortcut`.
public struct AppShortcut: Sendable {
    /// The identifier of the intent the phrases run.
    public let intent: String
    /// Phrase templates (at most ten); each must name the app with `{app}`. See ``PhraseTemplate``.
    public let phrases: [String]
    /// A short title shown in listings ("Play Disc").
    public let title: String
    /// A symbol name shown beside the title ("opticaldisc").
    public let symbol: String

    public init(intent: String, phrases: [String], title: String, symbol: String) {
        self.intent = intent
        self.phrases = phrases
        self.title = title
        self.symbol = symbol
    }
}
