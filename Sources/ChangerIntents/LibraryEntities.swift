import ChangerKit
import IntentKit
import MusicLibrary
import Synchronization

/// The library's albums, artists, songs and genres as entities of the intent layer, refreshed at
/// once when the library is scanned again (``update(_:)``).
///
/// Names come from the tags (the scanner falls back to folder and file names), with synonyms a
/// listener would accept as the same name: a leading "The" left out, a bracketed or dashed edition
/// note left out ("Open Highway (Deluxe Edition)" is also "Open Highway"), "feat." credits left
/// out, the name with its artist ("Greatest Hits by Amber Lane" — a qualifier of the entity —
/// and "Amber Lane's Greatest Hits").
/// "&" and "and", accents and case already meet in the normaliser. Equal names are told apart by
/// a subtitle: the artist for an album, the album and artist for a song.
///
/// Genres are the albums' genres (an album's is what most of its tracks are tagged with) and the
/// genres people commonly ask for (``commonGenres``), so "play some jazz" in a library without jazz
/// gets a clear answer instead of "Sorry".
///
/// Library names yield to the phrases' own words (``EntityType/namesYieldToPhrases``): "stop"
/// stops even with a song called "Stop". The entity types carry a revision, so a snapshot taken
/// for a renamed magazine reuses the compiled library names.
public final class LibraryEntities: Sendable {
    private struct Lists: Sendable {
        var library: Library?
        var albums: [Entity] = []
        var artists: [Entity] = []
        var songs: [Entity] = []
        var genres: [Entity] = []
        var decades: [Entity] = []
        /// The genres albums of the library have, in ``genres``' order.
        var libraryGenres: [String] = []
        var revision = 0
    }

    private let lists = Mutex(Lists())

    /// An empty library; ``update(_:)`` fills it.
    public init() {}

    /// The entities of `library`.
    public convenience init(_ library: Library) {
        self.init()
        update(library)
    }

    /// Replaces the names with those of `library`. Call the registry's
    /// `updateShortcutParameters()` afterwards to resolve with them.
    public func update(_ library: Library) {
        var built = LibraryEntities.lists(for: library)
        built.library = library
        lists.withLock { lists in
            let revision = lists.revision + 1
            lists = built
            lists.revision = revision
        }
    }

    /// The current albums, artists and songs.
    public var albums: [Entity] { lists.withLock { $0.albums } }
    public var artists: [Entity] { lists.withLock { $0.artists } }
    public var songs: [Entity] { lists.withLock { $0.songs } }
    public var genres: [Entity] { lists.withLock { $0.genres } }
    public var decades: [Entity] { lists.withLock { $0.decades } }
    /// The names of the genres the library's albums have: the ones worth hearing by voice.
    public var libraryGenres: [String] { lists.withLock { $0.libraryGenres } }

    /// Names to offer first as examples when `folders` are the albums at hand (those loaded in
    /// the current magazine): their titles, their artists, and a few of their songs.
    public func examples(loadedIn folders: [LibraryPath]) -> (albums: [String], artists: [String], songs: [String]) {
        guard let library = lists.withLock({ $0.library }) else { return ([], [], []) }
        let albums = folders.compactMap(library.album(at:))
        var artists: [String] = []
        for album in albums where LibraryEntities.usable(album.artist) != nil && !artists.contains(album.artist) { artists.append(album.artist) }
        return (albums.map(\.title), artists, albums.flatMap { $0.tracks.prefix(2).map(\.title) })
    }

    /// Changes with every ``update(_:)``.
    public var revision: Int { lists.withLock { $0.revision } }

