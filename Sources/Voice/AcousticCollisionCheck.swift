import IntentKit

/// Finds names that sound like something else the grammar can hear: a magazine "Disco Tree"
/// against "disc three", two albums that differ by one vowel. Distances are
/// `PhoneticDistance.distance` over the words' first pronunciations.
public struct AcousticCollisionCheck: Sendable {
    /// One name that sounds like another phrase.
    public struct Collision: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        public let type: String
        public let soundsLike: String
        public let origin: String
        public let distance: Double

        public var description: String {
            "The \(type.lowercased()) name “\(name)” sounds like “\(soundsLike)” (\(origin)); phonetic distance \(Double(Int(distance * 100)) / 100)."
        }
    }

    /// Names at or under this distance are reported (see docs/voice.md for the examples it was chosen on).
    public var threshold: Double

    public init(threshold: Double = 0.2) { self.threshold = threshold }

    /// Collisions of the names of `types` in `snapshot`, closest first.
    /// `checking` narrows the names compared (default: all); the competitors are always every
    /// phrase and name of `snapshot`.
    public func collisions(
        builder: GrammarBuilder, lexicon: Lexicon, snapshot: ParameterSnapshot, types: [String], checking: (Entity) -> Bool = { _ in true }
    ) -> [Collision] {
        // Grammar words are already spoken forms: their phones come straight from the lexicon.
        var phonesOfWord: [String: [UInt8]] = [:]
        func phones(_ words: [String]) -> [UInt8]? {
            var result: [UInt8] = []
            for word in words {
                if let known = phonesOfWord[word] { result += known; continue }
                guard let entry = lexicon.entry(for: word, source: word) else { return nil }
                let coded = PhoneticDistance.codes(entry.pronunciations[0])
                phonesOfWord[word] = coded
                result += coded
            }
            return result
        }
        var seenPhones: Set<[UInt8]> = []
        let competitors: [(phones: [UInt8], text: String, origin: String)] = builder.competitorPhrases(for: snapshot).compactMap { phrase in
            guard let coded = phones(phrase.words), seenPhones.insert(coded).inserted else { return nil }
            return (coded, phrase.words.joined(separator: " "), phrase.origin)
        }
        let phraseTexts = Set(competitors.filter { !$0.origin.hasSuffix(" name") }.map(\.text))
        var found: [Collision] = []
        for type in types {
            for entity in snapshot.entities[type] ?? [] where checking(entity) {
                let form = SpokenForm(entity.displayName) { lexicon.dictionary.contains($0) }
                // A name that is itself a phrase ("Magazine One") is the textual check's business;
                // what sounds like that phrase sounds like it with or without the name.
                guard !phraseTexts.contains(form.text), let spoken = lexicon.phones(of: form) else { continue }
                let coded = PhoneticDistance.codes(spoken)
                for competitor in competitors where competitor.text != form.text {
                    let ratio = Double(competitor.phones.count) / Double(max(coded.count, 1))
                    guard ratio >= 0.7, ratio <= 1.45 else { continue }
                    let distance = PhoneticDistance.distance(codes: coded, competitor.phones, limit: threshold)
                    if distance <= threshold {
                        found.append(Collision(name: entity.displayName, type: type, soundsLike: competitor.text,
                                               origin: competitor.origin, distance: distance))
                    }
                }
            }
        }
        return found.sorted { $0.distance < $1.distance }
    }
}

extension AcousticCollisionCheck {
    /// The sound-alike names of `registry`'s current snapshot for the entity types `types`
    /// (only the entity `entityID` when given), against the phrases of the grammar `options`
    /// describe: builds the grammar's phrases and reads the CMU dictionary, but loads no decoder.
    /// Throws when the dictionary cannot be read.
    public static func soundAlikes(
        in registry: ShortcutRegistry, types: [String], entityID: String? = nil, options: GrammarOptions = GrammarOptions(), model: ModelPaths = .debian
    ) throws(DecoderError) -> [Collision] {
        let lexicon = Lexicon(dictionary: try PronunciationDictionary(path: model.dictionary))
        let builder = try GrammarBuilder(registry: registry, lexicon: lexicon, options: options)
        return AcousticCollisionCheck().collisions(builder: builder, lexicon: lexicon, snapshot: registry.snapshot, types: types) { entity in
            entityID == nil || entity.id == entityID
        }
    }
}
