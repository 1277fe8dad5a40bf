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
    /// Two sentences of the grammar for different intents that differ in one word only, which
    /// sounds like the other's: "swap record" (next disc) and "stop record".
    public struct PhraseCollision: Sendable, Hashable {
        /// One sentence, in grammar words with entity slots as `{type}`, and what it does ("NextDisc").
        public let sentence: String
        public let meaning: String
        /// The other sentence, and what it does ("Stop").
        public let soundsLike: String
        public let otherMeaning: String
        /// The distance between the differing words with a word of context on each side.
        public let distance: Double
    }

    /// Two intents and the two words in which their sentences differ.
    private struct PairKey: Hashable {
        let intents: [String]
        let words: [Int32]
    }

    /// Sound-alike phrases of `builder`'s templates (`GrammarBuilder.templateSentences`, at most
    /// `limit` sentences a template, sampled from `seed`): pairs of sentences for different intents that are the same
    /// but for one word, where that word with its neighbours ("swap record" / "stop record") is at
    /// most `threshold` apart. One pair is reported per two intents and two words, the closest.
    /// Two values of one intent's slot ("track five" / "track nine") are the number lists'
    /// business (`GrammarOptions.spokenIntegers`), and one sentence with two meanings the textual check's.
    public static func phraseCollisions(
        builder: GrammarBuilder, lexicon: Lexicon, threshold: Double, limit: Int = 2_000, seed: UInt64
    ) -> [PhraseCollision] {
        var readings: [[Int32]: Set<GrammarBuilder.TemplateSentence>] = [:]
        for sentence in builder.templateSentences(limit: limit, seed: seed) {
            readings[sentence.labels, default: []].insert(sentence)
        }
        let sentences = readings.values.compactMap { $0.count == 1 ? $0.first! : nil }
        var phonesOfWord: [Int32: [UInt8]] = [:]
        func phones(_ label: Int32) -> [UInt8] {
            if let known = phonesOfWord[label] { return known }
            let word = builder.text(of: label)
            let coded = lexicon.entry(for: word, source: word).map { PhoneticDistance.codes($0.pronunciations[0]) } ?? []
            phonesOfWord[label] = coded
            return coded
        }
        func text(_ labels: [Int32]) -> String { labels.map(builder.text(of:)).joined(separator: " ") }
        // Sentences that are the same but for the word at one position share that position's key.
        let wildcard = Int32.min
        var byKey: [[Int32]: [(sentence: Int, position: Int)]] = [:]
        for (index, sentence) in sentences.enumerated() {
            for position in sentence.labels.indices where sentence.labels[position] >= 0 {
                var key = sentence.labels
                key[position] = wildcard
                byKey[key, default: []].append((index, position))
            }
        }
        var closest: [PairKey: PhraseCollision] = [:]
        for members in byKey.values where members.count > 1 {
            for (i, first) in members.enumerated() {
                for second in members[(i + 1)...] {
                    let a = sentences[first.sentence], b = sentences[second.sentence]
                    guard a.intent != b.intent else { continue }
                    let position = first.position
                    let before = position > 0 && a.labels[position - 1] >= 0 ? phones(a.labels[position - 1]) : []
                    let after = position + 1 < a.labels.count && a.labels[position + 1] >= 0 ? phones(a.labels[position + 1]) : []
                    let distance = PhoneticDistance.distance(
                        codes: before + phones(a.labels[position]) + after, before + phones(b.labels[position]) + after, limit: threshold
                    )
                    guard distance <= threshold else { continue }
                    let (one, other) = a.intent < b.intent ? (a, b) : (b, a)
                    let key = PairKey(intents: [one.intent, other.intent], words: [one.labels[position], other.labels[position]])
                    let pair = PhraseCollision(
                        sentence: text(one.labels), meaning: one.meaning, soundsLike: text(other.labels), otherMeaning: other.meaning, distance: distance
                    )
                    // Of equally close pairs the first in text order, whatever order the buckets come in.
                    if let known = closest[key], (known.distance, known.sentence, known.soundsLike) <= (pair.distance, pair.sentence, pair.soundsLike) { continue }
                    closest[key] = pair
                }
            }
        }
        return closest.values.sorted { ($0.distance, $0.sentence) < ($1.distance, $1.sentence) }
    }
}

extension AcousticCollisionCheck {
    /// Phrases of different commands that differ in one word and are at most this far apart
    /// (docs/voice.md, "Sound-alike phrases", for the pairs it was chosen on).
    public static let phraseThreshold = 0.1

    /// What `cdchanger shortcuts --check` reports: the sound-alike names of `types` (as
    /// `soundAlikes`) and the sound-alike phrases (`phraseCollisions`, with the same sample every
    /// time) of the grammar that `options` describe for `registry`. Reads the CMU dictionary once
    /// and loads no decoder; throws when the dictionary cannot be read.
    public static func soundAlikeNamesAndPhrases(
        in registry: ShortcutRegistry, types: [String], options: GrammarOptions = GrammarOptions(), model: ModelPaths = .debian
    ) throws(DecoderError) -> (names: [Collision], phrases: [PhraseCollision]) {
        let lexicon = Lexicon(dictionary: try PronunciationDictionary(path: model.dictionary))
        let builder = try GrammarBuilder(registry: registry, lexicon: lexicon, options: options)
        return (AcousticCollisionCheck().collisions(builder: builder, lexicon: lexicon, snapshot: registry.snapshot, types: types),
                phraseCollisions(builder: builder, lexicon: lexicon, threshold: phraseThreshold, seed: 3))
    }

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
