/// The entity names captured by one `updateShortcutParameters()`: what the resolver matches against.
public struct ParameterSnapshot: Sendable {
    /// Increases with every update; the first snapshot, taken at registration, is 1.
    public let generation: Int
    /// Entity type identifier → its entities at the time of the snapshot.
    public let entities: [String: [Entity]]
}

/// An immutable snapshot compiled into token tries, swapped in atomically by the registry.
final class CompiledSnapshot: Sendable {
    /// A full rebuild happens at least this often, so words of names renamed away do not pile up
    /// in the vocabulary of snapshots that keep other types' tries.
    static let maximumReuses = 64

    let generation: Int
    /// Entities per entity type index.
    let entities: [[Entity]]
    /// Name tries per entity type index; values index `entities`.
    let tries: [NameTrie]
    /// The registry's vocabulary extended with the entity names' tokens.
    let vocabulary: Vocabulary
    /// Per entity type, its revision when its names were compiled (nil: unknown).
    let revisions: [Int?]
    /// How many snapshots in a row kept some type's compiled names.
    let reuses: Int
    /// The words of the names a typo may be corrected to (types that do not yield to phrases).
    let correctableNames: CorrectableWords

    /// Compiles every type's names anew.
    convenience init(generation: Int, entities: [[Entity]], base: Vocabulary, revisions: [Int?]? = nil, correctable: [Bool]? = nil) {
        self.init(generation: generation, changed: entities.map { $0 }, revisions: revisions ?? entities.map { _ in nil }, base: base, previous: nil,
                  correctable: correctable ?? entities.map { _ in true })
    }

    /// Compiles the types whose lists are given in `changed`; the others (nil) keep the names of
    /// `previous`, whose vocabulary is then extended instead of starting from `base` again.
    init(generation: Int, changed: [[Entity]?], revisions: [Int?], base: Vocabulary, previous: CompiledSnapshot?, correctable: [Bool]) {
        self.generation = generation
        let keeps = previous != nil && changed.contains { $0 == nil }
        var vocabulary = keeps ? previous!.vocabulary : base
        var entities: [[Entity]] = []
        var tries: [NameTrie] = []
        for (index, list) in changed.enumerated() {
            guard let list else {
                entities.append(previous!.entities[index])
                tries.append(previous!.tries[index])
                continue
            }
            var builder = NameTrie.Builder()
            var tokens: [Int32] = []
            for (position, entity) in list.enumerated() {
                for name in [entity.displayName] + entity.synonyms {
                    tokens.removeAll(keepingCapacity: true)
                    for word in Normalizer.tokens(of: name) { tokens.append(vocabulary.intern(word)) }
                    builder.add(tokens, value: Int32(position))
                }
            }
            entities.append(list)
            tries.append(builder.build())
        }
        self.entities = entities
        self.tries = tries
        self.vocabulary = vocabulary
        self.revisions = revisions
        self.reuses = keeps ? previous!.reuses + 1 : 0
        var words: [String] = []
        for (index, list) in entities.enumerated() where correctable.indices.contains(index) && correctable[index] {
            for entity in list {
                for name in [entity.displayName] + entity.synonyms { words += Normalizer.tokens(of: name) }
            }
        }
        correctableNames = CorrectableWords(words)
    }
}
