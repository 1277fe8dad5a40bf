/// A path as the C file-system calls take it: anything that can lend itself as a NUL-terminated
/// C string. `String` is one, and so are raw bytes (`[UInt8]`), since Linux file names are bytes.
public protocol FileSystemPath {
    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result
}

extension String: FileSystemPath {}

extension Array: FileSystemPath where Element == UInt8 {
    /// Calls `body` with the bytes and a NUL after them as a C string.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (self + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
