import ChangerIntents
import Foundation
import Testing
import TestSupport
@testable import Voice

/// What the confidence measure decides: act, ask back ("Did you say …?") or say it did not catch
/// that (a sentence with a number needs more to be acted on); and that a recording's score does
/// not depend on what was recognized before it.
@Suite struct RejectionTests {
    @Test("scores from the threshold up act, from the confirmation threshold up ask back, lower ones are rejected", arguments: [
        (5.0, RejectionModel.Verdict.accept), (2.0, .accept), (1.99, .confirm), (0.5, .confirm), (0.0, .confirm), (-0.01, .reject), (-6.0, .reject),
    ])
    func verdicts(score: Double, verdict: RejectionModel.Verdict) {
        #expect(RejectionModel.standard.threshold == 2)
        #expect(RejectionModel.standard.confirmThreshold == 0)
        #expect(RejectionModel.standard.verdict(score) == verdict)
    }

    @Test("a sentence with a number needs 4.0 to be acted on; under it, it is asked back", arguments: [
        (4.0, RejectionModel.Verdict.accept), (3.99, .confirm), (2.0, .confirm), (0.0, .confirm), (-0.5, .reject),
    ])
    func numberVerdicts(score: Double, verdict: RejectionModel.Verdict) {
        #expect(RejectionModel.standard.verdict(score, hasNumber: true) == verdict)
    }

    @Test("a number is a number word, an ordinal or digits, in commands and in names", arguments: [
        ("play disc three", true), ("play the third magazine", true), ("skip 2 tracks", true), ("play magazine one", true),
        ("set the volume to forty", true), ("next song", false), ("pause the music", false), ("play the magazine road trip", false),
    ])
    func numbers(sentence: String, hasNumber: Bool) {
        #expect(RejectionModel.hasNumber(sentence) == hasNumber)
    }

    @Test("without a confirmation threshold nothing is asked back; thresholds on the wrong side of the threshold are moved to it")
    func confirmationBand() {
        let plain = RejectionModel(weights: [], bias: 0, threshold: 1)
        #expect(plain.verdict(0.99) == .reject)
        #expect(plain.verdict(1) == .accept)
        #expect(plain.verdict(1, hasNumber: true) == .accept, "without a number threshold numbers need what the rest needs")
        let inverted = RejectionModel(weights: [], bias: 0, threshold: 1, confirmThreshold: 3, numberThreshold: 0)
        #expect(inverted.confirmThreshold == 1)
        #expect(inverted.numberThreshold == 1)
        #expect(inverted.verdict(0.99) == .reject)
    }

    @Test("fitting finds weights that score the right examples above the wrong ones")
    func fitSeparates() {
        let right = (0..<20).map { index in (features: [Double(index % 5) + 5, 1, 1, 0.2, 10, 3, 0.8], right: true) }
        let wrong = (0..<20).map { index in (features: [Double(index % 5) - 5, 1, 1, 0.6, 10, 3, 0.4], right: false) }
        let model = RejectionModel.fit(right + wrong)
        let lowestRight = right.map { model.score($0.features) }.min() ?? 0
        let highestWrong = wrong.map { model.score($0.features) }.max() ?? 0
        #expect(lowestRight > highestWrong, "right from \(lowestRight), wrong up to \(highestWrong)")
    }

    /// A recording is heard the same whatever came before it: `recognize` starts a new stream, so
    /// the decoders' noise statistics from the clip before do not carry over. (Before they were
    /// reset, "stop" scored 2.35 first and 1.11 after other clips, acted on once and asked back
    /// the other time.) What is left is the model's Gaussian selection, which starts from the
    /// frame before.
    @Test("the same recording scores (nearly) the same first and after other recordings")
    func scoreDoesNotDependOnWhatCameBefore() throws {
        let registry = try ChangerShortcuts.makeRegistry(magazines: { [ChangerShortcuts.magazine(id: "m0", name: "Road Trip")] })
        let recognizer = VoiceRecognizer(registry: registry, options: .changer)
        let folder = TemporaryFolder("cdc-rejection")
        func samples(_ sentence: String, _ voice: SpeechFixtures.Voice, noise: SpeechFixtures.Noise? = nil) throws -> [Int16] {
            let file = folder.file("\(sentence.replacingOccurrences(of: " ", with: "-"))-\(voice.name).wav")
            try SpeechFixtures.speak(sentence, voice: voice, noise: noise, to: file)
            return try AudioFile.read(file.path).samples
        }
        let stop = try samples("stop", SpeechFixtures.Voice("en-us+f2", speed: 180))
        let first = try recognizer.recognize(stop)
        for (sentence, voice) in [("play the magazine road trip", "en-us+m3"), ("turn the volume down a little", "en-gb-x-rp"), ("next song", "en-us+f1")] {
            _ = try recognizer.recognize(try samples(sentence, SpeechFixtures.Voice(voice, speed: 150), noise: SpeechFixtures.Noise("brownnoise", decibels: 10)))
        }
        let again = try recognizer.recognize(stop)
        #expect(first.hypothesis == again.hypothesis)
        #expect(abs(first.score - again.score) < 0.5, "first \(first.score), after three other clips \(again.score)")
    }
}
