/// What the grammar decoder heard in one utterance, with the material for a confidence measure.
public struct GrammarHypothesis: Sendable {
    /// The decoder's words ("play disc three"), nil when it found no path.
    public let words: String?
    /// Word segments of the best path, fillers included.
    public let segments: [Segment]
    /// Frames decoded.
    public let frameCount: Int
}

/// The grammar decoder: a PocketSphinx decoder whose dictionary holds exactly the grammar's
/// words (added with `ps_add_word`), searching the generated grammar.
public final class GrammarDecoder {
    public let decoder: Decoder
    private var knownWords: Set<String> = []
    private var generation = 0
    /// The grammar whose search is active.
    public private(set) var loaded: Grammar?

    /// Options every decoder of this package starts from: the model, an empty dictionary (words
    /// come with each grammar), live cepstral mean normalisation. The library's log goes to
    /// `LibraryLog`, not to a `-logfn` file.
    public static func baseOptions(_ model: ModelPaths) -> DecoderOptions {
        DecoderOptions([
            ("-hmm", model.acousticModel), ("-dict", "/dev/null"),
            ("-samprate", "16000"), ("-cmn", "live"),
        ])
    }

    public init(model: ModelPaths, tuning: DecoderOptions) throws(DecoderError) {
        decoder = try Decoder(options: Self.baseOptions(model).merging(tuning))
    }

    /// Adds the grammar's new words (`ps_add_word`), drops the previous grammar's search
    /// (`ps_unset_search`) and hands the new graph to the decoder as an FSG (`ps_set_fsg`).
    /// The old search goes first, so the two never take memory at once (each is some 40 MB with
    /// the benchmark's library); between turns nothing needs it. Words of earlier grammars stay
    /// in the dictionary, harmlessly.
    /// If the new grammar is refused, the previous one is loaded again before the error is thrown.
    public func load(_ grammar: Grammar) throws(DecoderError) {
        try addWords(grammar.lexicon)
        if generation > 0 { decoder.removeSearch(named: "g\(generation)") }
        do {
            try use(grammar)
        } catch {
            if let previous = loaded { try? use(previous) }
            throw error
        }
        loaded = grammar
    }

    private func use(_ grammar: Grammar) throws(DecoderError) {
        generation += 1
        try decoder.useGraph(named: "g\(generation)", graph: grammar.graph, words: grammar.words, variants: grammar.pronunciationCounts)
    }

    private func addWords(_ lexicon: [LexiconEntry]) throws(DecoderError) {
        for entry in lexicon where !knownWords.contains(entry.word) {
            // A decoder started with a full dictionary already has most words.
            if decoder.knows(entry.word) {
                knownWords.insert(entry.word)
                continue
            }
            for (index, phones) in entry.pronunciations.enumerated() {
                let word = index == 0 ? entry.word : "\(entry.word)(\(index + 1))"
                try decoder.addWord(word, phones: phones.joined(separator: " "), update: false)
            }
            knownWords.insert(entry.word)
        }
    }

    /// The beams of the second search (`searchAgainWithWideBeams`).
    static let wideBeams = SearchBeams(beam: 1e-70, phoneBeam: 1e-70, wordBeam: 1e-50)

    /// Searches the loaded grammar again over a turn's `samples`, from the cepstral mean `mean`
    /// the turn started with, with `wideBeams`: for a turn whose search found no path through the
    /// grammar ("turn" pruned as "third" before "off cd changer" could save it). The search is
    /// made again with the wide beams and then with the usual ones (`Decoder.remakeSearch`: one
    /// search at a time, each build some 50 ms with the benchmark's library), so only such a turn
    /// pays, in time.
    public func searchAgainWithWideBeams(_ samples: [Int16], mean: [Float]) throws(DecoderError) -> GrammarHypothesis {
        let name = "g\(generation)"
        let result: Result<GrammarHypothesis, DecoderError>
        do throws(DecoderError) {
            try decoder.remakeSearch(named: name, beams: Self.wideBeams)
            decoder.cepstralMean.values = mean
            decoder.cepstralMean.restartAccumulator()
            try decoder.startUtterance()
            try samples.withUnsafeBufferPointer { chunk throws(DecoderError) in try decoder.process(chunk) }
            try decoder.endUtterance()
            result = .success(finish())
        } catch {
            result = .failure(error)
        }
        // The usual search back; if it cannot be made from the kept grammar, from the graph.
        do throws(DecoderError) {
            try decoder.remakeSearch(named: name, beams: nil)
        } catch {
            guard let grammar = loaded else { throw error }
            try use(grammar)
        }
        return try result.get()
    }

