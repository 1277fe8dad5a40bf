import Foundation
import Testing
import TestSupport
@testable import Voice

/// A turn whose grammar search found no path is searched again with wide beams
/// (`GrammarDecoder.searchAgainWithWideBeams`), and the search gets its own beams back after.
@Suite struct WideSearchTests {
    /// The app's recognizer over the demo's magazine names.
    static func recognizer() throws -> VoiceRecognizer {
        let registry = try GrammarGenerationTests.registry(MagazineNames(["Road Trip", "Sunday Drive"]))
        let recognizer = VoiceRecognizer(registry: registry, options: .changer)
        try recognizer.prepare()
        return recognizer
    }

    /// `sentence` said by espeak-ng's `voice`, at 16 kHz.
    static func speech(_ sentence: String, voice: SpeechFixtures.Voice) throws -> [Int16] {
        let folder = TemporaryFolder("cdc-wide-search")
        let file = folder.file("sentence.wav")
        try SpeechFixtures.speak(sentence, voice: voice, to: file)
        return try AudioFile.read(file.path).samples
    }

    /// In this voice (espeak-ng's Scottish English, fast) the usual beams prune the right path
    /// early and no path of the grammar is left at the end (found with `cdchanger-bench
    /// voice-eval`, whose end column says "searched again"). Until the noise reduction of
    /// 2026-12-06 "turn scanning off" by en-us+m3 at 140 did that; it is now heard at once.
    @Test("a turn the search finds no path for is heard by the wide search, and the next is searched with the usual beams first")
    func noPathIsSearchedAgain() throws {
        let samples = try Self.speech("carry on", voice: SpeechFixtures.Voice("en-gb-scotland", speed: 175))
        let recognizer = try Self.recognizer()
        for turn in 0..<2 {
            let result = try recognizer.recognize(samples)
            // Searched again the second time too: the usual search, not the wide one, is back.
            #expect(result.listening.searchedAgain, "turn \(turn)")
            #expect(result.hypothesis == "carry on", "turn \(turn) heard “\(result.hypothesis ?? "")”")
            #expect(result.listening.recognition.hypothesis.segments.filter { !ConfidenceFeatures.isFiller($0.word) }.map { Recognizer.baseWord($0.word) }
                    == ["carry", "on"], "the wide search's segments are the turn's")
        }
        let heard = try recognizer.recognize(try Self.speech("carry on", voice: SpeechFixtures.Voice("en-us", speed: 160)))
        #expect(!heard.listening.searchedAgain, "the usual search hears the same sentence in another voice")
        #expect(heard.hypothesis == "carry on")
    }

    @Test("a turn the phone loop hears only silence in is not searched again, and not acted on")
    func quietIsNotSearchedAgain() throws {
        let result = try Self.recognizer().recognize([Int16](repeating: 0, count: 2 * SpeechAudio.sampleRate))
        #expect(!result.listening.searchedAgain)
        #expect(result.heard == nil, "acted on “\(result.heard ?? "")”")
    }
}
