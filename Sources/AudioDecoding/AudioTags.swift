/// The tag fields CD Changer uses, whatever the file's tag format (a decoder fills them from
/// ID3, Vorbis comments…). Text is cleaned: no control characters, no surrounding spaces, and
/// an empty value is nil.
public struct AudioTags: Hashable, Sendable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    /// The year or date as tagged ("1999", "1999-04-01").
    public var date: String?
    public var genre: String?
    public var trackNumber: Int?
    public var trackCount: Int?
    public var discNumber: Int?
    public var discCount: Int?
    /// Loudness corrections, when the file has them.
    public var replayGain: ReplayGain

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        date: String? = nil, genre: String? = nil, trackNumber: Int? = nil, trackCount: Int? = nil,
        discNumber: Int? = nil, discCount: Int? = nil, replayGain: ReplayGain = ReplayGain()
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.date = date
        self.genre = genre
        self.trackNumber = trackNumber
        self.trackCount = trackCount
        self.discNumber = discNumber
        self.discCount = discCount
        self.replayGain = replayGain
    }

    /// Fills the fields this value lacks from `other` (a file's second tag, e.g. ID3v1 after ID3v2).
    public mutating func merge(_ other: AudioTags) {
        title = title ?? other.title
        artist = artist ?? other.artist
        album = album ?? other.album
        albumArtist = albumArtist ?? other.albumArtist
        date = date ?? other.date
        genre = genre ?? other.genre
        trackNumber = trackNumber ?? other.trackNumber
        trackCount = trackCount ?? other.trackCount
        discNumber = discNumber ?? other.discNumber
        discCount = discCount ?? other.discCount
        replayGain.merge(other.replayGain)
    }

    /// A tag's text as stored in these fields: control characters dropped, surrounding spaces
    /// trimmed, and nothing left means no value.
    public static func cleanedText(_ text: String) -> String? {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        let trimmed = printable.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A track or disc field: "3/12" → (3, 12); "3" → (3, nil); anything else, or zero, → nil.
    public static func numberAndTotal(_ text: String) -> (number: Int?, total: Int?) {
        let parts = text.split(separator: "/", maxSplits: 1).map { Int($0.trimmingSpaces()) }
        let number = parts.first ?? nil
        let total = parts.count > 1 ? parts[1] : nil
        return (number.flatMap { $0 > 0 ? $0 : nil }, total.flatMap { $0 > 0 ? $0 : nil })
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
