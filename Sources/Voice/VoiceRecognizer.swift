import CSystemShim
import Dispatch
import IntentKit
import Synchronization

/// What one push-to-talk turn gave: the sentence for the resolver, or nothing.
public struct VoiceTurn: Sendable {
    /// The heard sentence, nil when nothing was heard or the confidence measure did not accept it.
    public let heard: String?
    /// The sentence heard without enough confidence to act on it but enough to ask back ("Did
    /// you say …?", `RejectionModel.confirmThreshold`); nil when `heard` is set or nothing was.
    public let unsure: String?
    /// What the grammar search returned before rejection (nil when it found no path).
    public let hypothesis: String?
    /// The rejection model's score (`RejectionModel.score`); `heard` is set when it reaches the
    /// threshold and any number heard is backed against its rivals (`RejectionModel.verdict`),
    /// `unsure` when it reaches only the confirmation threshold or a number is not backed.
    public let score: Double
    /// How listening went (why it ended, samples read, how long finishing took).
    public let listening: ListeningResult
    /// The recognition the turn was judged by: the first hearing's, or the second hearing's
    /// that was acted on.
    public let recognition: Recognition
    /// The speed of the second hearing acted on (`SecondHearing.speed`); nil for the first hearing.
    public let speed: Double?
    /// Why listening ended.
    public var end: ListeningEnd { listening.end }
}

/// The app's voice recognizer: PocketSphinx with a grammar generated from a live
/// `ShortcutRegistry`, and the rejection model in front of the resolver.
///
/// Nothing is loaded until the first `listen`/`recognize` (`prepare` loads explicitly): the CMU
/// dictionary index, the grammar and phone-loop decoders (`ps_init` twice, through `Decoder`).
/// After that, every snapshot the registry publishes (`observeSnapshots`) rebuilds the grammar
/// on a background queue; the next turn waits for that build and hands it to the decoder
/// (`ps_set_fsg`) before it listens, so a name renamed a moment ago is heard by its new name.
/// Names listed with `setListedNames` (the songs of the loaded discs) rebuild it the same way.
///
/// One turn at a time: the decoders are used only by the thread that calls `listen`/`recognize`
/// (a `Mutex` serialises callers).
public final class VoiceRecognizer: Sendable {
    /// The registry whose phrases and names make the grammar.
    public let registry: ShortcutRegistry
    /// The rejection model (see docs/voice.md for the threshold and what it costs).
    public let rejection: RejectionModel
    /// What the grammar holds besides the templates.
    public let options: GrammarOptions
    private let model: ModelPaths
    /// The loaded parts; nil until first used.
    private let engine = Mutex<VoiceEngine?>(nil)
    /// Grammars built from published snapshots and not yet handed to the decoder.
    private let pending = Mutex<PendingGrammar>(PendingGrammar())
    private let buildQueue = DispatchQueue(label: "cdchanger.voice.grammar")
    /// The loaded builder, read by the rebuild queue (never under `engine`'s lock, which waits for that queue).
    private let builder = Mutex<GrammarBuilder?>(nil)
    private let observer = Mutex<SnapshotObserverToken?>(nil)
    private let stopRequest = Atomic<Bool>(false)
    /// The names of the listed entity types (`GrammarOptions.listedEntityTypes`) the grammar holds.
    private let listed = Mutex<[String: Set<String>]>([:])

    /// Decoder settings, measured (docs/voice.md, "Decoder settings").
    public static let grammarTuning = DecoderOptions([
        ("-fsgusealtpron", "no"), ("-topn", "8"), ("-vad_postspeech", "15"),
        ("-beam", "1e-48"), ("-pbeam", "1e-48"), ("-wbeam", "7e-29"),
    ])
    public static let phoneLoopTuning = DecoderOptions([("-allphone_ci", "yes"), ("-beam", "1e-10"), ("-pbeam", "1e-10")])

    /// `options` says what goes into the grammar besides the templates (e.g. entity types left out).
    public init(registry: ShortcutRegistry, options: GrammarOptions = GrammarOptions(), model: ModelPaths = .debian, rejection: RejectionModel = .standard) {
        self.registry = registry
        self.options = options
        self.model = model
        self.rejection = rejection
    }

    deinit {
        if let token = observer.withLock({ $0 }) { registry.removeSnapshotObserver(token) }
    }

    /// Whether the model has been loaded (voice used at least once).
    public var isLoaded: Bool { engine.withLock { $0 != nil } }

    /// Loads the dictionary, the decoders and the current grammar, and starts following the
    /// registry's snapshots; does nothing when already loaded. Throws when the model or a
    /// template word cannot be loaded.
    public func prepare() throws(DecoderError) {
        _ = try withEngine { _ throws(DecoderError) in }
    }

    /// The names of `type` (one of `options.listedEntityTypes`) the grammar holds from now on:
    /// a different list rebuilds the grammar as a new snapshot does, and the next turn hears it.
    public func setListedNames(_ names: some Sequence<String>, ofType type: String) {
        let names = Set(names)
        let changed = listed.withLock { listed in
            guard listed[type] != names else { return false }
            listed[type] = names
            return true
        }
        if changed, options.listedEntityTypes.contains(type) { snapshotChanged(registry.snapshot) }
    }

