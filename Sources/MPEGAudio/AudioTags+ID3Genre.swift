import AudioDecoding

/// ID3's genre numbers: ID3v1 stores one byte, and ID3v2's `TCON` frame may say "(26)",
/// "(26)Ambient", "26" or plain text. These turn what libmpg123 hands over into a name.
extension AudioTags {
    /// The genre a `TCON` text names: plain text as it is; "(n)" or "n" as the number's name;
    /// "(n)Refinement" as the refinement (ID3v2.3 writes a name there when it is more precise);
    /// "(RX)" and "(CR)" as Remix and Cover; "((…" is text that starts with "(". Nil for a number
    /// no list names.
    static func genreName(_ text: String) -> String? {
        var rest = Substring(text)
        var named: String?
        while rest.first == "(", !rest.hasPrefix("(("), let close = rest.firstIndex(of: ")") {
            let reference = rest[rest.index(after: rest.startIndex)..<close]
            named = named ?? genreName(reference: reference)
            rest = rest[rest.index(after: close)...]
        }
        if rest.hasPrefix("((") { rest = rest.dropFirst() }
        guard let refinement = cleanedText(String(rest)) else { return named }
        if let number = Int(refinement) { return genreName(reference: Substring(String(number))) }
        return refinement
    }

    private static func genreName(reference: Substring) -> String? {
        switch reference {
        case "RX": return "Remix"
        case "CR": return "Cover"
        default:
            guard let number = Int(reference), id3v1Genres.indices.contains(number) else { return nil }
            return id3v1Genres[number]
        }
    }

    /// ID3v1's genres by number: 0–79 from the ID3v1 list, 80–147 from Winamp's extension, as
    /// taggers such as lame write them (133 under its later name). 255 means none.
    static let id3v1Genres = [
        "Blues", "Classic Rock", "Country", "Dance", "Disco", "Funk", "Grunge", "Hip-Hop", "Jazz", "Metal",
        "New Age", "Oldies", "Other", "Pop", "R&B", "Rap", "Reggae", "Rock", "Techno", "Industrial",
        "Alternative", "Ska", "Death Metal", "Pranks", "Soundtrack", "Euro-Techno", "Ambient", "Trip-Hop", "Vocal", "Jazz+Funk",
        "Fusion", "Trance", "Classical", "Instrumental", "Acid", "House", "Game", "Sound Clip", "Gospel", "Noise",
        "Alternative Rock", "Bass", "Soul", "Punk", "Space", "Meditative", "Instrumental Pop", "Instrumental Rock", "Ethnic", "Gothic",
        "Darkwave", "Techno-Industrial", "Electronic", "Pop-Folk", "Eurodance", "Dream", "Southern Rock", "Comedy", "Cult", "Gangsta",
        "Top 40", "Christian Rap", "Pop/Funk", "Jungle", "Native American", "Cabaret", "New Wave", "Psychedelic", "Rave", "Showtunes",
        "Trailer", "Lo-Fi", "Tribal", "Acid Punk", "Acid Jazz", "Polka", "Retro", "Musical", "Rock & Roll", "Hard Rock",
        "Folk", "Folk-Rock", "National Folk", "Swing", "Fast Fusion", "Bebop", "Latin", "Revival", "Celtic", "Bluegrass",
        "Avantgarde", "Gothic Rock", "Progressive Rock", "Psychedelic Rock", "Symphonic Rock", "Slow Rock", "Big Band", "Chorus", "Easy Listening", "Acoustic",
        "Humour", "Speech", "Chanson", "Opera", "Chamber Music", "Sonata", "Symphony", "Booty Bass", "Primus", "Porn Groove",
        "Satire", "Slow Jam", "Club", "Tango", "Samba", "Folklore", "Ballad", "Power Ballad", "Rhythmic Soul", "Freestyle",
        "Duet", "Punk Rock", "Drum Solo", "A Cappella", "Euro-House", "Dance Hall", "Goa", "Drum & Bass", "Club-House", "Hardcore",
        "Terror", "Indie", "BritPop", "Afro-Punk", "Polsk Punk", "Beat", "Christian Gangsta Rap", "Heavy Metal", "Black Metal", "Crossover",
        "Contemporary Christian", "Christian Rock", "Merengue", "Salsa", "Thrash Metal", "Anime", "JPop", "Synthpop",
    ]
}