    /// The result after `endUtterance`.
    public func finish() -> GrammarHypothesis {
        let words = decoder.hypothesis().map(\.text).flatMap { $0.isEmpty ? nil : $0 }
        return GrammarHypothesis(
            words: words,
            segments: words == nil ? [] : decoder.segments(), frameCount: decoder.frameCount
        )
    }
}

/// One recognized utterance: what the grammar heard, how well it fits, and the text for the
/// resolver.
public struct Recognition: Sendable {
    public let hypothesis: GrammarHypothesis
    /// The phone loop's segments (empty when no phone loop ran).
    public let phones: [Segment]
    public let features: ConfidenceFeatures
    /// The heard words for the resolver: fillers and pronunciation variants removed, names
    /// spoken differently from their spelling put back; nil if nothing was heard.
    public let text: String?
    /// The phones of the heard words as the decoder chose them (pronunciation variants included).
    public let heardPhones: [String]
    /// How much of the heard words' frames is voiced (`Voicing.voicedFraction`).
    public let voicedFraction: Double
    /// How much better the phone loop's phones under the heard number words fit them than any
    /// rival number (`RivalWordEvidence.margin`); nil when no number word was heard.
    public let rivalMargin: Double?
}

/// The grammar decoder and the phone loop over the same audio, and the current grammar.
public final class Recognizer {
    public let grammarDecoder: GrammarDecoder
    public let phoneLoop: PhoneLoopDecoder
    /// Added to all audio before decoding (nil for none); see `NoiseFloor`.
    public var noiseFloor: NoiseFloor? = NoiseFloor(rms: 100)
    /// The settings each turn's noise reduction starts from (nil for none); see `NoiseReduction`.
    public var noiseReduction: NoiseReduction? = NoiseReduction()
    /// The grammar in use (`GrammarDecoder.loaded`).
    public var grammar: Grammar? { grammarDecoder.loaded }
    /// Dictionary word ("the(2)") → phones, for the words of the loaded grammar.
    private var pronunciations: [String: [String]] = [:]
    private var rivalWords = RivalWordEvidence(pronunciations: [:])
    /// The model definition the grammar decoder maps; its pages go back after each grammar load
    /// and each turn.
    private let modelDefinition: MappedModelFile
    /// The mixture weights the grammar decoder maps and reads whole in every turn (1.9 MB: a
    /// semi-continuous model keeps each codeword's weights for all senones side by side); their
    /// pages go back after each turn.
    private let mixtureWeights: MappedModelFile

    public init(
        model: ModelPaths = .debian, tuning: DecoderOptions = DecoderOptions(), loopTuning: DecoderOptions = DecoderOptions()
    ) throws(DecoderError) {
        grammarDecoder = try GrammarDecoder(model: model, tuning: tuning)
        phoneLoop = try PhoneLoopDecoder(model: model, tuning: loopTuning)
        modelDefinition = MappedModelFile(path: model.acousticModel + "/mdef")
        mixtureWeights = MappedModelFile(path: model.acousticModel + "/sendump")
        try startAfresh()
    }

    /// Forgets what earlier turns taught: the cepstral mean goes back to `CepstralMean.speech`,
    /// the noise floor to its first sample and the decoders' noise statistics to none (a new
    /// stream), so a recording is heard the same whatever was heard before it (the dry run of
    /// `hear` on files).
    public func startAfresh() throws(DecoderError) {
        cepstralMean = CepstralMean.speech
        noiseFloor = noiseFloor.map { NoiseFloor(rms: $0.rms) }
        try grammarDecoder.decoder.startStream()
        try phoneLoop.decoder.startStream()
    }

