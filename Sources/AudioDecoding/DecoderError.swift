/// Why a decoder could not open, seek or measure a file, in words for the user.
public struct DecoderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What a message says after the file's name: "not an MP3 file", "can't open it".
    public var reason: String
    /// The C library's own words ("No stream opened"), or empty.
    public var detail: String

    public init(reason: String, detail: String = "") {
        self.reason = reason
        self.detail = detail
    }

    /// "not an MP3 file (no MPEG frame found)".
    public var description: String { detail.isEmpty ? reason : "\(reason) (\(detail))" }
}
