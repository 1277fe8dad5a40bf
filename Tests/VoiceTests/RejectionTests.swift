import ChangerIntents
import Foundation
import Testing
import TestSupport
@testable import Voice

/// The confidence measure: a recording's score does not depend on what was recognized before it.
@Suite struct RejectionTests {
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
