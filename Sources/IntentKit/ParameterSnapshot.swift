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
    /// Per entity type index, the qualifiers its entities take ("by Amber Lane"), if any.
    let qualifiers: [Qualifiers?]
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
        var qualifiers: [Qualifiers?] = []
        for (index, list) in changed.enumerated() {
            guard let list else {
                entities.append(previous!.entities[index])
                tries.append(previous!.tries[index])
                qualifiers.append(previous!.qualifiers[index])
                continue
            }
            var builder = NameTrie.Builder()
            var qualifierBuilder = NameTrie.Builder()
            // Qualifiers repeat across entities ("by Amber Lane" for every song of hers): each
            // is read once, and lists the entities it qualifies.
            var qualifierIDs: [String: Int32] = [:]
            var qualified: [[Int32]] = []
            var tokens: [Int32] = []
            for (position, entity) in list.enumerated() {
                let value = Int32(position)
                for index in -1..<entity.synonyms.count {
                    tokens.removeAll(keepingCapacity: true)
                    for word in Normalizer.tokens(of: index < 0 ? entity.displayName : entity.synonyms[index]) { tokens.append(vocabulary.intern(word)) }
                    builder.add(tokens, value: value)
                }
                for qualifier in entity.qualifiers {
                    let id: Int32
                    if let known = qualifierIDs[qualifier] {
                        id = known
                    } else {
                        id = Int32(qualified.count)
                        qualifierIDs[qualifier] = id
                        qualified.append([])
                        qualifierBuilder.add(Normalizer.tokens(of: qualifier).map { vocabulary.intern($0) }, value: id)
                    }
                    if qualified[Int(id)].last != value { qualified[Int(id)].append(value) }
                }
            }
            entities.append(list)
            tries.append(builder.build())
            qualifiers.append(qualified.isEmpty ? nil : Qualifiers(trie: qualifierBuilder.build(), entities: qualified))
        }
        self.qualifiers = qualifiers
        self.entities = entities
        self.tries = tries
        self.vocabulary = vocabulary
        self.revisions = revisions
        self.reuses = keeps ? previous!.reuses + 1 : 0
        var words: [String] = []
        for (index, list) in entities.enumerated() where correctable.indices.contains(index) && correctable[index] {
            for entity in list {
                for name in [entity.displayName] + entity.synonyms + entity.qualifiers { words += Normalizer.tokens(of: name) }
            }
        }
        correctableNames = CorrectableWords(words)
    }
}

/// The qualifiers of one entity type's names ("by Amber Lane"), kept apart from the names: a
/// name followed by one of them names those of the name's entities that the qualifier lists.
/// Thousands of songs share a few hundred artists, so this keeps the song trie half the size and
/// its rebuild half the time, compared with every title spelled out with every artist.
struct Qualifiers: Sendable {
    /// The qualifiers' words; values are qualifier numbers.
    let trie: NameTrie
    /// Qualifier number → the entities it qualifies, in increasing order.
    let entities: [[Int32]]

    /// Those of `values` (entities named so far) that one of `qualifiers` qualifies.
    func filter(_ values: ArraySlice<Int32>, by qualifiers: ArraySlice<Int32>) -> [Int32] {
        values.filter { value in
            qualifiers.contains { qualifier in
                let list = entities[Int(qualifier)]
                var low = 0, high = list.count
                while low < high {
                    let middle = (low + high) >> 1
                    if list[middle] < value { low = middle + 1 } else { high = middle }
                }
                return low < list.count && list[low] == value
            }
        }
    }
}
