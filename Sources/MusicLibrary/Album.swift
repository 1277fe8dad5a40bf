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

/// A disc: a folder that directly holds audio files (of a type a registered decoder reads), with its tracks in play order.
public struct Album: Hashable, Sendable, Codable, Identifiable {
    /// The folder, absolute; it identifies the album.
    public var path: LibraryPath
    public var title: String
    public var artist: String
    public var tracks: [Track]
    /// Audio files in the folder that could not be read, with the reason for each.
    public var unreadableFiles: [UnreadableFile]

    public init(path: LibraryPath, title: String, artist: String, tracks: [Track], unreadableFiles: [UnreadableFile] = []) {
        self.path = path
        self.title = title
        self.artist = artist
        self.tracks = tracks
        self.unreadableFiles = unreadableFiles
    }

    public var id: LibraryPath { path }

    /// Total length in seconds.
    public var duration: Double { tracks.reduce(0) { $0 + $1.duration } }
}

/// A file that looked like a track but could not be read, and why.
public struct UnreadableFile: Hashable, Sendable, Codable {
    public var path: LibraryPath
    public var reason: String

    public init(path: LibraryPath, reason: String) {
        self.path = path
        self.reason = reason
    }
}
