import Foundation
import Testing
import TestSupport
@testable import Voice

/// The word calibration of the confidence measure (`WordFitCalibration`): each word's usual fit
/// against the phone loop, learned from rightly heard sentences, comes off its gap before the
/// rejection model scores a turn, so a word that always fits the model badly ("disc") no longer
/// makes its sentences look misheard.
@Suite struct WordFitCalibrationTests {
    /// One word's gap over `frames` frames (natural log per frame).
    static func gap(_ word: String, _ perMille: Double, frames: Int = 10) -> ConfidenceFeatures.WordGap {
        ConfidenceFeatures.WordGap(word: word, gap: perMille / 1000, frames: frames)
    }

    @Test("a word's offset is its mean gap less the mean over all words, shrunk towards 0 by how seldom it was seen")
    func fitting() {
        // "disc" fits 3 worse than the rest every time, "changer" 1 better; "zorblax" is seen once.
        var sentences = (0..<20).map { _ in [Self.gap("play", -2), Self.gap("disc", -5), Self.gap("changer", -1)] }
        sentences.append([Self.gap("zorblax", -8, frames: 30)])
        let calibration = WordFitCalibration.fit(sentences)
        let total: Double = 20 * (-2 - 5 - 1) * 10 - 8 * 30
        let overall: Double = total / 630
        func shrunk(_ count: Double, _ mean: Double) -> Double { (count * mean + 5 * overall) / (count + 5) - overall }
        #expect(abs(calibration.offset(of: "disc") - shrunk(20, -5)) < 1e-9)
        #expect(abs(calibration.offset(of: "changer") - shrunk(20, -1)) < 1e-9)
        #expect(calibration.offset(of: "disc") < calibration.offset(of: "play") && calibration.offset(of: "play") < calibration.offset(of: "changer"))
        // Seen once, a word moves a sixth of the way from 0 to its own difference.
        #expect(abs(calibration.offset(of: "zorblax") - (-8 - overall) / 6) < 1e-9)
        #expect(calibration.offset(of: "never-seen") == 0)
        #expect(WordFitCalibration.fit([]) == .none)
    }

    @Test("only the words kept get an offset, measured against the mean over all words")
    func keptWords() {
        let sentences = [[Self.gap("a", -9), Self.gap("disc", -5), Self.gap("changer", -1)]]
        let all = WordFitCalibration.fit(sentences)
        let kept = WordFitCalibration.fit(sentences) { $0 != "a" }
        #expect(kept.offsets.keys.sorted() == ["changer", "disc"])
        #expect(kept.offset(of: "disc") == all.offset(of: "disc") && kept.offset(of: "a") == 0)
    }

    @Test("a pronunciation variant counts as its word")
    func variantsCountAsTheirWord() {
        let calibration = WordFitCalibration.fit([[Self.gap("the", -4), Self.gap("the(2)", -4), Self.gap("stop", -1)]])
        #expect(calibration.offsets.keys.sorted() == ["stop", "the"])
        #expect(calibration.offset(of: "the(2)") == calibration.offset(of: "the"))
    }

    @Test("the listing reads back as the same table")
    func listingRoundTrip() {
        let calibration = WordFitCalibration(offsets: ["disc": -1.18, "changer": 1.152, "a": -0.005, "up": 0])
        #expect(calibration.listing == "a -0.005\nchanger 1.152\ndisc -1.180\nup 0.000")
        #expect(WordFitCalibration(listing: calibration.listing) == calibration)
    }

    /// A recognition of `words` (10 frames each, after 20 frames of silence) whose grammar path
    /// scores `scores` per word against a phone loop that scores 0 everywhere.
    static func recognition(_ words: [String], scores: [Int32]) -> Recognition {
        var segments = [Segment(word: "<sil>", startFrame: 0, endFrame: 19, acousticScore: 0, languageScore: 0)]
        for (index, (word, score)) in zip(words, scores).enumerated() {
            segments.append(Segment(word: word, startFrame: 20 + 10 * index, endFrame: 29 + 10 * index, acousticScore: score, languageScore: 0))
        }
        let frames = 20 + 10 * words.count
        let loop = [Segment(word: "SIL", startFrame: 0, endFrame: frames - 1, acousticScore: 0, languageScore: 0)]
        let features = ConfidenceFeatures(grammar: segments, phones: loop, frames: frames, unit: 0.001)
        return Recognition(
            hypothesis: GrammarHypothesis(words: words.joined(separator: " "), segments: segments, frameCount: frames), phones: loop,
            features: features, text: words.joined(separator: " "), heardPhones: [], voicedFraction: 1, rivalMargin: nil
        )
    }

    @Test("the gap features are taken against each word's offset: the speech and utterance gaps by its frames, the worst word by its own")
    func featuresAgainstTheCalibration() {
        // Gaps (per mille): play −2, disc −5, three −3.
        let heard = Self.recognition(["play", "disc", "three"], scores: [-20, -50, -30])
        let plain = RejectionModel(weights: [], bias: 0, threshold: 0).features(of: heard)
        #expect(abs(plain[0] - -10.0 / 3) < 1e-9 && abs(plain[1] - -5) < 1e-9 && abs(plain[2] - -2) < 1e-9)
        let calibration = WordFitCalibration(offsets: ["disc": -3, "play": 0.5])
        let calibrated = RejectionModel(weights: [], bias: 0, threshold: 0, calibration: calibration).features(of: heard)
        // Word gaps now −2.5, −2, −3: the worst word is "three"; the offsets' frames shift the means.
        #expect(abs(calibrated[0] - -7.5 / 3) < 1e-9)
        #expect(abs(calibrated[1] - -3) < 1e-9)
        #expect(abs(calibrated[2] - (-2 + 2.5 * 10 / 50)) < 1e-9)
        #expect(calibrated[3...] == plain[3...])
    }

    /// "Play disc three" in the driveway test's five voices and speeds: heard right, it scored under the
    /// threshold in four of them, because "disc" fits the model worse than most words.
    @Test("the standard calibration scores “play disc three” higher in every voice that hears it, and acts on it in more")
    func playDiscThreeScoresHigher() throws {
        let registry = try SoundAlikePhraseTests.registry()
        let calibrated = VoiceRecognizer(registry: registry, options: .changer)
        var uncalibratedModel = RejectionModel.standard
        uncalibratedModel.calibration = .none
        let uncalibrated = VoiceRecognizer(registry: registry, options: .changer, rejection: uncalibratedModel)
        let folder = TemporaryFolder("cdc-word-fit")
        var acted = (calibrated: 0, uncalibrated: 0)
        let voices = [
            SpeechFixtures.Voice("en-us", speed: 160), SpeechFixtures.Voice("en-us+m3", speed: 140), SpeechFixtures.Voice("en-us+f2", speed: 180),
            SpeechFixtures.Voice("en-gb-x-rp", speed: 150), SpeechFixtures.Voice("en-us+m1", speed: 170),
        ]
        for voice in voices {
            let file = folder.file("\(voice.name)-\(voice.speed).wav")
            try SpeechFixtures.speak("play disc three", voice: voice, to: file)
            let samples = try AudioFile.read(file.path).samples
            let with = try calibrated.recognize(samples), without = try uncalibrated.recognize(samples)
            #expect(with.hypothesis == without.hypothesis)
            guard with.hypothesis == "play disc three" else { continue }
            #expect(with.score > without.score + 1, "\(voice): \(with.score) against \(without.score)")
            if with.heard != nil { acted.calibrated += 1 }
            if without.heard != nil { acted.uncalibrated += 1 }
        }
        #expect(acted.calibrated > acted.uncalibrated, "\(acted)")
    }
}
