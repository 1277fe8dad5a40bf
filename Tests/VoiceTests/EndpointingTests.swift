import ChangerIntents
import Foundation
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

    /// The monologue at 16 kHz.
    static let speech: Result<[Int16], any Error> = Result {
        let folder = TemporaryFolder("cdc-endpointing")
        let file = folder.file("monologue.wav")
        try SpeechFixtures.speak(monologue, voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        return try AudioFile.read(file.path).samples
    }

    @Test("speech that goes on past 8 s ends the turn after 8 s of audio, and is not acted on")
    func continuousSpeechEndsAtTheTimeLimit() throws {
        let samples = try Self.speech.get()
        #expect(samples.count > 12 * SpeechAudio.sampleRate, "the monologue is only \(samples.count / 16) ms")
        // Streamed through the listener as a microphone's audio, from a fresh start (so the
        // tests' order does not matter), with the quiet a microphone hears before speech.
        let turn = try Self.recognizer.get().recognize(samples)
        #expect(turn.end == .timeLimit, "ended by \(turn.end) after \(turn.listening.samplesRead / 16) ms")
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
}
