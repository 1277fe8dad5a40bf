import Foundation
import Testing
import TestSupport
@testable import Voice

/// A turn not acted on at its own speed is heard again played 10 % slower and 10 % faster
/// (`Listener.secondHearingSpeeds`), and the best of those hearings is acted on from
/// `RejectionModel.secondHearingThreshold`; a turn acted on at once, or one of silence, is not
/// heard again.
@Suite struct SecondHearingTests {
    /// Clips found with `cdchanger-bench voice-eval` and these magazines: heard wrongly or
    /// doubtfully at their own speed ("next song" as "mute this song" at −0.5, refused), and
    /// rightly, with confidence, 10 % faster (2.9 and 2.7).
    @Test("a turn heard doubtfully at its own speed is acted on when a second hearing is sure", arguments: [
        ("next song", SpeechFixtures.Voice("en-us", speed: 140)), ("play disc five", SpeechFixtures.Voice("en-us+m1", speed: 180)),
    ])
    func doubtfulTurnIsHeardAgain(sentence: String, voice: SpeechFixtures.Voice) throws {
        let recognizer = try WideSearchTests.recognizer()
        let turn = try recognizer.recognize(try WideSearchTests.speech(sentence, voice: voice))
        let first = recognizer.rejection.score(recognizer.rejection.features(of: turn.listening.recognition))
        #expect(first < recognizer.rejection.threshold, "heard “\(turn.listening.recognition.text ?? "")” at \(first) the first time")
        #expect(turn.listening.secondHearings.map(\.speed) == [0.9, 1.1])
        #expect(turn.heard == sentence, "acted on “\(turn.heard ?? "")”, asked “\(turn.unsure ?? "")”")
        #expect(turn.speed != nil)
        #expect(turn.score >= recognizer.rejection.secondHearingThreshold)
        #expect(turn.recognition.text == sentence, "the turn carries the hearing it was judged by")
    }

    @Test("a turn acted on at its own speed is not heard again")
    func sureTurnIsNotHeardAgain() throws {
        let recognizer = try WideSearchTests.recognizer()
        let turn = try recognizer.recognize(try WideSearchTests.speech("stop the music", voice: SpeechFixtures.Voice("en-us", speed: 160)))
        #expect(turn.heard == "stop the music")
        #expect(turn.listening.secondHearings.isEmpty)
        #expect(turn.speed == nil)
    }

    /// `cdchanger-bench voice-eval --fit` measures first hearings so.
    @Test("a model that acts on no second hearing hears no turn again")
    func noSecondHearingsForAnInfiniteThreshold() throws {
        var model = RejectionModel.standard
        model.secondHearingThreshold = .infinity
        let registry = try GrammarGenerationTests.registry(MagazineNames(["Road Trip", "Sunday Drive"]))
        let recognizer = VoiceRecognizer(registry: registry, options: .changer, rejection: model)
        let turn = try recognizer.recognize(try WideSearchTests.speech("next song", voice: SpeechFixtures.Voice("en-us", speed: 140)))
        #expect(turn.listening.secondHearings.isEmpty)
        #expect(turn.heard == nil, "acted on “\(turn.heard ?? "")”")
    }

    @Test("silence is not heard again")
    func silenceIsNotHeardAgain() throws {
        let turn = try WideSearchTests.recognizer().recognize([Int16](repeating: 0, count: 2 * SpeechAudio.sampleRate))
        #expect(turn.listening.secondHearings.isEmpty)
        #expect(turn.heard == nil)
    }

    /// Speech meant for someone else gets the second hearing too (it is not acted on at its own
    /// speed), and still is not acted on.
    @Test("speech outside the grammar is heard again and still not acted on", arguments: [
        ("what's the weather like tomorrow", SpeechFixtures.Voice("en-us", speed: 160)),
        ("call my mother", SpeechFixtures.Voice("en-us+f2", speed: 180)),
        ("how long until we get there", SpeechFixtures.Voice("en-us+m3", speed: 160)),
    ])
    func outsideSpeechStaysUnheard(sentence: String, voice: SpeechFixtures.Voice) throws {
        let turn = try WideSearchTests.recognizer().recognize(try WideSearchTests.speech(sentence, voice: voice))
        #expect(turn.listening.secondHearings.count == 2)
        #expect(turn.heard == nil, "acted on “\(turn.heard ?? "")”")
    }
}
