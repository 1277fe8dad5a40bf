import ChangerKit
import IntentKit
import MusicLibrary
import Synchronization

/// The library's albums, artists and songs as entities of the intent layer, refreshed at once
/// when the library is scanned again (``update(_:)``).
///
/// Names come from the tags (the scanner falls back to folder and file names), with synonyms a
/// listener would accept as the same name: a leading "The" left out, a bracketed or dashed edition
/// note left out ("Open Highway (Deluxe Edition)" is also "Open Highway"), "feat." credits left
/// out, the name with its artist ("Greatest Hits by Amber Lane", "Amber Lane's Greatest Hits").
/// "&" and "and", accents and case already meet in the normaliser. Equal names are told apart by
/// a subtitle: the artist for an album, the album and artist for a song.
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

    /// The three entity types, for the provider.
    public var entityTypes: [EntityType] {
        let revision: @Sendable () -> Int = { [self] in self.revision }
        return [
            EntityType(identifier: ChangerCatalog.albumType, title: "Album", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in albums }),
            EntityType(identifier: ChangerCatalog.artistType, title: "Artist", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in artists }),
            EntityType(identifier: ChangerCatalog.songType, title: "Song", namesYieldToPhrases: true, listedExamples: 3,
                       revision: revision, entities: { [self] in songs }),
        ]
    }

    // MARK: Identifiers

    /// An album's entity id: its folder (``LibraryPath/storageText``).
    public static func albumID(_ album: Album) -> String { album.path.storageText }
    /// A song's entity id: its file.
    public static func songID(_ track: Track) -> String { track.path.storageText }
    /// An artist's entity id: the name's normalised words.
    public static func artistID(_ name: String) -> String { "artist:" + Normalizer.tokens(of: name).joined(separator: " ") }

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
        for album in library.albums {
            let artist = usable(album.artist)
            let titles = variants(of: album.title)
            var synonyms = titles.dropFirst().map { $0 }
            for name in artist.map(variants(of:)) ?? [] {
                for title in titles { synonyms.append("\(title) by \(name)") }
                synonyms.append("\(name)'s \(titles[0])")
            }
            result.albums.append(Entity(id: albumID(album), displayName: album.title, synonyms: unique(synonyms, besides: album.title), subtitle: artist))
            for name in [album.artist] + album.tracks.map(\.artist) {
                guard let name = usable(name) else { continue }
                let key = artistID(name)
                if artistNames[key] == nil {
                    artistNames[key] = name
                    artistOrder.append(key)
                }
            }
            for track in album.tracks {
                let trackTitles = variants(of: track.title)
                var trackSynonyms = trackTitles.dropFirst().map { $0 }
                for name in usable(track.artist).map(variants(of:)) ?? [] {
                    for title in trackTitles { trackSynonyms.append("\(title) by \(name)") }
                }
                let subtitle = artist.map { "\(album.title), \($0)" } ?? album.title
                songs.append(Entity(id: songID(track), displayName: track.title, synonyms: unique(trackSynonyms, besides: track.title), subtitle: subtitle))
            }
        }
        result.artists = artistOrder.map { key in
            let name = artistNames[key]!
            return Entity(id: key, displayName: name, synonyms: unique(Array(variants(of: name).dropFirst()), besides: name))
        }
        result.songs = songs
        return result
    }

    /// The name a user would say, or nil for a placeholder such as "Unknown Artist".
    static func usable(_ name: String) -> String? {
        let trimmed = trimmed(name)
        guard !trimmed.isEmpty, !placeholderArtists.contains(trimmed.lowercased()) else { return nil }
        return trimmed
    }

    /// Notes after which the rest of a title is a credit or an edition, not the name.
    static let creditMarkers = [" feat. ", " feat ", " ft. ", " featuring ", " (feat", " [feat", " (ft", " (with "]
    /// Words that mark a " - …" tail as an edition note ("Stop - Remastered 2011").
    static let editionWords = ["remaster", "live", "edit", "version", "mix", "mono", "stereo", "deluxe", "bonus", "demo", "acoustic", "single", "mono"]

    /// The name, then the shorter forms a listener would take for it: without a leading "The",
    /// without a trailing "(…)" or "[…]" note, without a " - Remastered…" style note, without
    /// "feat. …". Forms that differ only in case are given once.
    public static func variants(of name: String) -> [String] {
        var forms = [name]
        var core = Array(name)
        for marker in creditMarkers {
            if let start = firstIndex(of: Array(marker), in: core), start > 0 { core = Array(core[..<start]) }
        }
        while let last = core.last, last == ")" || last == "]", let open = core.lastIndex(of: last == ")" ? "(" : "["), open > 0 {
            core = Array(trimmed(String(core[..<open])))
        }
        if let dash = firstIndex(of: Array(" - "), in: core), dash > 0 {
            let note = String(core[(dash + 3)...]).lowercased()
            if editionWords.contains(where: note.contains) { core = Array(core[..<dash]) }
        }
        let shortened = trimmed(String(core))
        if !shortened.isEmpty { forms.append(shortened) }
        for form in forms where form.count > 4 && form.prefix(4).lowercased() == "the " {
            forms.append(String(form.dropFirst(4)))
        }
        var seen: Set<String> = []
        return forms.filter { seen.insert($0.lowercased()).inserted }
    }

    /// The synonyms that say something the display name does not, each once (ignoring case).
    private static func unique(_ synonyms: [String], besides name: String) -> [String] {
        var seen: Set<String> = [name.lowercased()]
        return synonyms.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Where `needle` starts in `text`, ignoring case.
    private static func firstIndex(of needle: [Character], in text: [Character]) -> Int? {
        guard !needle.isEmpty, text.count >= needle.count else { return nil }
        let lowered = needle.map { $0.lowercased() }
        outer: for start in 0...(text.count - needle.count) {
            for offset in 0..<needle.count where text[start + offset].lowercased() != lowered[offset] { continue outer }
            return start
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
