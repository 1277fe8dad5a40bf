/// A noun the app owns and the user names, like Apple's `AppEntity`: a magazine, a playlist.
///
/// Entities are supplied at snapshot time by their type's provider; the resolver only ever
/// sees the names captured by the last `updateShortcutParameters()`.
public struct Entity: Sendable, Hashable {
    /// A stable identifier that survives renames (for example a UUID string).
    public let id: String
    /// The real name, shown and spoken as is.
    public let displayName: String
    /// Other names the user may say.
    public let synonyms: [String]
    /// Optional extra text to tell apart entities that share a name ("6 discs, created May 3").
    public let subtitle: String?
    /// Words that may follow any of the names to say which entity is meant ("by Amber Lane"):
    /// each name, and each name followed by each qualifier, names the entity. A library's songs
    /// share a few artists, so the snapshot reads each qualifier's words once for all of them.
    public let qualifiers: [String]

    public init(id: String, displayName: String, synonyms: [String] = [], qualifiers: [String] = [], subtitle: String? = nil) {
        self.id = id
        self.displayName = displayName
        self.synonyms = synonyms
        self.qualifiers = qualifiers
        self.subtitle = subtitle
    }

    /// Every way to name the entity, as text: the display name and the synonyms, each alone and
    /// followed by each qualifier.
    public var spokenNames: [String] {
        let names = [displayName] + synonyms
        return names + qualifiers.flatMap { qualifier in names.map { $0 + " " + qualifier } }
    }
}

/// A kind of entity and the closure that lists its current members.
public struct EntityType: Sendable {
    /// A stable identifier ("Magazine"), unique among the app's enums and entity types.
    public let identifier: String
    /// A short human title ("Magazine").
    public let title: String
    /// Returns the current entities; called by `updateShortcutParameters()` on the caller's thread.
    public let entities: @Sendable () -> [Entity]
    /// Whether the phrases' own words outrank these names: for names the user did not choose
    /// for talking to the app (album, artist and song titles from tags). A reading that uses
    /// fewer of these names' words wins a tie, and skip words inside them never count, so "stop"
    /// stops even with a song called "Stop" and "play next" is the next track even with a band
    /// called Next. Names the user chose (magazines) compete on equal terms and tie instead.
    public let namesYieldToPhrases: Bool
    /// How many entities fill a slot of this type in `cdchanger shortcuts` listings: nil for all
    /// of them (magazines), a few for a library of thousands of songs.
    public let listedExamples: Int?
    /// Changes whenever the entities change; nil when unknown. When it is the same as at the last
    /// snapshot, the registry keeps that snapshot's compiled names for this type instead of
    /// asking for the entities again (a music library of 100,000 songs need not be read again
    /// when a magazine is renamed).
    public let revision: (@Sendable () -> Int)?

    public init(
        identifier: String, title: String, namesYieldToPhrases: Bool = false, listedExamples: Int? = nil,
        revision: (@Sendable () -> Int)? = nil, entities: @escaping @Sendable () -> [Entity]
    ) {
        self.identifier = identifier
        self.title = title
        self.namesYieldToPhrases = namesYieldToPhrases
        self.listedExamples = listedExamples
        self.revision = revision
        self.entities = entities
    }
}
