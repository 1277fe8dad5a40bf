import CPocketSphinx
import CSystemShim
import Glibc

/// Where the en-us model of Debian's `pocketsphinx-en-us` lives.
public struct ModelPaths: Sendable, Hashable {
    /// The acoustic model folder (`-hmm`).
    public var acousticModel: String
    /// The full CMU pronouncing dictionary (read once by `PronunciationDictionary`).
    public var dictionary: String
    /// The phone language model for the free phone loop (`-allphone`).
    public var phoneLanguageModel: String

    public init(acousticModel: String, dictionary: String, phoneLanguageModel: String) {
        self.acousticModel = acousticModel
        self.dictionary = dictionary
        self.phoneLanguageModel = phoneLanguageModel
    }

    /// Debian's install location.
    public static let debian = ModelPaths(
        acousticModel: "/usr/share/pocketsphinx/model/en-us/en-us",
        dictionary: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict",
        phoneLanguageModel: "/usr/share/pocketsphinx/model/en-us/en-us-phone.lm.bin"
    )
}

/// Command-line style options for a PocketSphinx decoder (`-beam 1e-60`, `-fsgusefiller no`…),
/// kept in order so a configuration can be printed exactly as it was used.
public struct DecoderOptions: Sendable, Hashable, CustomStringConvertible {
    /// Option names (with the dash) and values, in order; a later entry overrides an earlier one.
    public private(set) var entries: [(name: String, value: String)] = []

    public init(_ entries: [(String, String)] = []) {
        for (name, value) in entries { self[name] = value }
    }

    /// The value of `name` ("-beam"), or nil.
    public subscript(name: String) -> String? {
        get { entries.last { $0.name == name }?.value }
        set {
            entries.removeAll { $0.name == name }
            if let newValue { entries.append((name, newValue)) }
        }
    }

    /// The options overridden by `other`'s entries.
    public func merging(_ other: DecoderOptions) -> DecoderOptions {
        var merged = self
        for entry in other.entries { merged[entry.name] = entry.value }
        return merged
    }

    public var description: String { entries.map { "\($0.name) \($0.value)" }.joined(separator: " ") }

    public static func == (lhs: DecoderOptions, rhs: DecoderOptions) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries { hasher.combine(entry.name); hasher.combine(entry.value) }
    }
}

/// A search's pruning beams (`-beam`, `-pbeam`, `-wbeam`): how far below the frame's best a path
/// may score and stay alive, as probability ratios (1e-48 keeps more than 1e-20).
struct SearchBeams: Sendable, Hashable {
    var beam: Double
    var phoneBeam: Double
    var wordBeam: Double
}

/// A decoder failed to start or refused a grammar, word or audio.
public struct DecoderError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One word (or phone, for the phone loop) of a hypothesis with its frames and scores.
public struct Segment: Sendable, Hashable {
    /// The word as in the dictionary ("<sil>", "three", "ph_aa"…).
    public let word: String
    /// First and last frame (100 frames a second), inclusive.
    public let startFrame: Int
    public let endFrame: Int
    /// Acoustic score (log base of the decoder, more negative is worse).
    public let acousticScore: Int32
    /// Language (grammar) score.
    public let languageScore: Int32

    /// Frames the segment spans.
    public var frameCount: Int { endFrame - startFrame + 1 }
}

/// A PocketSphinx decoder (`ps_decoder_t`): one acoustic model, a dictionary and named searches.
///
/// Not thread-safe: one decoder is used by one thread at a time (it is not `Sendable`).
public final class Decoder {
    let handle: OpaquePointer
    /// ln(base) of the decoder's log scores (`logmath_get_base`), to turn scores into natural logs.
    public let naturalLogPerUnit: Double
    /// Whether this sphinxbase keeps an FSG state's arcs as `cdc_fsg_state_tables` expects
    /// (`cdc_fsg_tables_known`).
    private let arcTablesKnown: Bool
    private var arcTableSizing = true
    /// Whether `useGraph` sizes each state's arc tables: only where the library's layout was
    /// found. Set false to leave them to the library (a test compares the two).
    public var sizesArcTables: Bool {
        get { arcTablesKnown && arcTableSizing }
        set { arcTableSizing = newValue }
    }

