import ChangerIntents
import Foundation
import SystemSupport
import Testing
import TestSupport
@testable import Voice

/// How a listening turn ends, with the real decoder: when the speaker stops (the voice-activity
/// detector), or after 8 s of audio however long the speaker goes on (`Listener.timeLimit`).
@Suite struct EndpointingTests {
    /// Chit-chat said without a pause, longer than the cap: no comma or full stop, so espeak-ng
    /// runs the words together as one clause (14 s at 160 words a minute).
    static let monologue = "the weather along the coast road stays warm and bright all through the long weekend "
        + "and the traffic near the harbour moves slowly because everyone wants to see the boats "
        + "and buy fresh bread from the small bakery beside the old lighthouse on the hill"

    /// The app's recognizer (its grammar over two magazines), loaded once for the suite.
    static let recognizer: Result<VoiceRecognizer, any Error> = Result {
        let registry = try ChangerShortcuts.makeRegistry(magazines: {
            [ChangerShortcuts.magazine(id: "m0", name: "Road Trip"), ChangerShortcuts.magazine(id: "m1", name: "Sunday Drive")]
        })
        let recognizer = VoiceRecognizer(registry: registry, options: .changer)
        try recognizer.prepare()
        return recognizer
    }

    /// The monologue at 16 kHz over a steady hum, as in a car: espeak-ng leaves gaps of 0.1 s
    /// between some words, and a quiet that short ends a turn whose words so far are a finished
    /// command (the decoder makes one of anything). Under the hum nothing is that quiet, so only
    /// the detector or the cap can end it.
    static let speech: Result<[Int16], any Error> = Result {
        let folder = TemporaryFolder("cdc-endpointing")
        let file = folder.file("monologue.wav")
        try SpeechFixtures.speak(monologue, voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let samples = try AudioFile.read(file.path).samples
        let loudest = stride(from: 0, to: samples.count - 320, by: 320).map { Listener.rms(samples[$0..<$0 + 320]) }.max() ?? 0
        // White noise at 8 % of the loudest chunk's RMS (a uniform spread of ±a has RMS a/√3).
        let spread = Int(loudest * 0.08 * 3.0.squareRoot())
        var generator = SeededGenerator(seed: 5)
        return samples.map { Int16(clamping: Int($0) + Int.random(in: -spread...spread, using: &generator)) }
    }

    @Test("speech that goes on past 8 s ends the turn after 8 s of audio, and is not acted on")
    func continuousSpeechEndsAtTheTimeLimit() throws {
        let samples = try Self.speech.get()
        #expect(samples.count > 12 * SpeechAudio.sampleRate, "the monologue is only \(samples.count / 16) ms")
        // Streamed through the listener as a microphone's audio, from a fresh start (so the
        // tests' order does not matter), with the quiet a microphone hears before speech.
        let turn = try Self.recognizer.get().recognize(samples)
        #expect(turn.end == .timeLimit, "ended by \(turn.end) after \(turn.listening.samplesRead / 16) ms, hypothesis \(turn.hypothesis ?? "-")")
        let limit = 8 * SpeechAudio.sampleRate
        #expect(turn.listening.samplesRead >= limit && turn.listening.samplesRead < limit + 320, "\(turn.listening.samplesRead) samples read")
        #expect(turn.heard == nil, "heard “\(turn.heard ?? "")” (score \(turn.score)) in a monologue cut short")
    }

    @Test("the same speech stopping after 3 s ends the turn when the speaker stops, well before the cap")
    func speechThatStopsEndsWhenTheSpeakerStops() throws {
        let speech = try Self.speech.get()
        let samples = Array(speech.prefix(3 * SpeechAudio.sampleRate)) + [Int16](repeating: 0, count: 3 * SpeechAudio.sampleRate)
        let turn = try Self.recognizer.get().recognize(samples)
        #expect(turn.end == .speechEnded, "ended by \(turn.end) after \(turn.listening.samplesRead / 16) ms")
        #expect(turn.listening.samplesRead < 4 * SpeechAudio.sampleRate, "\(turn.listening.samplesRead) samples read")
    }

    /// Seconds from the end of `sentence` said by espeak-ng (its last sample louder than 2 % of
    /// the peak, as `cdchanger-bench voice` measures it) to where its turn ended.
    static func endDelay(_ sentence: String) throws -> Double {
        let folder = TemporaryFolder("cdc-endpointing")
        let file = folder.file("sentence.wav")
        try SpeechFixtures.speak(sentence, voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let samples = try AudioFile.read(file.path).samples
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        let spoken = (samples.lastIndex { abs(Int($0)) * 50 > peak } ?? samples.count - 1) + 1
        let lead = 3 * SpeechAudio.sampleRate / 10
        let audio = [Int16](repeating: 0, count: lead) + samples[..<spoken] + [Int16](repeating: 0, count: SpeechAudio.sampleRate)
        var source = SampleSource(audio, paced: false)
        let recognizer = try Self.recognizer.get()
        try recognizer.prepare()
        let turn = try recognizer.listen(to: &source)
        #expect(turn.end == .speechEnded)
        return Double(turn.listening.samplesRead - lead - spoken) / Double(SpeechAudio.sampleRate)
    }

    /// A command that nothing more could change ("pause the music", "previous track") ends
    /// after a short quiet; one the grammar could still take further ("play disc three" … "of
    /// road trip", "fast forward" … "thirty seconds") waits for the detector's end of speech and
    /// then `pausePatience` more.
    @Test func aFinishedCommandEndsSoonerThanOneThatCouldGoOn() throws {
        let finished = try ["pause the music", "previous track", "what is playing"].map(Self.endDelay)
        let open = try ["play disc three", "fast forward"].map(Self.endDelay)
        #expect(finished.max()! < 0.13, "\(finished)")
        #expect(open.min()! >= 0.5, "\(open)")
    }

    /// A speaker who pauses after "go back" — a whole command by itself, which "thirty seconds"
    /// would change — is waited for: the turn hears the rest and the command meant. (Festival's
    /// voices pause there; the turn used to end at the detector's 0.15 s and go back a track.)
    @Test("a pause after words that more words would change does not end the turn", arguments: [
        ("go back", "thirty seconds"), ("fast forward", "ten seconds"),
    ])
    func aPauseInsideACommandIsWaitedFor(start: String, rest: String) throws {
        let folder = TemporaryFolder("cdc-endpointing")
        func said(_ words: String) throws -> [Int16] {
            let file = folder.file("\(words.replacingOccurrences(of: " ", with: "-")).wav")
            try SpeechFixtures.speak(words, voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
            let samples = try AudioFile.read(file.path).samples
            let peak = samples.map { abs(Int($0)) }.max() ?? 0
            let first = samples.firstIndex { abs(Int($0)) * 50 > peak } ?? 0
            let last = (samples.lastIndex { abs(Int($0)) * 50 > peak } ?? samples.count - 1) + 1
            return Array(samples[first..<last])
        }
        let quiet = { (seconds: Double) in [Int16](repeating: 0, count: Int(seconds * Double(SpeechAudio.sampleRate))) }
        let audio = quiet(0.3) + (try said(start)) + quiet(0.3) + (try said(rest)) + quiet(1)
        var source = SampleSource(audio, paced: false)
        let recognizer = try Self.recognizer.get()
        try recognizer.prepare()
        let turn = try recognizer.listen(to: &source)
        #expect(turn.hypothesis == "\(start) \(rest)", "heard “\(turn.hypothesis ?? "")”, ended by \(turn.end) after \(turn.listening.samplesRead / 16) ms")
    }

    /// What the endpoint asks the grammar: what a sentence may still become.
    @Test func completionsSayWhatASentenceMayStillBecome() throws {
        let grammar = try Self.recognizer.get().currentGrammar()
        let name = try #require(grammar.completions(of: ["play", "disc", "three", "of", "road"], limit: 100_000))
        #expect(name.contains(["trip"]) && !name.contains([]), "\(name.prefix(20))")
        #expect(grammar.completions(of: ["play", "disc", "three"], limit: 32) == nil)
        let pause = try #require(grammar.completions(of: ["pause", "the", "music"], limit: 32))
        #expect(pause.contains([]) && pause.contains(["in", "cd", "changer"]), "\(pause)")
        #expect(grammar.completions(of: ["what", "is", "the", "weather"], limit: 32) == nil)
    }
}
