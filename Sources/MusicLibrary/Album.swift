/// A disc: a folder that directly holds audio files (of a type a registered decoder reads), with its tracks in play order.
public struct Album: Hashable, Sendable, Codable, Identifiable {
    /// The folder, absolute; it identifies the album.
    public var path: LibraryPath
    public var title: String
    public var artist: String
    public var tracks: [Track]
    /// The genre most of its tracks are tagged with, nil when none is.
    public var genre: String?
    /// The year most of its tracks are tagged with, nil when none is.
    public var year: Int?
    /// Audio files in the folder that could not be read, with the reason for each.
    public var unreadableFiles: [UnreadableFile]

    public init(path: LibraryPath, title: String, artist: String, tracks: [Track], genre: String? = nil, year: Int? = nil, unreadableFiles: [UnreadableFile] = []) {
        self.path = path
        self.title = title
        self.artist = artist
        self.tracks = tracks
        self.genre = genre
        self.year = year
        self.unreadableFiles = unreadableFiles
    }

    public var id: LibraryPath { path }

    /// Total length in seconds.
    public var duration: Double { tracks.reduce(0) { $0 + $1.duration } }
}