    /// Starts a decoder: `cmd_ln_parse_r` over the options as an argv array, then `ps_init`.
    public init(options: DecoderOptions) throws(DecoderError) {
        LibraryLog.begin()
        let arguments = options.entries.flatMap { [$0.name, $0.value] }
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { for pointer in cStrings { free(pointer) } }
        let config = cStrings.withUnsafeMutableBufferPointer { buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
        guard let config else { throw DecoderError("PocketSphinx refused the options: \(options)" + Self.reason()) }
        defer { _ = cmd_ln_free_r(config) }
        guard let decoder = ps_init(config) else {
            throw DecoderError("PocketSphinx could not start with: \(options)" + Self.reason())
        }
        handle = decoder
        naturalLogPerUnit = log(logmath_get_base(ps_get_logmath(decoder)))
        arcTablesKnown = cdc_fsg_tables_known(ps_get_logmath(decoder)) != 0
    }

    deinit { ps_free(handle) }

    /// The library's explanation of the failure just seen (`LibraryLog`), as a sentence's end.
    private static func reason() -> String {
        LibraryLog.lastMessage().map { " (\($0))" } ?? ""
    }

    /// Adds `word` with `phones` (CMU phones, e.g. "AH N M Y UW T") to the dictionary (`ps_add_word`).
    /// `update` rebuilds the active search; pass false for all but the last of a batch.
    public func addWord(_ word: String, phones: String, update: Bool) throws(DecoderError) {
        if ps_add_word(handle, word, phones, update ? 1 : 0) < 0 {
            throw DecoderError("PocketSphinx refused the word “\(word)” with phones “\(phones)”")
        }
    }

    /// Whether `word` is in the decoder's dictionary (`ps_lookup_word`).
    public func knows(_ word: String) -> Bool {
        guard let phones = ps_lookup_word(handle, word) else { return false }
        free(phones)
        return true
    }

    /// Builds an FSG from `graph` through the `fsg_model` API (`fsg_model_init`,
    /// `fsg_model_word_add`, `fsg_model_trans_add`, `fsg_model_null_trans_add`,
    /// `fsg_model_null_trans_closure`), hands it to the
    /// decoder as search `name` (`ps_set_fsg`) and makes it the active one (`ps_set_search`).
    ///
    /// Every arc costs nothing (a flat grammar: only the acoustics and the word and phone
    /// insertion penalties rank sentences; uniform branching probabilities lost the right path
    /// to pruning in the prototype). `variants[label]` > 1 adds arcs for the word's other
    /// pronunciations ("the(2)"), which must be in the dictionary.
    ///
    /// Each state's arc tables are made to fit before its arcs go in (`cdc_fsg_size_tables`,
    /// when `cdc_fsg_tables_known` found the library's layout): left to the library, every state
    /// gets a table of 101 slots for its word arcs and another for its null transitions, 11.6 MB
    /// for the benchmark's grammar instead of 1.4 MB (docs/voice.md, "Speed and memory").
    public func useGraph(named name: String, graph: WordGraph, words: [String], variants: [Int] = []) throws(DecoderError) {
        let logmath = ps_get_logmath(handle)
        let languageWeight = Float(cmd_ln_float_r(ps_get_config(handle), "-lw"))
        let finalState = Int32(graph.stateCount)
        guard let fsg = fsg_model_init(name, logmath, languageWeight, finalState + 1) else {
            throw DecoderError("fsg_model_init failed")
        }
        defer { fsg_model_free(fsg) }
        var wordIds = [Int32](repeating: -1, count: words.count)
        func wordId(_ label: Int32) -> Int32 {
            if wordIds[Int(label)] < 0 { wordIds[Int(label)] = fsg_model_word_add(fsg, words[Int(label)]) }
            return wordIds[Int(label)]
        }
        var variantIds: [Int64: Int32] = [:]
        func variantId(_ label: Int32, _ variant: Int) -> Int32 {
            let key = Int64(label) << 8 | Int64(variant)
            if let known = variantIds[key] { return known }
            let id = fsg_model_word_add(fsg, "\(words[Int(label)])(\(variant))")
            variantIds[key] = id
            return id
        }
        if sizesArcTables {
            // Each state's two tables, sized for what they will hold: its word arcs' targets (and
            // the silence loop the search adds), and the null transitions after the closure.
            let reach = graph.epsilonReach()
            for state in 0..<graph.stateCount {
                let targets = Set(graph.arcs[state].lazy.filter { $0.label != WordGraph.epsilon }.map(\.target)).count + 1
                let nulls = reach.counts[state] + (reach.reachesFinal[state] ? 1 : 0)
                cdc_fsg_size_tables(fsg, Int32(state), Self.prime(atLeast: targets), nulls == 0 ? 0 : Self.prime(atLeast: nulls))
            }
            cdc_fsg_size_tables(fsg, finalState, 2, 0)
        }
        for state in 0..<graph.stateCount {
            for arc in graph.arcs[state] {
                if arc.label == WordGraph.epsilon {
                    _ = fsg_model_null_trans_add(fsg, Int32(state), arc.target, 0)
                    continue
                }
                fsg_model_trans_add(fsg, Int32(state), arc.target, 0, wordId(arc.label))
                // Other pronunciations as parallel arcs of their own dictionary words ("the(2)"),
                // instead of -fsgusealtpron, whose search for them is quadratic in the grammar.
                let count = Int(arc.label) < variants.count ? variants[Int(arc.label)] : 1
                if count > 1 {
                    for variant in 2...count {
                        fsg_model_trans_add(fsg, Int32(state), arc.target, 0, variantId(arc.label, variant))
                    }
                }
            }
            if graph.isFinal[state] { _ = fsg_model_null_trans_add(fsg, Int32(state), finalState, 0) }
        }
        fsg.pointee.start_state = graph.start
        fsg.pointee.final_state = finalState
        // The search follows one null transition at a time: close them first.
        glist_free(fsg_model_null_trans_closure(fsg, nil))
        if ps_set_fsg(handle, name, fsg) < 0 {
            throw DecoderError("PocketSphinx refused the grammar “\(name)” (see the library log)")
        }
        try useSearch(named: name)
    }

    /// The smallest prime that is at least `count` (and at least 2): a table size.
    static func prime(atLeast count: Int) -> Int32 {
        func isPrime(_ number: Int) -> Bool {
            var divisor = 2
            while divisor * divisor <= number {
                if number % divisor == 0 { return false }
                divisor += 1
            }
            return true
        }
        var candidate = max(count, 2)
        while !isPrime(candidate) { candidate += 1 }
        return Int32(candidate)
    }

    /// Drops the search `name` and frees it (`ps_unset_search`), then gives the freed heap back
    /// to the system (`malloc_trim` in CSystemShim), so a rebuild does not leave the old search's peak resident.
    public func removeSearch(named name: String) {
        _ = ps_unset_search(handle, name)
        cdc_release_free_memory()
    }

    /// Makes the grammar search `name` again over its own grammar, with `beams` (nil: the
    /// decoder's own), and activates it: `ps_get_fsg` and `fsg_model_retain` keep the grammar,
    /// `ps_unset_search` frees the old search before `ps_set_fsg` makes the new one, so the two
    /// never take memory at once, and `ps_set_search`. The configuration (`ps_get_config`,
    /// `cmd_ln_set_float_r`) holds `beams` while the search is made, which reads them once.
    func remakeSearch(named name: String, beams: SearchBeams?) throws(DecoderError) {
        guard let fsg = ps_get_fsg(handle, name) else { throw DecoderError("no grammar search named “\(name)”") }
        _ = fsg_model_retain(fsg)
        defer { fsg_model_free(fsg) }
        removeSearch(named: name)
        let config = ps_get_config(handle)
        let names = ["-beam", "-pbeam", "-wbeam"]
        let saved = names.map { cmd_ln_float_r(config, $0) }
        defer { for (option, value) in zip(names, saved) { cmd_ln_set_float_r(config, option, value) } }
        if let beams {
            for (option, value) in zip(names, [beams.beam, beams.phoneBeam, beams.wordBeam]) { cmd_ln_set_float_r(config, option, value) }
        }
        if ps_set_fsg(handle, name, fsg) < 0 { throw DecoderError("PocketSphinx refused to make the search “\(name)” again") }
        try useSearch(named: name)
    }

    /// Adds a free phone loop search over `phoneModel` (`ps_set_allphone_file`) and activates it.
    public func usePhoneLoop(named name: String, phoneModel: String) throws(DecoderError) {
        if ps_set_allphone_file(handle, name, phoneModel) < 0 {
            throw DecoderError("PocketSphinx could not load the phone model \(phoneModel)")
        }
        try useSearch(named: name)
    }

    /// Makes the search `name` the active one (`ps_set_search`).
    public func useSearch(named name: String) throws(DecoderError) {
        if ps_set_search(handle, name) < 0 { throw DecoderError("no search named “\(name)”") }
    }

    /// Starts a new audio stream (`ps_start_stream`): the feature computer forgets the noise
    /// statistics and voice-activity state it kept from earlier utterances.
    public func startStream() throws(DecoderError) {
        if ps_start_stream(handle) < 0 { throw DecoderError("PocketSphinx could not start a stream") }
    }

    /// Starts an utterance (`ps_start_utt`).
    public func startUtterance() throws(DecoderError) {
        if ps_start_utt(handle) < 0 { throw DecoderError("PocketSphinx could not start an utterance") }
    }

    /// Feeds 16 kHz mono samples of the utterance as they arrive (`ps_process_raw`, live CMN).
    public func process(_ samples: UnsafeBufferPointer<Int16>) throws(DecoderError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        if ps_process_raw(handle, base, samples.count, 0, 0) < 0 {
            throw DecoderError("PocketSphinx failed on the audio")
        }
    }

    /// Ends the utterance (`ps_end_utt`), finishing the search.
    public func endUtterance() throws(DecoderError) {
        if ps_end_utt(handle) < 0 { throw DecoderError("PocketSphinx could not end the utterance") }
    }

    /// The live cepstral mean normalisation state (see `CepstralMean`).
    public var cepstralMean: CepstralMean { CepstralMean(self) }

    /// Whether the decoder's voice-activity detector hears speech now (`ps_get_in_speech`).
    public var isInSpeech: Bool { ps_get_in_speech(handle) != 0 }

    /// Frames searched so far in this utterance (`ps_get_n_frames`).
    public var frameCount: Int { Int(ps_get_n_frames(handle)) }

    /// The best hypothesis so far (partial during the utterance) and its path score (`ps_get_hyp`).
    public func hypothesis() -> (text: String, score: Int32)? {
        var score: Int32 = 0
        guard let text = ps_get_hyp(handle, &score) else { return nil }
        return (String(cString: text), score)
    }

    /// The best path's segments (`ps_seg_iter`, `ps_seg_frames`, `ps_seg_prob`), frames counted
    /// from the utterance's first: in a streamed utterance PocketSphinx 0.8+5prealpha numbers them
    /// on from earlier utterances, and the path always starts at the utterance's first frame.
    /// The grammar's null transitions ("(NULL)", no frames of their own) are left out.
    public func segments() -> [Segment] {
        var result: [Segment] = []
        var iterator = ps_seg_iter(handle)
        var first: Int32?
        while let segment = iterator {
            var start: Int32 = 0, end: Int32 = 0, acoustic: Int32 = 0, language: Int32 = 0, back: Int32 = 0
            ps_seg_frames(segment, &start, &end)
            _ = ps_seg_prob(segment, &acoustic, &language, &back)
            let base = first ?? start
            first = base
            let word = String(cString: ps_seg_word(segment))
            if word != "(NULL)" {
                result.append(Segment(
                    word: word, startFrame: Int(start - base), endFrame: Int(end - base),
                    acousticScore: acoustic, languageScore: language
                ))
            }
            iterator = ps_seg_next(segment)
        }
        return result
    }
}
