/// A file that looked like a track but could not be read, and why.
public struct UnreadableFile: Hashable, Sendable, Codable {
    public var path: LibraryPath
    public var reason: String

    public init(path: LibraryPath, reason: String) {
        self.path = path
        self.reason = reason
    }
}