    /// Switches to `grammar` (see `GrammarDecoder.load`), then hands back the model definition's
    /// pages the search build read (`MappedModelFile.releasePages`).
    public func load(_ grammar: Grammar) throws(DecoderError) {
        defer { modelDefinition.releasePages() }
        try grammarDecoder.load(grammar)
        pronunciations = [:]
        for entry in grammar.lexicon {
            for (index, phones) in entry.pronunciations.enumerated() {
                pronunciations[index == 0 ? entry.word : "\(entry.word)(\(index + 1))"] = phones
            }
        }
        rivalWords = RivalWordEvidence(pronunciations: pronunciations)
    }

    /// Hands back the pages of the model files that a turn read (`MappedModelFile.releasePages`):
    /// between turns the decoders need none of them, and the next turn reads them back from the
    /// page cache.
    public func releaseModelPages() {
        modelDefinition.releasePages()
        mixtureWeights.releasePages()
    }

    /// The cepstral mean both decoders subtract (they hear the same audio, so they share it).
    /// An app keeps it between runs, so its first utterance starts from the last one's.
    public var cepstralMean: [Float] {
        get { grammarDecoder.decoder.cepstralMean.values }
        set {
            grammarDecoder.decoder.cepstralMean.values = newValue
            phoneLoop.decoder.cepstralMean.values = newValue
        }
    }

    /// Combines the two decoders' answers about `samples`.
    public func result(_ hypothesis: GrammarHypothesis, _ phones: [Segment], samples: [Int16]) -> Recognition {
        let features = ConfidenceFeatures(
            grammar: hypothesis.segments, phones: phones, frames: hypothesis.frameCount,
            unit: grammarDecoder.decoder.naturalLogPerUnit
        )
        let text = hypothesis.words.flatMap(resolverText)
        var heardPhones: [String] = []
        for segment in hypothesis.segments where !ConfidenceFeatures.isFiller(segment.word) {
            heardPhones += pronunciations[segment.word] ?? []
        }
        let wordFrames = hypothesis.segments.filter { !ConfidenceFeatures.isFiller($0.word) }.map { $0.startFrame...max($0.startFrame, $0.endFrame) }
        return Recognition(hypothesis: hypothesis, phones: phones, features: features, text: text, heardPhones: heardPhones,
                           voicedFraction: Voicing.voicedFraction(of: samples, frames: wordFrames),
                           rivalMargin: rivalWords.margin(heard: hypothesis.segments, loop: phones))
    }

    /// The decoder's words as the resolver reads them: fillers and pronunciation variants
    /// removed, names spoken differently from their spelling put back; nil for nothing.
    func resolverText(_ words: String) -> String? {
        let joined = Self.grammarWords(words).joined(separator: " ")
        return joined.isEmpty ? nil : (grammar?.rewriting(joined) ?? joined)
    }

    /// The sentences, as the resolver reads them, that the decoder's words `words` may still
    /// become (the words themselves among them when they are a sentence); nil when there are
    /// more than `limit`, or the grammar has no sentence that starts so.
    func completedSentences(of words: String, limit: Int) -> [String]? {
        let cleaned = Self.grammarWords(words)
        return grammar?.completions(of: cleaned, limit: limit)?.compactMap { resolverText((cleaned + $0).joined(separator: " ")) }
    }

    /// The decoder's words as grammar words: fillers and pronunciation variants removed.
    static func grammarWords(_ words: String) -> [String] {
        words.split(separator: " ").map { baseWord(String($0)) }.filter { !ConfidenceFeatures.isFiller($0) }
    }

    /// "the(2)" → "the".
    static func baseWord(_ word: String) -> String {
        guard word.hasSuffix(")"), let open = word.lastIndex(of: "(") else { return word }
        return String(word[..<open])
    }
}
