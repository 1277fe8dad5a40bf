import Synchronization

/// Why listening ended.
public enum ListeningEnd: String, Sendable {
    /// The voice-activity detector heard speech and then silence.
    case speechEnded
    /// The time cap was reached.
    case timeLimit
    /// The input ended (a file, a closed device).
    case endOfInput
    /// `stop()` was called (a second key press).
    case stopped
}

/// One push-to-talk turn: what was recognized and how listening went.
public struct ListeningResult: Sendable {
    public let recognition: Recognition
    public let end: ListeningEnd
    /// Samples read until listening ended.
    public let samplesRead: Int
    /// Time from the end decision (the last chunk fed) to the finished recognition.
    public let finishDuration: Duration
    /// Whether the grammar was searched again with wide beams (the first search found no path).
    public let searchedAgain: Bool
    /// The turn heard again at other speeds (`Listener.secondHearingSpeeds`), when the caller
    /// asked for it; empty otherwise.
    public let secondHearings: [SecondHearing]
}

/// A turn's audio heard again, played faster or slower (`Listener.hearAgain`).
public struct SecondHearing: Sendable {
    /// How fast the audio was played: 0.9 is 10 % slower, and 10 % lower in pitch and formants.
    public let speed: Double
    public let recognition: Recognition
}

/// Listens once: feeds audio chunk by chunk into the grammar decoder and the phone loop as it
/// arrives (both decode incrementally, so little is left when speech ends), ends when
/// PocketSphinx's voice-activity detector (`ps_get_in_speech`) goes quiet after speech and the
/// words so far are a whole command that nothing the grammar could still hear after them would
/// change ("pause the music", not "go back" … "thirty seconds" or "play disc three" … "of road
/// trip"), else after `pausePatience` more; sooner, after `finalQuiet` of quiet, for such a
/// finished command; on `stop()`, at the end of the input or at the time cap. Then it finishes
/// both searches.
public final class Listener {
    public let recognizer: Recognizer
    /// Longest turn.
    public var timeLimit: Duration = .seconds(8)
    /// Samples per chunk (20 ms).
    public var chunkSize = 320
    /// How far the mean moves towards an utterance's own after it: own frames / (own frames +
    /// this many), as PocketSphinx's live CMN window does. The next turn starts nearer this
    /// microphone's and this room's mean.
    public var meanMemoryFrames = 500.0
    /// After the detector's end of speech (`-vad_postspeech`, 0.15 s), how much more quiet a turn
    /// waits for the rest when its words are not yet a whole command, or are one that more words
    /// would change ("go back" … "thirty seconds", "play disc three" … "of Road Trip").
    public var pausePatience: Duration = .milliseconds(450)
    /// How long a quiet run after a command that nothing more would change ends the turn, before
    /// the detector's 0.15 s: quiet is a chunk under `quietLevel` of the loudest chunk so far.
    public var finalQuiet: Duration = .milliseconds(100)
    /// A chunk whose RMS is under this share of the turn's loudest is quiet (−26 dB): clean
    /// speech's pauses are; under road noise nothing is, and the detector decides alone.
    public var quietLevel = 0.05
    /// The speeds a turn is heard again at when the caller's `shouldHearAgain` asks for it: a voice
    /// played 10 % slower or faster, its pitch and formants moved with it, fits the model
    /// differently, and some turns heard doubtfully at their own speed are heard with confidence
    /// at another (docs/voice.md, "Heard again at other speeds").
    public var secondHearingSpeeds = [0.9, 1.1]
    private let stopRequest: Atomic<Bool>

    public init(recognizer: Recognizer) {
        self.recognizer = recognizer
        stopRequest = Atomic(false)
    }

    /// Ends the current turn at the next chunk (safe from any thread).
    public func stop() { stopRequest.store(true, ordering: .relaxed) }

