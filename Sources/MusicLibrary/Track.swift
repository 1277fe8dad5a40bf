/// One song: a file and what its tags (or, without tags, its name) say about it.
public struct Track: Hashable, Sendable, Codable {
    public var path: LibraryPath
    public var title: String
    public var artist: String
    public var trackNumber: Int?
    public var discNumber: Int?
    /// Length in seconds, as its decoder knows it without decoding (for an MP3, exact with an info frame).
    public var duration: Double

    public init(path: LibraryPath, title: String, artist: String, trackNumber: Int? = nil, discNumber: Int? = nil, duration: Double) {
        self.path = path
        self.title = title
        self.artist = artist
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.duration = duration
    }

    /// The file's name, safe to print.
    public var fileName: String { path.lastComponent.displayName }
}
