#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemSupport

/// A file-system path kept as the raw bytes the kernel gave us, so folders and files whose
/// names are not valid UTF-8 can still be opened; `displayName` shows them safely.
///
/// In JSON a path is a plain string when its bytes are UTF-8, otherwise `"base64:…"`
/// (an absolute path never starts with that prefix, so the two cannot be confused).
public struct LibraryPath: Hashable, Sendable, Comparable, CustomStringConvertible, FileSystemPath {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// The path as text for display: invalid UTF-8 becomes U+FFFD and control characters
    /// become U+FFFD too, so a name can never move the cursor or corrupt a terminal.
    public var displayName: String { LibraryPath.displayText(bytes) }

    public var description: String { displayName }

    /// Whether the bytes are valid UTF-8 (then `displayName` is exact, unless it holds control characters).
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The last path component.
    public var lastComponent: LibraryPath {
        let trimmed = bytes.last == UInt8(ascii: "/") && bytes.count > 1 ? Array(bytes.dropLast()) : bytes
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")) else { return LibraryPath(bytes: trimmed) }
        return LibraryPath(bytes: Array(trimmed[(slash + 1)...]))
    }

    /// The path without its last component ("/" for a top-level entry).
    public var parent: LibraryPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return LibraryPath(".") }
        return slash == 0 ? LibraryPath("/") : LibraryPath(bytes: Array(bytes[..<slash]))
    }

    /// This path with `component` appended after a slash.
    public func appending(_ component: [UInt8]) -> LibraryPath {
        var joined = bytes
        if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined.append(contentsOf: component)
        return LibraryPath(bytes: joined)
    }

    public func appending(_ component: String) -> LibraryPath { appending(Array(component.utf8)) }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try bytes.withCString(body)
    }

    /// Whether the path leads (through any symbolic links) to a folder.
    public var isDirectory: Bool { FileSystem.status(of: self)?.isDirectory ?? false }

    /// The absolute, symlink-free form of this path (`realpath(3)`), or nil when it doesn't exist.
    public func resolved() -> LibraryPath? {
        (try? FileSystem.realPath(of: self)).map(LibraryPath.init(bytes:))
    }

    public static func < (lhs: LibraryPath, rhs: LibraryPath) -> Bool {
        NaturalOrder.compare(lhs.bytes, rhs.bytes) < 0
    }

    static func displayText<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? "\u{FFFD}" : $0
        }))
    }
}

extension LibraryPath: Codable {
    private static let base64Prefix = "base64:"

    /// The path as one line of text that gives back the exact bytes: the path itself when it is
    /// UTF-8, else `base64:…`. JSON uses it, and so do front ends that must hand a path back.
    public var storageText: String {
        if let text = String(validating: bytes, as: UTF8.self), !text.hasPrefix(LibraryPath.base64Prefix) { return text }
        return LibraryPath.base64Prefix + Data(bytes).base64EncodedString()
    }

    /// The path `storageText` describes; nil for a malformed `base64:` text.
    public init?(storageText text: String) {
        guard text.hasPrefix(LibraryPath.base64Prefix) else {
            self.bytes = Array(text.utf8)
            return
        }
        guard let data = Data(base64Encoded: String(text.dropFirst(LibraryPath.base64Prefix.count))) else { return nil }
        self.bytes = Array(data)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let path = LibraryPath(storageText: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A path marked base64 is not valid base64"))
        }
        self = path
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storageText)
    }
}
