import Synchronization

/// Where a word's pronunciation came from.
public enum PronunciationSource: String, Sendable, Hashable {
    /// The CMU pronouncing dictionary.
    case dictionary
    /// espeak-ng's letter-to-sound rules, mapped onto CMU phones.
    case espeak
}

/// One word of a grammar with its pronunciations.
public struct LexiconEntry: Sendable, Hashable {
    public let word: String
    /// CMU phone sequences; the first is the main one.
    public let pronunciations: [[String]]
    public let source: PronunciationSource
    /// espeak symbols the phone table did not know (skipped, and reported).
    public let unknownSymbols: [String]
}

/// A word that has no pronunciation at all (espeak-ng gave nothing): its name is left out of
/// the grammar and reported.
public struct UnpronounceableWord: Sendable, Hashable, CustomStringConvertible {
    public let word: String
    public let source: String
    public var description: String { "“\(source)” (grammar word “\(word)”) has no pronunciation" }
}

/// Pronunciations for grammar words: the dictionary first, espeak-ng for the rest. Remembers
/// espeak-ng's answers, so a rebuild after a rename only phonemizes the new words.
public final class Lexicon: Sendable {
    public let dictionary: PronunciationDictionary
    private let phonemizer: EspeakPhonemizer
    private let cache = Mutex<[String: LexiconEntry?]>([:])

    public init(dictionary: PronunciationDictionary, phonemizer: EspeakPhonemizer = .shared) {
        self.dictionary = dictionary
        self.phonemizer = phonemizer
    }

    /// The entry for `word`, said as written in `source`; nil if nothing can pronounce it.
    public func entry(for word: String, source: String) -> LexiconEntry? {
        let known = dictionary.pronunciations(of: word)
        if !known.isEmpty {
            return LexiconEntry(word: word, pronunciations: known, source: .dictionary, unknownSymbols: [])
        }
        if let cached = cache.withLock({ $0[word] }) { return cached }
        let entry: LexiconEntry? = phonemizer.cmuPhones(for: source).map {
            LexiconEntry(word: word, pronunciations: [$0.phones], source: .espeak, unknownSymbols: $0.unknown)
        } ?? phonemizer.cmuPhones(for: word).map {
            LexiconEntry(word: word, pronunciations: [$0.phones], source: .espeak, unknownSymbols: $0.unknown)
        }
        cache.withLock { $0[word] = .some(entry) }
        return entry
    }

    /// The first pronunciation of a phrase's words, concatenated (for the collision check).
    public func phones(of form: SpokenForm) -> [String]? {
        var phones: [String] = []
        for (word, source) in zip(form.words, form.sources) {
            guard let entry = entry(for: word, source: source) else { return nil }
            phones += entry.pronunciations[0]
        }
        return phones
    }
}
