/// What one file's tags and header say, before fallbacks to folder and file names are applied.
public struct TrackInfo: Hashable, Sendable, Codable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var trackNumber: Int?
    public var discNumber: Int?
    /// The genre as tagged ("Ambient"; ID3's numbers already turned into names).
    public var genre: String?
    public var duration: Double

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        trackNumber: Int? = nil, discNumber: Int? = nil, genre: String? = nil, duration: Double
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.genre = genre
        self.duration = duration
    }
}
