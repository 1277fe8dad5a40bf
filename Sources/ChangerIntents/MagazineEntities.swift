import ChangerKit
import IntentKit
import MusicLibrary

/// Connects the intent layer to the magazine store and the library: magazines are the "Magazine"
/// entities, the library's albums, artists and songs the others. The snapshot the resolver matches
/// against is refreshed after every create, rename, delete and reorder of magazines and after
/// every new scan of the library (``refresh(library:in:)``); the examples offered under "Sorry…"
/// follow the current magazine after every change.
public enum MagazineEntities {
    /// The app's registry, reading magazines from `store` and names from `library`, refreshed by the
    /// store after every change of names or order.
    public static func registry(observing store: ChangerStore, library: LibraryEntities = LibraryEntities()) throws(ShortcutRegistrationError) -> ShortcutRegistry {
        let registry = try ChangerShortcuts.makeRegistry(magazines: {
            store.state.rack.magazines.map { ChangerShortcuts.magazine(id: $0.id.uuidString, name: $0.name) }
        }, library: library)
        preferCurrentMagazine(of: store, library: library, in: registry)
        store.observe { change in
            if change.changesMagazineNames { registry.updateShortcutParameters() }
            preferCurrentMagazine(of: store, library: library, in: registry)
        }
        return registry
    }

    /// Takes a new scan of the library: its names resolve from now on, the old ones no longer.
    public static func refresh(library: Library, names: LibraryEntities, in registry: ShortcutRegistry, store: ChangerStore) {
        names.update(library)
        registry.updateShortcutParameters()
        preferCurrentMagazine(of: store, library: names, in: registry)
    }

    /// Suggestions and listings name the current magazine and what is loaded in it first.
    static func preferCurrentMagazine(of store: ChangerStore, library: LibraryEntities, in registry: ShortcutRegistry) {
        let state = store.state
        guard let magazine = state.currentMagazine else { return }
        registry.setPreferredExamples([magazine.name], ofType: ChangerCatalog.magazineType)
        let examples = library.examples(loadedIn: magazine.slots.compactMap { $0 })
        registry.setPreferredExamples(examples.albums, ofType: ChangerCatalog.albumType)
        registry.setPreferredExamples(examples.artists, ofType: ChangerCatalog.artistType)
        registry.setPreferredExamples(examples.songs, ofType: ChangerCatalog.songType)
    }

    /// The titles of the songs on the current magazine's loaded discs (albums of `library`),
    /// which the voice grammar holds (`GrammarOptions.changer` lists songs); none without a
    /// current magazine.
    public static func loadedSongTitles(of state: ChangerState, in library: Library) -> [String] {
        guard let magazine = state.currentMagazine else { return [] }
        return magazine.slots.compactMap { $0 }.compactMap(library.album(at:)).flatMap { $0.tracks.map(\.title) }
    }

    /// The names of the listed entity types the voice grammar holds (`GrammarOptions.changer`):
    /// the songs of the current magazine's loaded discs, and the genres the library's albums have
    /// (the common genres it lacks are typed only: said, they would be heard in other speech).
    /// `genres`: the library's genres when they are known already (`LibraryEntities.libraryGenres`,
    /// kept up to date with every scan); else they are worked out from `library`.
    public static func spokenListedNames(of state: ChangerState, in library: Library, genres: [String]? = nil) -> [String: [String]] {
        [ChangerCatalog.songType: loadedSongTitles(of: state, in: library),
         ChangerCatalog.genreType: genres ?? LibraryEntities.genres(of: library).libraryNames]
    }

    /// Sentences a magazine's name makes ambiguous, in words for the user (empty when there are none).
    /// Called after a magazine is created or renamed, so a name like "Disc 3" is reported at once.
    public static func collisionWarnings(for magazine: Magazine, in registry: ShortcutRegistry) -> [String] {
        registry.collisions(forEntity: magazine.id.uuidString, ofType: ChangerCatalog.magazineType).map(describe)
    }

    /// Library names that read like the app's own phrases ("stop" with a song called "Stop"), one
    /// line per name, in words for the user: what those sentences do, and how to name the music instead.
    public static func libraryCollisionWarnings(in registry: ShortcutRegistry) -> [String] {
        [(ChangerCatalog.albumType, "album"), (ChangerCatalog.artistType, "artist"), (ChangerCatalog.songType, "song")].flatMap { type, word in
            var sentences: [String: [String]] = [:]
            var order: [String] = []
            for collision in registry.nameCollisions(ofType: type) {
                let names = collision.sources.flatMap { source in
                    source.invocation.parameters.values.compactMap { value -> String? in
                        if case .entity(type, _, let name) = value { return name }
                        return nil
                    }
                }
                for name in Set(names).sorted() {
                    if sentences[name] == nil { order.append(name) }
                    sentences[name, default: []].append("\u{201C}\(collision.sentence)\u{201D}")
                }
            }
            return order.map { name in
                "The \(word) \u{201C}\(name)\u{201D} sounds like a command: \(sentences[name]!.joined(separator: ", ")) \(sentences[name]!.count == 1 ? "does" : "do") the command; say \u{201C}play the \(word) \(name)\u{201D} for the \(word)."
            }
        }
    }

    private static func describe(_ collision: SentenceCollision) -> String {
        let readings = collision.sources.map(\.summary)
        return "\u{201C}\(collision.sentence)\u{201D} could mean \(readings.joined(separator: " or ")); saying it will ask which one you mean."
    }
}
