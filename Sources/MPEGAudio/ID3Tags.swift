import CMpg123

/// The tag fields CD Changer uses, as libmpg123 parsed them from ID3v2 (preferred) or ID3v1.
public struct ID3Tags: Hashable, Sendable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var year: String?
    public var genre: String?
    public var trackNumber: Int?
    public var trackCount: Int?
    public var discNumber: Int?
    public var discCount: Int?

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        year: String? = nil, genre: String? = nil, trackNumber: Int? = nil, trackCount: Int? = nil,
        discNumber: Int? = nil, discCount: Int? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.year = year
        self.genre = genre
        self.trackNumber = trackNumber
        self.trackCount = trackCount
        self.discNumber = discNumber
        self.discCount = discCount
    }

    /// Fills the fields this value lacks from `other`.
    mutating func merge(_ other: ID3Tags) {
        title = title ?? other.title
        artist = artist ?? other.artist
        album = album ?? other.album
        albumArtist = albumArtist ?? other.albumArtist
        year = year ?? other.year
        genre = genre ?? other.genre
        trackNumber = trackNumber ?? other.trackNumber
        trackCount = trackCount ?? other.trackCount
        discNumber = discNumber ?? other.discNumber
        discCount = discCount ?? other.discCount
    }

    /// Reads an ID3v2 tag; its text is UTF-8 already (libmpg123 converts it).
    init(version2 tag: mpg123_id3v2) {
        title = Self.text(tag.title)
        artist = Self.text(tag.artist)
        album = Self.text(tag.album)
        year = Self.text(tag.year)
        genre = Self.text(tag.genre)
        for index in 0..<tag.texts {
            let field = tag.text[index]
            let identifier = withUnsafeBytes(of: field.id) { String(decoding: $0, as: UTF8.self) }
            var value = field.text
            guard let text = Self.text(&value) else { continue }
            switch identifier {
            case "TRCK": (trackNumber, trackCount) = Self.numberAndTotal(text)
            case "TPOS": (discNumber, discCount) = Self.numberAndTotal(text)
            case "TPE2": albumArtist = text
            default: break
            }
        }
    }

    /// Reads an ID3v1 tag: fixed-size Latin-1 fields, and ID3v1.1's track number in the comment's last byte.
    init(version1 tag: mpg123_id3v1) {
        title = Self.latin1(tag.title)
        artist = Self.latin1(tag.artist)
        album = Self.latin1(tag.album)
        year = Self.latin1(tag.year)
        withUnsafeBytes(of: tag.comment) { comment in
            if comment[28] == 0, comment[29] != 0 { trackNumber = Int(comment[29]) }
        }
    }

    /// The first string of an `mpg123_string` (ID3v2 text frames may hold several, NUL-separated).
    private static func text(_ string: UnsafeMutablePointer<mpg123_string>?) -> String? {
        guard let string else { return nil }
        return text(&string.pointee)
    }

    private static func text(_ string: inout mpg123_string) -> String? {
        guard let start = string.p, string.fill > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: start, count: string.fill)
        let firstString = bytes.prefix { $0 != 0 }
        return cleaned(String(decoding: firstString, as: UTF8.self))
    }

    private static func latin1<Field>(_ field: Field) -> String? {
        withUnsafeBytes(of: field) { bytes in
            let text = String(String.UnicodeScalarView(bytes.prefix { $0 != 0 }.map { Unicode.Scalar($0) }))
            return cleaned(text)
        }
    }

    /// Trims spaces and drops control characters; an empty result means "no value".
    private static func cleaned(_ text: String) -> String? {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        let trimmed = printable.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// "3/12" → (3, 12); "3" → (3, nil); anything else → (nil, nil).
    static func numberAndTotal(_ text: String) -> (Int?, Int?) {
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
