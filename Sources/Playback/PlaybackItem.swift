/// An item to play: the caller's opaque id and the file's path as raw bytes (names need not be UTF-8).
public struct PlaybackItem: Sendable, Hashable {
    public var id: UInt64
    public var path: [UInt8]

    public init(id: UInt64, path: [UInt8]) {
        self.id = id
        self.path = path
    }

    public init(id: UInt64, path: String) {
        self.init(id: id, path: Array(path.utf8))
    }

    /// The file's name for messages: the last path component, invalid UTF-8 repaired.
    public var displayName: String {
        let name = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last.map(Array.init) ?? path
        return String(decoding: name, as: UTF8.self)
    }
}

/// Where to start in an item.
public enum PlaybackOffset: Sendable, Hashable {
    case start
    case seconds(Double)
    case frames(Int)

    /// The offset in frames at `sampleRate`.
    func frames(at sampleRate: Int) -> Int {
        switch self {
        case .start: 0
        case .seconds(let seconds): max(0, Int((seconds * Double(sampleRate)).rounded()))
        case .frames(let frames): max(0, frames)
        }
    }
}
