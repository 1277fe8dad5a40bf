/// The entity names captured by one `updateShortcutParameters()`: what the resolver matches against.
public struct ParameterSnapshot: Sendable {
    /// Increases with every update; the first snapshot, taken at registration, is 1.
    public let generation: Int
    /// Entity type identifier → its entities at the time of the snapshot.
    public let entities: [String: [Entity]]
}

/// An immutable snapshot compiled into token tries, swapped in atomically by the registry.
final class CompiledSnapshot: Sendable {
    let generation: Int
    /// Entities per entity type index.
    let entities: [[Entity]]
    /// Name tries per entity type index; values index `entities`.
    let tries: [NameTrie]
    /// The registry's vocabulary extended with the entity names' tokens.
    let vocabulary: Vocabulary

    init(generation: Int, entities: [[Entity]], base: Vocabulary) {
        self.generation = generation
        self.entities = entities
        var vocabulary = base
        var tries: [NameTrie] = []
        for list in entities {
            var trie = NameTrie()
            for (index, entity) in list.enumerated() {
                for name in [entity.displayName] + entity.synonyms {
                    let tokens = Normalizer.tokens(of: name).map { vocabulary.intern($0) }
                    trie.insert(tokens, value: Int32(index))
                }
            }
            tries.append(trie)
        }
        self.tries = tries
        self.vocabulary = vocabulary
    }
}
