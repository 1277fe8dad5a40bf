/// A running player's answer: the exit status the client should exit with, what it should
/// print on standard output and standard error, and an optional JSON payload.
public struct ControlResponse: Sendable, Equatable {
    /// The client's exit status (for `say`: 0 done, 1 not understood, 2 ambiguous, 3 needs a value).
    public var status: Int32
    /// Text for standard output (the spoken-style response, a status line, a listing).
    public var output: String
    /// Text for standard error.
    public var error: String
    /// A JSON value as compact text, or nil. It travels embedded in the response (not quoted),
    /// keeps its key order, and comes back out of `ControlClient` as the same compact text.
    public var payload: String?

    /// Makes a response. A `payload` that is not valid JSON is replaced by an error response
    /// when it is encoded, so a bug in the app never breaks the wire format.
    public init(status: Int32, output: String = "", error: String = "", payload: String? = nil) {
        self.status = status
        self.output = output
        self.error = error
        self.payload = payload
    }

    /// The status of a response the server made itself because it could not use the request
    /// (not JSON, too large, not a request, a newer protocol version, too many clients).
    public static let rejectedStatus: Int32 = 64

    /// The status of a response whose payload the app built as invalid JSON (a bug in the app).
    public static let internalErrorStatus: Int32 = 70

    /// A response refusing a request, with the reason on standard error.
    public static func rejected(_ reason: String) -> ControlResponse {
        ControlResponse(status: rejectedStatus, error: "cdchanger: the player refused the request: \(reason)")
    }
}