    /// The names of several listed types at once (one rebuild when any list changed).
    public func setListedNames(_ lists: [String: [String]]) {
        let changed = listed.withLock { listed in
            var changed = false
            for (type, names) in lists where listed[type] != Set(names) {
                listed[type] = Set(names)
                changed = changed || options.listedEntityTypes.contains(type)
            }
            return changed
        }
        if changed { snapshotChanged(registry.snapshot) }
    }

    /// The listed names (see `setListedNames`).
    public var listedNames: [String: Set<String>] { listed.withLock { $0 } }

    /// Ends the current turn at its next 20 ms chunk (a second key press); safe from any thread.
    public func stop() { stopRequest.store(true, ordering: .relaxed) }

    /// Listens to `source` once (endpointing: speech then silence, `stop()`, end of input, 8 s)
    /// and returns what was heard, after rejection. `level` and `partial` as in `Listener.listen`.
    public func listen<Source: AudioSource>(
        to source: inout Source, level: (Double) -> Void = { _ in }, partial: (String) -> Void = { _ in }
    ) throws(DecoderError) -> VoiceTurn {
        stopRequest.store(false, ordering: .relaxed)
        return try withEngine { engine throws(DecoderError) in
            let listener = engine.listener
            // The listener checks its own stop flag after each chunk's level report.
            let result = try listener.listen(to: &source, level: { value in
                if stopRequest.load(ordering: .relaxed) { listener.stop() }
                level(value)
            }, partial: partial, isComplete: { words in
                if case .matched = registry.resolve(words, mode: .inApp) { return true }
                return false
            }, isFinished: { words, sentences in
                guard let sentences else { return false }
                let resolution = registry.resolve(words, mode: .inApp)
                return sentences.allSatisfy { registry.resolve($0, mode: .inApp) == resolution }
            }, shouldHearAgain: { recognition in
                // Not a turn acted on already, nor one the phone loop heard only silence in, nor
                // for a model that acts on no second hearing.
                rejection.secondHearingThreshold.isFinite && judged(recognition).verdict != .accept
                    && recognition.phones.contains { $0.word != "SIL" }
            })
            // What the turn read of the model files and what it allocated and freed go back to the
            // system (`madvise`, `malloc_trim`): 1.9 and 1.2 MB less resident after a turn in the
            // voice benchmark.
            engine.recognizer.releaseModelPages()
            cdc_release_free_memory()
            return turn(result)
        }
    }

    /// Recognizes a whole recording (a WAV file's samples at 16 kHz), streamed through the
    /// listener as a microphone's audio would be, without waiting for real time.
    /// Each recording starts afresh (`Recognizer.startAfresh`): the same file is heard the same
    /// whatever came before it. A file cut close to the speech gets quiet added before and after
    /// it, up to what a microphone hears around a sentence (0.3 s, 0.6 s): otherwise it would end
    /// before the detector or the search could tell the sentence was over.
    public func recognize(_ samples: [Int16]) throws(DecoderError) -> VoiceTurn {
        let (quietBefore, quietAfter) = Self.quietAtTheEnds(of: samples)
        let lead = [Int16](repeating: 0, count: max(0, SpeechAudio.sampleRate * 3 / 10 - quietBefore))
        let tail = [Int16](repeating: 0, count: max(0, SpeechAudio.sampleRate * 6 / 10 - quietAfter))
        var source = SampleSource(lead + samples + tail, paced: false)
        try withEngine { engine throws(DecoderError) in try engine.recognizer.startAfresh() }
        return try listen(to: &source)
    }

    /// How many samples before the first and after the last 10 ms window that stands out from the
    /// recording's own background (louder than 4× its quietest tenth, and than 2 % of its peak):
    /// a noisy recording's noise counts as quiet, as a microphone's would.
    static func quietAtTheEnds(of samples: [Int16]) -> (before: Int, after: Int) {
        let window = SpeechAudio.sampleRate / 100
        guard samples.count >= window else { return (samples.count, samples.count) }
        var levels: [Double] = []
        levels.reserveCapacity(samples.count / window)
        for start in stride(from: 0, to: samples.count - window + 1, by: window) {
            let energy = samples[start..<start + window].reduce(0.0) { $0 + Double($1) * Double($1) }
            levels.append((energy / Double(window)).squareRoot())
        }
        let background = levels.sorted()[levels.count / 10]
        let peak = Double(samples.lazy.map { abs(Int($0)) }.max() ?? 0)
        let threshold = max(background * 4, peak * 0.02)
        guard let first = levels.firstIndex(where: { $0 > threshold }), let last = levels.lastIndex(where: { $0 > threshold }) else {
            return (samples.count, samples.count)
        }
        return (first * window, samples.count - (last + 1) * window)
    }

    /// The grammar the next turn uses (waits for a build in progress); loads voice if needed.
    public func currentGrammar() throws(DecoderError) -> Grammar {
        try withEngine { engine throws(DecoderError) in engine.grammar }
    }