    /// Listens to `source` until an end condition; `level` gets each chunk's peak (0…1) and
    /// `partial` the grammar decoder's partial hypothesis (every 200 ms), for a live display.
    /// `isComplete` says whether a partial hypothesis (as the resolver reads it) is a whole command;
    /// `isFinished` whether no sentence it may still become (`Recognizer.completedSentences`, or
    /// nil for too many to tell) would do something else. `shouldHearAgain` says whether the finished
    /// recognition is doubtful enough to hear the turn again at `secondHearingSpeeds`.
    public func listen<Source: AudioSource>(
        to source: inout Source, level: (Double) -> Void = { _ in }, partial: (String) -> Void = { _ in },
        isComplete: (String) -> Bool = { _ in true }, isFinished: (String, [String]?) -> Bool = { _, _ in false },
        shouldHearAgain: (Recognition) -> Bool = { _ in false }
    ) throws(DecoderError) -> ListeningResult {
        stopRequest.store(false, ordering: .relaxed)
        let grammar = recognizer.grammarDecoder.decoder
        let phones = recognizer.phoneLoop.decoder
        let meanInUse = recognizer.cepstralMean
        recognizer.cepstralMean = meanInUse
        grammar.cepstralMean.restartAccumulator()
        phones.cepstralMean.restartAccumulator()
        try grammar.startUtterance()
        try phones.startUtterance()
        let limit = Self.samples(in: timeLimit)
        // The turn's audio as cleaned, for the voicing measure (`Recognition.voicedFraction`),
        // and as read, for a second hearing.
        var heard: [Int16] = []
        heard.reserveCapacity(limit + chunkSize)
        var raw: [Int16] = []
        raw.reserveCapacity(limit + chunkSize)
        var buffer = [Int16](repeating: 0, count: chunkSize)
        var read = 0
        var heardSpeech = false
        var end = ListeningEnd.endOfInput
        var lastPartial = ""
        var pauseStart: Int?
        let patience = Self.samples(in: pausePatience)
        let finalQuietSamples = Self.samples(in: finalQuiet)
        var loudest = 0.0
        var quietRun = 0
        var finishedDecision: (words: String, finished: Bool)?
        var chunks = 0
        // Each turn's noise is estimated afresh from its own audio.
        var reduction = recognizer.noiseReduction
        var cleaned: [Int16] = []
        cleaned.reserveCapacity(chunkSize + 2 * NoiseReduction.frameLength)
        /// Cleans `chunk` (or, for nil, what the cleaning still holds back), adds the noise floor
        /// and feeds the result to both decoders.
        func decode(_ chunk: ArraySlice<Int16>?) throws(DecoderError) {
            cleaned.removeAll(keepingCapacity: true)
            if reduction == nil {
                cleaned.append(contentsOf: chunk ?? [])
            } else if let chunk {
                chunk.withUnsafeBufferPointer { reduction?.process($0, into: &cleaned) }
            } else {
                reduction?.finish(into: &cleaned)
            }
            guard !cleaned.isEmpty else { return }
            if var floor = recognizer.noiseFloor {
                floor.apply(to: &cleaned)
                recognizer.noiseFloor = floor
            }
            try cleaned.withUnsafeBufferPointer { part throws(DecoderError) in
                try grammar.process(part)
                try phones.process(part)
            }
            heard.append(contentsOf: cleaned)
        }
        loop: while true {
            let count = try buffer.withUnsafeMutableBufferPointer { chunk throws(DecoderError) in try source.read(into: chunk) }
            if count == 0 { end = .endOfInput; break }
            raw.append(contentsOf: buffer[0..<count])
            try decode(buffer[0..<count])
            read += count
            level(Double(buffer[0..<count].map { abs(Int($0)) }.max() ?? 0) / 32768)
            chunks += 1
            let rms = Self.rms(buffer[0..<count])
            loudest = max(loudest, rms)
            quietRun = heardSpeech && rms < loudest * quietLevel ? quietRun + count : 0
            let inPause = !grammar.isInSpeech && heardSpeech
            let mayEndEarly = quietRun >= finalQuietSamples
            // The words so far, read once a chunk and only when something needs them.
            let decoded = inPause || mayEndEarly || chunks % 10 == 0 ? grammar.hypothesis()?.text : nil
            let words = decoded.flatMap(recognizer.resolverText)
            let complete = (inPause || mayEndEarly) && words.map(isComplete) == true
            // Whether nothing the grammar could still hear after the words would change what they do.
            func finished() -> Bool {
                guard complete, let decoded, let words else { return false }
                if finishedDecision?.words != decoded {
                    finishedDecision = (decoded, isFinished(words, recognizer.completedSentences(of: decoded, limit: 32)))
                }
                return finishedDecision?.finished == true
            }
            // A command that nothing the grammar could still hear would change ends at a short quiet.
            if mayEndEarly, finished() {
                end = .speechEnded
                break loop
            }
            if grammar.isInSpeech {
                heardSpeech = true
                pauseStart = nil
            } else if inPause {
                // The detector has heard `-vad_postspeech` of quiet. A command that nothing more
                // would change ends the turn now; a sentence cut short, or a command that more
                // words would change ("go back" … "thirty seconds"), waits a little longer.
                let pause = read - (pauseStart ?? read)
                if pauseStart == nil { pauseStart = read }
                if pause >= patience || finished() {
                    end = .speechEnded
                    break loop
                }
            }
            if chunks % 10 == 0, let words, words != lastPartial {
                lastPartial = words
                partial(words)
            }
            if stopRequest.load(ordering: .relaxed) { end = .stopped; break }
            if read >= limit { end = .timeLimit; break }
        }
        let finishStart = ContinuousClock.now
        try decode(nil)
        try grammar.endUtterance()
        try phones.endUtterance()
        // The end-of-utterance update made the mean the utterance's own (accumulator restarted above).
        let ownMean = grammar.cepstralMean.values
        let ownFrames = Double(grammar.cepstralMean.accumulatedFrames)
        var hypothesis = recognizer.grammarDecoder.finish()
        let loopPhones = phones.segments()
        // The beams that keep listening cheap prune, now and then, the right path early in a
        // sentence its later words would have saved; no path at all is left then, and a wider
        // search over the same audio usually finds it (docs/voice.md, "Decoder settings"). Not
        // for a turn the phone loop heard only silence in.
        let searchAgain = hypothesis.words == nil && loopPhones.contains { $0.word != "SIL" }
        if searchAgain {
            hypothesis = try recognizer.grammarDecoder.searchAgainWithWideBeams(heard, mean: meanInUse)
        }
        let recognition = recognizer.result(hypothesis, loopPhones, samples: heard)
        var secondHearings: [SecondHearing] = []
        if shouldHearAgain(recognition) {
            for speed in secondHearingSpeeds {
                secondHearings.append(SecondHearing(speed: speed, recognition: try hearAgain(raw, speed: speed, mean: meanInUse)))
            }
        }
        // The searches keep an utterance's history until the next one starts: an empty utterance
        // gives it back now (with the turn's audio buffer, 2.5 MB less resident between turns in
        // the voice benchmark).
        try grammar.startUtterance()
        try grammar.endUtterance()
        try phones.startUtterance()
        try phones.endUtterance()
        let rate = ownFrames / (ownFrames + meanMemoryFrames)
        recognizer.cepstralMean = zip(meanInUse, ownMean).map { $0 + Float(rate) * ($1 - $0) }
        return ListeningResult(
            recognition: recognition, end: end, samplesRead: read,
            finishDuration: ContinuousClock.now - finishStart, searchedAgain: searchAgain, secondHearings: secondHearings
        )
    }

