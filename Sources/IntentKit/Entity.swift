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

    public init(id: String, displayName: String, synonyms: [String] = [], subtitle: String? = nil) {
        self.id = id
        self.displayName = displayName
        self.synonyms = synonyms
        self.subtitle = subtitle
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

    public init(identifier: String, title: String, entities: @escaping @Sendable () -> [Entity]) {
        self.identifier = identifier
        self.title = title
        self.entities = entities
    }
}
