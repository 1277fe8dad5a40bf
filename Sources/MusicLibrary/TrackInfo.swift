/// What one file's tags and header say, before fallbacks to folder and file names are applied.
public struct TrackInfo: Hashable, Sendable, Codable {
    /// The year a date tag names: its first four digits when they start it ("1999", "1999-04-01",
    /// "1999/04"), nil for anything else.
    public static func year(fromDate date: String?) -> Int? {
        guard let date, date.utf8.count >= 4 else { return nil }
        let digits = date.utf8.prefix(4)
        guard digits.allSatisfy({ (48...57).contains($0) }), date.utf8.dropFirst(4).first.map({ !(48...57).contains($0) }) ?? true else { return nil }
        return Int(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
    }

    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var trackNumber: Int?
    public var discNumber: Int?
    /// The genre as tagged ("Ambient"; ID3's numbers already turned into names).
    public var genre: String?
    /// The year the date tag starts with ("1999-04-01" is 1999).
    public var year: Int?
    public var duration: Double

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        trackNumber: Int? = nil, discNumber: Int? = nil, genre: String? = nil, year: Int? = nil, duration: Double
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.genre = genre
        self.year = year
        self.duration = duration
    }
}