    /// A recognition with its score and what to do with it.
    private struct Judgement {
        let recognition: Recognition
        let score: Double
        let verdict: RejectionModel.Verdict
        let rivals: RejectionModel.RivalBacking
    }

    private func judged(_ recognition: Recognition) -> Judgement {
        let score = rejection.score(rejection.features(of: recognition))
        let rivals = RejectionModel.RivalBacking(sentence: recognition.text ?? "", margin: recognition.rivalMargin)
        return Judgement(recognition: recognition, score: score, verdict: recognition.text == nil ? .reject : rejection.verdict(score, rivals: rivals), rivals: rivals)
    }

    /// The turn judged by its first hearing, or by the best-scoring second hearing when the first
    /// was not acted on and that one is (`RejectionModel.acceptsSecondHearing`).
    private func turn(_ listening: ListeningResult) -> VoiceTurn {
        var chosen = judged(listening.recognition)
        var speed: Double?
        if chosen.verdict != .accept,
           let best = listening.secondHearings.map({ (speed: $0.speed, judgement: judged($0.recognition)) }).max(by: { $0.judgement.score < $1.judgement.score }),
           best.judgement.recognition.text != nil, rejection.acceptsSecondHearing(best.judgement.score, rivals: best.judgement.rivals) {
            chosen = best.judgement
            speed = best.speed
        }
        let text = chosen.recognition.text
        return VoiceTurn(
            heard: chosen.verdict == .accept ? text : nil, unsure: chosen.verdict == .confirm ? text : nil,
            hypothesis: text, score: chosen.score, listening: listening, recognition: chosen.recognition, speed: speed
        )
    }

    /// Runs `body` with the loaded engine, loading it first and switching to the newest grammar.
    private func withEngine<T>(_ body: (VoiceEngine) throws(DecoderError) -> T) throws(DecoderError) -> T {
        try engine.withLock { slot throws(DecoderError) -> T in
            if slot == nil {
                let names = listedNames
                let loaded = try VoiceEngine(registry: registry, options: options, model: model, listed: names)
                slot = loaded
                builder.withLock { $0 = loaded.builder }
                let token = registry.observeSnapshots { [weak self] snapshot in self?.snapshotChanged(snapshot) }
                observer.withLock { $0 = token }
                // Names listed while the engine loaded were not built by the queue (it had no builder).
                if listedNames != names { snapshotChanged(registry.snapshot) }
            }
            let engine = slot!
            buildQueue.sync {}   // a rebuild that is under way finishes first
            if let next = pending.withLock({ $0.take() }) { try engine.load(next) }
            return try body(engine)
        }
    }

    /// A new snapshot: build its grammar now, off the caller's thread (the store's or the UI's).
    private func snapshotChanged(_ snapshot: ParameterSnapshot) {
        let ticket = pending.withLock { $0.issue() }
        buildQueue.async { [weak self] in
            guard let self, let builder = builder.withLock({ $0 }) else { return }
            let grammar = builder.grammar(for: snapshot, listed: listedNames)
            pending.withLock { $0.store(grammar, ticket: ticket) }
        }
    }
}

/// The newest built grammar, ordered by when its snapshot arrived (a late build of an older
/// snapshot never replaces a newer one).
private struct PendingGrammar: Sendable {
    private var issued = 0
    private var storedTicket = 0
    private var grammar: Grammar?

    mutating func issue() -> Int {
        issued += 1
        return issued
    }

    mutating func store(_ built: Grammar, ticket: Int) {
        guard ticket > storedTicket else { return }
        storedTicket = ticket
        grammar = built
    }

    mutating func take() -> Grammar? {
        defer { grammar = nil }
        return grammar
    }
}

/// The loaded recognizer: dictionary, builder, decoders, listener and the grammar in use.
/// `@unchecked Sendable` is safe: it lives inside `VoiceRecognizer`'s `Mutex`, and every use of
/// its decoders happens with that lock held; `builder` is an immutable value read by the
/// rebuild queue.
private final class VoiceEngine: @unchecked Sendable {
    let builder: GrammarBuilder
    let recognizer: Recognizer
    let listener: Listener
    private(set) var grammar: Grammar

    init(registry: ShortcutRegistry, options: GrammarOptions, model: ModelPaths, listed: [String: Set<String>]) throws(DecoderError) {
        let lexicon = Lexicon(dictionary: try PronunciationDictionary(path: model.dictionary))
        builder = try GrammarBuilder(registry: registry, lexicon: lexicon, options: options)
        recognizer = try Recognizer(model: model, tuning: VoiceRecognizer.grammarTuning, loopTuning: VoiceRecognizer.phoneLoopTuning)
        listener = Listener(recognizer: recognizer)
        grammar = builder.grammar(for: registry.snapshot, listed: listed)
        try recognizer.load(grammar)
    }

    func load(_ next: Grammar) throws(DecoderError) {
        try recognizer.load(next)
        grammar = next
    }
}
