import Foundation
import Testing
import TestSupport

/// `cdchanger hear` on files, end to end: speech outside the grammar and noise alone are not
/// heard, a file that cannot be read gets a message, no microphone one line. (The driveway test,
/// DrivewayTests, says every phrase.)
@Suite("cdchanger hear, end to end")
struct VoiceHearTests {
    static let outOfGrammar = ["what's the weather like tomorrow", "call my mother", "navigate to the nearest gas station", "tell me a joke"]
    static let voices = [
        SpeechFixtures.Voice("en-us", speed: 160), SpeechFixtures.Voice("en-us+m3", speed: 140),
        SpeechFixtures.Voice("en-us+f2", speed: 180), SpeechFixtures.Voice("en-gb-x-rp", speed: 150),
    ]
    static let noises: [SpeechFixtures.Noise?] = [nil, SpeechFixtures.Noise("brownnoise", decibels: 15), SpeechFixtures.Noise("pinknoise", decibels: 15)]

    /// One clip: what is said (nil for noise alone) and the file.
    struct Clip {
        var sentence: String?
        var file: URL
        var label: String
    }

    /// `hear --json` over `clips`: one parsed object per clip, in order.
    static func hear(_ clips: [Clip], _ fixture: PlayerFixture) throws -> (objects: [[String: Any]], status: Int32, error: String) {
        let result = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "hear", "--json"] + clips.map(\.file.path),
                                    environment: fixture.environment)
        let objects = try result.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return (objects, result.status, result.error)
    }

    /// `resolve --json` for the sentences said: what each should do.
    static func expected(_ sentences: [String], _ fixture: PlayerFixture) throws -> [[String: Any]] {
        let result = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "resolve", "--json"],
                                    environment: fixture.environment, input: sentences.joined(separator: "\n") + "\n")
        return try result.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// What an object would make the player do, comparable: intent and parameters.
    static func action(_ object: [String: Any]) -> String {
        "\(object["outcome"] ?? "-") \(object["intent"] ?? "-") \(parameters(object))"
    }

    static func parameters(_ object: [String: Any]) -> String {
        (object["parameters"] as? [String: Any]).map { dictionary in
            dictionary.keys.sorted().map { "\($0)=\(dictionary[$0]!)" }.joined(separator: ",")
        } ?? ""
    }

    /// What a turn acts on, or offers when it asks back because it is unsure ("Did you say …?",
    /// one candidate): "PlaySong song=Lighthouse Lane"; "-" for anything else.
    static func meant(_ object: [String: Any]) -> String {
        let candidates = object["candidates"] as? [[String: Any]] ?? []
        switch object["outcome"] as? String {
        case "matched": return "\(object["intent"] ?? "-") \(parameters(object))"
        case "ambiguous" where candidates.count == 1 && (object["question"] as? String)?.hasPrefix("Did you say") == true:
            return "\(candidates[0]["intent"] ?? "-") \(parameters(candidates[0]))"
        default: return "-"
        }
    }

    @Test("speech outside the grammar and noise alone are not acted on (exit status 1)")
    func outOfGrammarAndNoiseAreNotHeard() throws {
        let audio = TemporaryFolder("cdc-voice")
        let fixture = try PlayerFixture()
        var clips: [Clip] = []
        for (index, sentence) in Self.outOfGrammar.enumerated() {
            for voice in [Self.voices[index % 4], Self.voices[(index + 1) % 4]] {
                let file = audio.file("o\(clips.count).wav")
                try SpeechFixtures.speak(sentence, voice: voice, noise: index == 3 ? Self.noises[2] : nil, to: file)
                clips.append(Clip(sentence: sentence, file: file, label: "\(voice)"))
            }
        }
        for kind in ["brownnoise", "pinknoise", "whitenoise"] {
            let file = audio.file("n\(clips.count).wav")
            try SpeechFixtures.noiseAlone(kind, seconds: 2, to: file)
            clips.append(Clip(sentence: nil, file: file, label: kind))
        }
        let heard = try Self.hear(clips, fixture)
        try #require(heard.objects.count == clips.count, "\(heard.error)")
        for (clip, object) in zip(clips, heard.objects) {
            // Not acted on and no question asked: rejected ("didn't catch that"), or heard as words
            // the resolver does not understand ("hasn't added support for that").
            let outcome = object["outcome"] as? String
            #expect(outcome == "notHeard" || outcome == "unsupported", "“\(clip.sentence ?? clip.label)” (\(clip.label)) heard as “\(object["heard"] ?? "")”, \(outcome ?? "-")")
            #expect(object["heard"] != nil && object["sure"] != nil && object["score"] != nil, "every object has heard, sure and score, null or not: \(object.keys.sorted())")
        }
        #expect(heard.status == 1)
    }

    /// "play disc three" in en-us+m3 at 160 words a minute is heard rightly with a score of −0.19:
    /// under the threshold for acting (0.4), over the one for asking back (−0.5); heard again 10 %
    /// slower and faster it is no surer (under 1.6), so it is asked back. (The example
    /// follows the rejection model: "play disc five" in en-us+m3 at 150 after its refit of
    /// 2026-12-07, "play disc three" in en-us at 160 before, which both models since act on;
    /// "play disc two" in en-us+m3 at 140 before each word's usual fit was taken into account.)
    @Test("a sentence heard without certainty is asked back, not run: outcome ambiguous, sure false, status 2")
    func unsureSentenceIsAskedBack() throws {
        let audio = TemporaryFolder("cdc-voice")
        let fixture = try PlayerFixture()
        let file = audio.file("unsure.wav")
        try SpeechFixtures.speak("play disc three", voice: SpeechFixtures.Voice("en-us+m3", speed: 160), to: file)
        let heard = try Self.hear([Clip(sentence: "play disc three", file: file, label: "en-us+m3")], fixture)
        #expect(heard.status == 2, "\(heard.error)")
        let object = try #require(heard.objects.first)
        #expect(object["heard"] as? String == "play disc three")
        #expect(object["sure"] as? Bool == false)
        let score = try #require(object["score"] as? Double, "\(object)")
        #expect(score >= -0.5 && score < 0.4, "asked back from −0.5, acted on from 0.4: \(score)")
        #expect(object["outcome"] as? String == "ambiguous")
        #expect(object["question"] as? String == "Did you say \u{201C}play disc three\u{201D}?")
        let candidates = try #require(object["candidates"] as? [[String: Any]])
        #expect(candidates.count == 1)
        #expect(candidates.first?["intent"] as? String == "PlayDisc")
        #expect((candidates.first?["parameters"] as? [String: Any])?["disc"] as? Int == 3)
        let reference = try Self.expected(["play disc 3"], fixture)[0]
        #expect(Set(object.keys) == Set(reference.keys).union(["heard", "sure", "score"]))

        let text = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "hear", file.path],
                                  environment: fixture.environment)
        #expect(text.status == 2)
        #expect(text.output == "\(file.path): play disc three → not sure: Did you say \u{201C}play disc three\u{201D}?\n", "\(text.output)")
    }

    /// "Next song" in en-gb-x-rp was heard as "mix songs" and turned random play on, while the
    /// grammar had "mix" for random play (ChangerShortcuts.misheardAlternatives, found by saying
    /// "next song" to the dashboard). Said at three speeds, it now does nothing but the next track.
    @Test("“next song” in a British voice is never taken for random play: acted on as the next track, asked back or refused")
    func nextSongIsNotRandomPlay() throws {
        let audio = TemporaryFolder("cdc-voice")
        let fixture = try PlayerFixture()
        let clips = try [130, 150, 175].map { speed in
            let file = audio.file("next-\(speed).wav")
            try SpeechFixtures.speak("next song", voice: SpeechFixtures.Voice("en-gb-x-rp", speed: speed), to: file)
            return Clip(sentence: "next song", file: file, label: "en-gb-x-rp@\(speed)")
        }
        let heard = try Self.hear(clips, fixture)
        try #require(heard.objects.count == clips.count, "\(heard.error)")
        let next = Self.action(try Self.expected(["next song"], fixture)[0])
        var actedRightly = 0
        for (clip, object) in zip(clips, heard.objects) {
            let outcome = object["outcome"] as? String
            if outcome == "matched" {
                let action = Self.action(object)
                #expect(action == next, "\(clip.label) heard as “\(object["heard"] ?? "")”: \(action)")
                if action == next { actedRightly += 1 }
            } else {
                #expect(["notHeard", "unsupported", "ambiguous"].contains(outcome ?? ""), "\(clip.label): \(outcome ?? "-")")
            }
            #expect(object["intent"] as? String != "Random", "\(clip.label) heard as “\(object["heard"] ?? "")”")
        }
        #expect(actedRightly >= 1, "\(heard.objects.map { "\($0["heard"] ?? "") \($0["score"] ?? "")" })")
    }

    @Test("a song of a loaded disc is heard by name; one of an album not loaded is not, until its disc is loaded")
    func songsOfLoadedDiscsAreHeard() throws {
        let audio = TemporaryFolder("cdc-voice")
        let fixture = try PlayerFixture()   // Magazine One holds the demo's first six albums, not "Night Train"
        let loaded = audio.file("lighthouse.wav"), notLoaded = audio.file("sleeper.wav")
        try SpeechFixtures.speak("play the song lighthouse lane", voice: Self.voices[0], to: loaded)
        try SpeechFixtures.speak("play the song sleeper car", voice: Self.voices[0], to: notLoaded)
        let before = try Self.hear([Clip(file: loaded, label: "loaded"), Clip(file: notLoaded, label: "not loaded")], fixture).objects
        #expect(before.count == 2)
        // Heard by name: acted on, or asked back when the score is under the threshold (this clip
        // scores near it: 1.6 since the noise reduction of 2026-12-06).
        #expect(Self.meant(before[0]) == "PlaySong song=Lighthouse Lane", "\(before[0])")
        #expect(before[1]["intent"] as? String != "PlaySong" || before[1]["outcome"] as? String != "matched", "\(before[1])")
        #expect(!(String(describing: before[1]["parameters"] ?? "")).contains("Sleeper Car"), "\(before[1])")

        #expect(try fixture.run("magazine", "load", "Magazine One", "6", "Night Train").status == 0)
        let after = try Self.hear([Clip(file: notLoaded, label: "now loaded"), Clip(file: loaded, label: "still loaded")], fixture).objects
        #expect(after.count == 2)
        #expect(Self.action(after[0]) == "matched PlaySong song=Sleeper Car", "\(after[0])")
        #expect(Self.meant(after[1]) == "PlaySong song=Lighthouse Lane", "\(after[1])")
    }

    @Test("a file that cannot be read gets one message and the others are still recognized")
    func unreadableFileIsReported() throws {
        let audio = TemporaryFolder("cdc-voice")
        let fixture = try PlayerFixture()
        let good = audio.file("good.wav")
        try SpeechFixtures.speak("pause", voice: Self.voices[0], to: good)
        let bad = audio.file("bad.wav")
        try Data("not a sound".utf8).write(to: bad)
        let result = try fixture.run("hear", "--json", bad.path, good.path)
        #expect(result.status == 1)
        #expect(result.error.contains("bad.wav"), "\(result.error)")
        #expect(result.output.split(separator: "\n").count == 1)
    }

    @Test("without a microphone: one clear message, a non-zero status")
    func missingMicrophoneIsOneMessage() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let result = try fixture.run("hear", "--mic", "hw:99,0")
        #expect(result.status == 5)
        #expect(result.error.contains("No microphone"), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(try fixture.run("status").status == 0)
        withExtendedLifetime(player) {}
    }
}