    /// Hears a turn's audio as read (`raw`) again, played at `speed` (resampled, `Resampler`):
    /// cleaned afresh (`NoiseReduction`), with the noise floor, through both decoders in one go
    /// from the cepstral mean `mean` the turn started with. The stream's own noise floor and
    /// mean are left as the turn left them.
    func hearAgain(_ raw: [Int16], speed: Double, mean: [Float]) throws(DecoderError) -> Recognition {
        let rate = SpeechAudio.sampleRate
        let played = try Resampler.resample(raw, from: Int((Double(rate) * speed).rounded()), to: rate)
        var cleaned = recognizer.noiseReduction?.cleaned(played) ?? played
        if let floor = recognizer.noiseFloor { cleaned = floor.applied(to: cleaned) }
        let grammar = recognizer.grammarDecoder.decoder
        let phones = recognizer.phoneLoop.decoder
        recognizer.cepstralMean = mean
        grammar.cepstralMean.restartAccumulator()
        phones.cepstralMean.restartAccumulator()
        try grammar.startUtterance()
        try phones.startUtterance()
        try cleaned.withUnsafeBufferPointer { audio throws(DecoderError) in
            try grammar.process(audio)
            try phones.process(audio)
        }
        try grammar.endUtterance()
        try phones.endUtterance()
        return recognizer.result(recognizer.grammarDecoder.finish(), phones.segments(), samples: cleaned)
    }

    /// The root mean square of `samples`.
    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    /// How many samples at 16 kHz `duration` holds.
    static func samples(in duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * SpeechAudio.sampleRate + Int(attoseconds / 1_000_000_000_000) * SpeechAudio.sampleRate / 1_000_000
    }
}
