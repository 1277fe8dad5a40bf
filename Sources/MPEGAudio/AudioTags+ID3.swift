import AudioDecoding
import CMpg123

/// Tags as libmpg123 parsed them from ID3v2 (preferred) or ID3v1, with ReplayGain from ID3v2's
/// `TXXX:REPLAYGAIN_*` frames.
extension AudioTags {
    /// Reads an ID3v2 tag; its text is UTF-8 already (libmpg123 converts it).
    init(version2 tag: mpg123_id3v2) {
        self.init()
        title = Self.text(tag.title)
        artist = Self.text(tag.artist)
        album = Self.text(tag.album)
        date = Self.text(tag.year)
        genre = Self.text(tag.genre).flatMap(Self.genreName)
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
        // ReplayGain from TXXX frames: libmpg123 keeps them as "extra" texts with a description.
        var extras: [String: String] = [:]
        for index in 0..<tag.extras {
            var field = tag.extra[index]
            guard let name = Self.text(&field.description), let value = Self.text(&field.text) else { continue }
            extras[name.uppercased()] = value
        }
        replayGain = ReplayGain(tags: { extras[$0] })
    }

    /// Reads an ID3v1 tag: fixed-size Latin-1 fields, and ID3v1.1's track number in the comment's last byte.
    init(version1 tag: mpg123_id3v1) {
        self.init()
        title = Self.latin1(tag.title)
        artist = Self.latin1(tag.artist)
        album = Self.latin1(tag.album)
        date = Self.latin1(tag.year)
        genre = Self.id3v1Genres.indices.contains(Int(tag.genre)) ? Self.id3v1Genres[Int(tag.genre)] : nil
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
        return cleanedText(String(decoding: firstString, as: UTF8.self))
    }

    private static func latin1<Field>(_ field: Field) -> String? {
        withUnsafeBytes(of: field) { bytes in
            let text = String(String.UnicodeScalarView(bytes.prefix { $0 != 0 }.map { Unicode.Scalar($0) }))
            return cleanedText(text)
        }
    }
}
