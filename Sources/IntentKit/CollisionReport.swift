/// One shortcut phrase and the invocation it produces for a colliding sentence.
public struct CollisionSource: Sendable, Hashable {
    /// The shortcut's title.
    public let shortcutTitle: String
    /// The phrase template as written.
    public let phrase: String
    /// What the phrase makes of the sentence.
    public let invocation: IntentInvocation
    /// The intent's summary of that invocation.
    public let summary: String
}

/// A sentence that two shortcuts, or two parameter values, can produce.
public struct SentenceCollision: Sendable, Hashable {
    /// The sentence, normalised and without the app name ("play disc 3").
    public let sentence: String
    /// Every distinct reading of it, with the phrase that produces it.
    public let sources: [CollisionSource]
}

/// The result of the collision check.
public struct CollisionReport: Sendable {
    /// Sentences produced by more than one reading.
    public let sentenceCollisions: [SentenceCollision]
    /// Near-duplicate phrases across shortcuts.
    public let nearDuplicates: [NearDuplicate]
    /// True when a pair of templates had more states than the search explores; its result is partial.
    public let truncated: Bool

    /// Whether nothing collides.
    public var isClean: Bool { sentenceCollisions.isEmpty && nearDuplicates.isEmpty }

    /// The report as readable lines (what `cdchanger shortcuts --check` prints).
    public var lines: [String] {
        var lines: [String] = []
        for collision in sentenceCollisions {
            lines.append("Sentence “\(collision.sentence)” has \(collision.sources.count) readings:")
            for source in collision.sources {
                lines.append("  - \(source.summary) [\(source.invocation.intent)] from “\(source.phrase)” (shortcut “\(source.shortcutTitle)”)")
            }
        }
        for duplicate in nearDuplicates {
            lines.append("Near-duplicate phrases reduce to “\(duplicate.skeleton)”:")
            for index in duplicate.phrases.indices {
                lines.append("  - “\(duplicate.examples[index])” from “\(duplicate.phrases[index])” (shortcut “\(duplicate.shortcutTitles[index])”)")
            }
        }
        if truncated { lines.append("Note: the search was cut short for some phrase pairs; results may be incomplete.") }
        lines.append("Collision check: \(sentenceCollisions.count) colliding sentence(s), \(nearDuplicates.count) near-duplicate phrase pair(s).")
        return lines
    }
}

extension ShortcutRegistry {
    // MARK: - Public checks

    /// Expands every template over the current snapshot and enum cases and reports every
    /// sentence two shortcuts or two parameter values can produce, and every near-duplicate
    /// phrase pair across shortcuts. Phrases with slots of types whose names yield to phrases
    /// (a music library) are left to ``nameCollisions(ofType:)``.
    ///
    /// Sentences are compared as said inside the app (the app name left out). Instead of
    /// listing every sentence, each pair of templates is intersected as automata over tokens,
    /// with slots walked through their name tries, so the cost grows with shared structure,
    /// not with the product of all names.
    public func checkCollisions() -> CollisionReport {
        let snapshot = compiledSnapshot
        var finder = CollisionFinder(registry: self, snapshot: snapshot, focus: nil)
        // Names that yield to phrases (a music library) are checked by nameCollisions(ofType:):
        // against phrases only, since two albums of one name, or an album and its title song,
        // are both real and asked about.
        let compared = templates.indices.filter { index in
            !entityTypes.indices.contains { entityTypes[$0].namesYieldToPhrases && templates[index].usesEntityType($0) }
        }
        for (offset, first) in compared.enumerated() {
            for second in compared[offset...] {
                finder.intersect(first, second)
            }
        }
        return CollisionReport(sentenceCollisions: finder.collisions, nearDuplicates: NearDuplicateFinder(registry: self, snapshot: snapshot).nearDuplicates(), truncated: finder.truncated)
    }

    /// The sentences an existing entity makes ambiguous: against phrases ("Disc 3", "Something")
    /// or against other entities of the same name. Call it after `updateShortcutParameters()`
    /// when an entity is created or renamed.
    public func collisions(forEntity id: String, ofType typeIdentifier: String) -> [SentenceCollision] {
        let snapshot = compiledSnapshot
        guard let typeIdx = entityTypeIndex[typeIdentifier],
              let index = snapshot.entities[typeIdx].firstIndex(where: { $0.id == id }) else { return [] }
        return collisions(focusType: typeIdx, focusIndex: index, snapshot: snapshot)
    }

    /// The sentences a proposed name would make ambiguous, before anything is saved: the
    /// entity `replacing` renamed (or a new entity added) under the current snapshot.
    public func collisions(forProposedName name: String, synonyms: [String] = [], ofType typeIdentifier: String, replacing id: String? = nil) -> [SentenceCollision] {
        guard let typeIdx = entityTypeIndex[typeIdentifier] else { return [] }
        var list = compiledSnapshot.entities[typeIdx]
        let proposed = Entity(id: id ?? "proposed-\(list.count)", displayName: name, synonyms: synonyms)
        let index: Int
        if let id, let existing = list.firstIndex(where: { $0.id == id }) {
            list[existing] = proposed
            index = existing
        } else {
            list.append(proposed)
            index = list.count - 1
        }
        let snapshot = hypotheticalSnapshot(replacing: typeIdx, with: list)
        return collisions(focusType: typeIdx, focusIndex: index, snapshot: snapshot)
    }

    /// The sentences in which a name of `typeIdentifier` reads like a phrase that names nothing:
    /// a song called "Stop", an album called "Something", a band called "Next". Each template with
    /// a slot of the type is compared with every template without entity slots, so the cost grows
    /// with the phrases, not with the size of the library; names colliding with other names
    /// (an album and its title track) are not reported, since saying them asks which one is meant.
    public func nameCollisions(ofType typeIdentifier: String) -> [SentenceCollision] {
        guard let typeIdx = entityTypeIndex[typeIdentifier] else { return [] }
        let snapshot = compiledSnapshot
        var finder = CollisionFinder(registry: self, snapshot: snapshot, focus: nil)
        let plain = templates.indices.filter { !templates[$0].usesAnyEntityType }
        for (first, template) in templates.enumerated() where template.usesEntityType(typeIdx) {
            for second in plain { finder.intersect(first, second) }
        }
        return finder.collisions
    }

    private func collisions(focusType: Int, focusIndex: Int, snapshot: CompiledSnapshot) -> [SentenceCollision] {
        let focus = CollisionFinder.Focus(typeIndex: focusType, entityIndex: Int32(focusIndex), snapshot: snapshot, registry: self)
        var finder = CollisionFinder(registry: self, snapshot: snapshot, focus: focus)
        for (first, template) in templates.enumerated() where template.usesEntityType(focusType) {
            for second in templates.indices { finder.intersect(first, second) }
        }
        return finder.collisions
    }
}

extension CompiledTemplate {
    func usesEntityType(_ typeIndex: Int) -> Bool {
        edges.contains { $0.kind == .slot && $0.source == .entity(typeIndex) }
    }

    var usesAnyEntityType: Bool {
        edges.contains { transition in
            guard transition.kind == .slot, case .entity? = transition.source else { return false }
            return true
        }
    }
}
