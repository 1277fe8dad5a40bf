#if canImport(Glibc)
import Glibc
#endif

/// A system call that failed: the C function's name, its `errno`, and the path it worked on.
///
/// Its description is the message a person reads: `pipe: Too many open files`, or with a path,
/// `lstat failed for /run/user/1000/cdchanger: Permission denied`.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed (`open`, `pthread_create`…).
    public var call: String
    /// Its `errno`, or the error number it returned (as `pthread_create` does).
    public var code: Int32
    /// The file or folder it worked on, when there is one.
    public var path: String?

    public init(call: String, code: Int32, path: String? = nil) {
        self.call = call
        self.code = code
        self.path = path
    }

    /// The system's own words for `code` ("No such file or directory").
    ///
    /// The corresponding C function is `strerror`.
    public var reason: String { String(cString: strerror(code)) }

    public var description: String {
        guard let path else { return "\(call): \(reason)" }
        return "\(call) failed for \(path): \(reason)"
    }
}
