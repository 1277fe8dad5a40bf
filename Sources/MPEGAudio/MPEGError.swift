import CMpg123

/// A libmpg123 failure, with the operation that failed and the library's own words.
public struct MPEGError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var operation: String
    public var detail: String

    init(code: Int32, operation: String, detail: String = "") {
        self.code = code
        self.operation = operation
        self.detail = detail.isEmpty ? MPEGError.plainMessage(code) : detail
    }

    public var description: String { "can't \(operation): \(detail)" }

    /// The corresponding C function is `mpg123_plain_strerror`.
    private static func plainMessage(_ code: Int32) -> String {
        guard let text = mpg123_plain_strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