    /// The five entity types, for the provider.
    public var entityTypes: [EntityType] {
        let revision: @Sendable () -> Int = { [self] in self.revision }
        return [
            EntityType(identifier: ChangerCatalog.albumType, title: "Album", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in albums }),
            EntityType(identifier: ChangerCatalog.artistType, title: "Artist", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in artists }),
            EntityType(identifier: ChangerCatalog.songType, title: "Song", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in songs }),
            EntityType(identifier: ChangerCatalog.genreType, title: "Genre", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in genres }),
            EntityType(identifier: ChangerCatalog.decadeType, title: "Decade", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in decades }),
        ]
    }

    // MARK: Identifiers

    /// An album's entity id: its folder (``LibraryPath/storageText``).
    public static func albumID(_ album: Album) -> String { album.path.storageText }
    /// A song's entity id: its file.
    public static func songID(_ track: Track) -> String { track.path.storageText }
    /// An artist's entity id: the name's normalised words.
    public static func artistID(_ name: String) -> String { "artist:" + Normalizer.tokens(of: name).joined(separator: " ") }
    /// A genre's entity id: the name's normalised words ("Hip-Hop" and "hip hop" are one genre).
    public static func genreID(_ name: String) -> String { "genre:" + Normalizer.tokens(of: name).joined(separator: " ") }

    /// The decade a year is in: 1987 is 1980.
    public static func decade(of year: Int) -> Int { year / 10 * 10 }
    /// A decade's entity id: "decade:1980".
    public static func decadeID(_ decade: Int) -> String { "decade:\(decade)" }
    /// The decade an entity id names.
    public static func decade(fromID id: String) -> Int? {
        id.hasPrefix("decade:") ? Int(id.dropFirst("decade:".count)) : nil
    }

    /// How decades are said besides "1980s" and "the 1980s": "80s", "the eighties"…
    static let decadeWords: [Int: [String]] = [
        1950: ["50s", "fifties"], 1960: ["60s", "sixties"], 1970: ["70s", "seventies"], 1980: ["80s", "eighties"],
        1990: ["90s", "nineties"], 2000: ["two thousands", "noughties"], 2010: ["twenty tens"], 2020: ["twenty twenties"],
    ]

    /// Genres people ask for by name, known even when no album has them. Each is a name with
    /// the other ways it is written or said.
    static let commonGenres: [[String]] = [
        ["Jazz"], ["Rock"], ["Pop"], ["Classical", "classical music"], ["Country"], ["Blues"], ["Hip-Hop", "hiphop", "hip hop music"],
        ["Rap"], ["R&B", "rnb", "rhythm and blues"], ["Soul"], ["Funk"], ["Disco"], ["Reggae"], ["Metal", "heavy metal"], ["Punk"],
        ["Folk"], ["Electronic", "electronica", "edm"], ["Dance"], ["Techno"], ["House"], ["Trance"], ["Ambient"], ["Indie"],
        ["Alternative", "alt rock"], ["Gospel"], ["Latin"], ["Opera"], ["Swing"], ["Bluegrass"], ["Lo-Fi", "lofi"], ["Chill", "chillout"],
        ["Easy Listening"], ["New Age"], ["Soundtrack", "soundtracks", "film music"], ["Instrumental"], ["Acoustic"], ["Oldies"],
        ["Christmas", "christmas music", "holiday music"], ["K-Pop", "kpop"], ["Grunge"], ["Ska"], ["Salsa"], ["World", "world music"],
        ["Children's", "kids music", "children's music"], ["Lounge"], ["Piano"], ["Rock & Roll", "rock n roll"], ["Hard Rock"], ["Synthpop"],
    ]

    /// Artists the scanner invents when nothing names one; they are not offered as names.
    static let placeholderArtists: Set<String> = ["unknown artist", "various artists", "various", "unknown"]

    // MARK: Names

    private static func lists(for library: Library) -> Lists {
        var result = Lists()
        result.albums.reserveCapacity(library.albums.count)
        var artistNames: [String: String] = [:]
        var artistOrder: [String] = []
        var songs: [Entity] = []
        songs.reserveCapacity(library.albums.reduce(0) { $0 + $1.tracks.count })
        // An artist's name is looked at once, however many tracks carry it.
        // "Greatest Hits by Amber Lane": a name said with its artist.
        var artists: [String: (name: String, key: String, forms: [String], qualifiers: [String])?] = [:]
        func artist(_ raw: String) -> (name: String, key: String, forms: [String], qualifiers: [String])? {
            if let known = artists[raw] { return known }
            let found = usable(raw).map { name in
                let forms = variants(of: name)
                return (name, artistID(name), forms, forms.map { "by " + $0 })
            }
            artists[raw] = .some(found)
            return found
        }
        for album in library.albums {
            let albumArtist = artist(album.artist)
            let titles = variants(of: album.title)
            var synonyms = Array(titles.dropFirst())
            for name in albumArtist?.forms ?? [] { synonyms.append("\(name)'s \(titles[0])") }
            result.albums.append(Entity(id: albumID(album), displayName: album.title, synonyms: synonyms,
                                        qualifiers: albumArtist?.qualifiers ?? [], subtitle: albumArtist?.name))
            let subtitle = albumArtist.map { "\(album.title), \($0.name)" } ?? album.title
            for track in album.tracks {
                let trackArtist = track.artist == album.artist ? albumArtist : artist(track.artist)
                songs.append(Entity(id: songID(track), displayName: track.title, synonyms: Array(variants(of: track.title).dropFirst()),
                                    qualifiers: trackArtist?.qualifiers ?? [], subtitle: subtitle))
            }
            for found in [albumArtist] + album.tracks.map({ $0.artist == album.artist ? albumArtist : artist($0.artist) }) {
                guard let found, artistNames[found.key] == nil else { continue }
                artistNames[found.key] = found.name
                artistOrder.append(found.key)
            }
        }
        result.artists = artistOrder.map { key in
            let name = artistNames[key]!
            let forms = variants(of: name)
            return Entity(id: key, displayName: name, synonyms: Array(forms.dropFirst()) + possessives(of: forms))
        }
        result.songs = songs
        (result.genres, result.libraryGenres) = genres(of: library)
        result.decades = decades(of: library).entities
        return result
    }

    /// The library's genres (each under its most common spelling, the most common genre first),
    /// then the common genres it lacks.
    static func genres(of library: Library) -> (entities: [Entity], libraryNames: [String]) {
        var spellings: [String: [String: Int]] = [:]
        var albumCounts: [String: Int] = [:]
        for album in library.albums {
            guard let genre = album.genre.flatMap(usable), genre.lowercased() != "other" else { continue }
            let id = genreID(genre)
            spellings[id, default: [:]][genre, default: 0] += 1
            albumCounts[id, default: 0] += 1
        }
        let libraryIDs = albumCounts.keys.sorted { (albumCounts[$1]!, $0) < (albumCounts[$0]!, $1) }
        let common = Dictionary(commonGenres.map { (genreID($0[0]), $0) }, uniquingKeysWith: { first, _ in first })
        var entities: [Entity] = []
        var names: [String] = []
        for id in libraryIDs {
            let name = spellings[id]!.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            names.append(name)
            entities.append(Entity(id: id, displayName: name, synonyms: common[id].map { Array($0.dropFirst()) } ?? []))
        }
        for forms in commonGenres where albumCounts[genreID(forms[0])] == nil {
            entities.append(Entity(id: genreID(forms[0]), displayName: forms[0], synonyms: Array(forms.dropFirst())))
        }
        return (entities, names)
    }

    /// The decades of the library's albums (newest first), then the decades from the 1950s to the
    /// 2020s it has no album of; each as "1980s", "the 1980s" and the short forms.
    static func decades(of library: Library) -> (entities: [Entity], libraryNames: [String]) {
        let inLibrary = Set(library.albums.compactMap { $0.year.map(decade(of:)) }).sorted(by: >)
        let all = inLibrary + decadeWords.keys.sorted().filter { !inLibrary.contains($0) }
        let entities = all.map { decade in
            let words = decadeWords[decade] ?? []
            return Entity(id: decadeID(decade), displayName: "\(decade)s", synonyms: ["the \(decade)s"] + words + words.map { "the " + $0 })
        }
        return (entities, inLibrary.map { "\($0)s" })
    }

    /// The name a user would say, or nil for a placeholder such as "Unknown Artist".
    static func usable(_ name: String) -> String? {
        let trimmed = trimmed(name)
        guard !trimmed.isEmpty, !placeholderArtists.contains(trimmed.lowercased()) else { return nil }
        return trimmed
    }


    /// Notes after which the rest of a title is a credit or an edition, not the name (lower case).
    static let creditMarkers = [" feat. ", " feat ", " ft. ", " featuring ", " (feat", " [feat", " (ft", " (with "].map { Array($0.utf8) }
    /// Words that mark a " - …" tail as an edition note ("Stop - Remastered 2011").
    static let editionWords = ["remaster", "live", "edit", "version", "mix", "mono", "stereo", "deluxe", "bonus", "demo", "acoustic", "single"]

    /// Each form said as an owner, "Amber Lane's", "James's", for "play Amber Lane's album"
    /// (typed: the voice grammar leaves such forms out). "James' album" needs none: the
    /// apostrophe goes and the name is left.
    static func possessives(of forms: [String]) -> [String] {
        forms.filter { !$0.isEmpty }.map { $0 + "'s" }
    }

    /// The name, then the shorter forms a listener would take for it: without a leading "The",
    /// without a trailing "(…)" or "[…]" note, without a " - Remastered…" style note, without
    /// "feat. …". Forms that differ only in case are given once. Works on the name's bytes: every
    /// cut falls on an ASCII character, so the pieces stay valid UTF-8.
    public static func variants(of name: String) -> [String] {
        // Most names have no note to cut and no leading "The": one look at the bytes says so.
        let utf8 = name.utf8
        let mayHaveNote = utf8.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "f") || $0 == UInt8(ascii: "F") }
        let startsWithThe = utf8.count > 4 && utf8.prefix(4).map({ (65...90).contains($0) ? $0 + 32 : $0 }) == Array("the ".utf8)
        guard mayHaveNote || startsWithThe else { return [name] }
        let bytes = Array(utf8)
        let lowered = bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
        var end = bytes.count
        for marker in creditMarkers {
            if let start = firstIndex(of: marker, in: lowered[..<end]), start > 0 { end = start }
        }
        while end > 0, bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == UInt8(ascii: "]") {
            let open = bytes[end - 1] == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
            guard let start = bytes[..<end].lastIndex(of: open), start > 0 else { break }
            end = start
            while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        }
        if let dash = firstIndex(of: Array(" - ".utf8), in: lowered[..<end]), dash > 0 {
            let note = String(decoding: lowered[(dash + 3)..<end], as: UTF8.self)
            if editionWords.contains(where: note.contains) { end = dash }
        }
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var forms = [name]
        if end > 0, end < bytes.count { forms.append(String(decoding: bytes[..<end], as: UTF8.self)) }
        for form in forms where form.utf8.count > 4 && form.utf8.prefix(4).map({ (65...90).contains($0) ? $0 + 32 : $0 }) == Array("the ".utf8) {
            forms.append(String(decoding: form.utf8.dropFirst(4), as: UTF8.self))
        }
        return forms
    }

    /// Where `needle` starts in `text` (both lower case), as an index of `text`.
    private static func firstIndex(of needle: [UInt8], in text: ArraySlice<UInt8>) -> Int? {
        guard !needle.isEmpty, text.count >= needle.count else { return nil }
        var start = text.startIndex
        while start <= text.endIndex - needle.count {
            if text[start] == needle[0], text[start..<(start + needle.count)].elementsEqual(needle) { return start }
            start += 1
        }
        return nil
    }

    private static func trimmed(_ text: String) -> String {
        var characters = Substring(text)
        while characters.first?.isWhitespace == true { characters = characters.dropFirst() }
        while characters.last?.isWhitespace == true { characters = characters.dropLast() }
        return String(characters)
    }
}
