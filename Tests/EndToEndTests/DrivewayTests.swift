import Foundation
import Testing
import TestSupport

/// The driveway test: espeak-ng says a sample of every phrase template's sentences with real
/// names (`shortcuts --spoken`), in five voice variants and speeds, clean and under brown and
/// pink noise 15 and 10 dB below the speech; `cdchanger hear --json` recognizes them as a dry
/// run. It prints what was acted on rightly per condition, what was asked back ("Did you say
/// …?", rightly or not), and every misrouted command, and fails when voice gets worse than
/// docs/voice.md reports.
@Suite("The driveway test: synthesized speech of every phrase", .serialized)
struct DrivewayTests {
    static let voices = [
        SpeechFixtures.Voice("en-us", speed: 160), SpeechFixtures.Voice("en-us+m3", speed: 140),
        SpeechFixtures.Voice("en-us+f2", speed: 180), SpeechFixtures.Voice("en-gb-x-rp", speed: 150),
        SpeechFixtures.Voice("en-us+m1", speed: 170),
    ]
    /// Noisy copies: every second sentence at 10 dB, every fourth at 15 dB.
    static let noises = [
        SpeechFixtures.Noise("brownnoise", decibels: 10), SpeechFixtures.Noise("pinknoise", decibels: 10),
        SpeechFixtures.Noise("brownnoise", decibels: 15), SpeechFixtures.Noise("pinknoise", decibels: 15),
    ]
    static let outOfGrammar = [
        "what's the weather like tomorrow", "call my mother", "navigate to the nearest gas station", "tell me a joke",
        "how far is it to the airport", "send a text to john", "what time is it", "turn on the headlights",
        "find a coffee shop", "read my messages", "set an alarm for seven", "how's the traffic", "open the window",
        "is it going to rain today", "who won the game last night", "remind me to buy milk", "take me home",
        "good morning", "thank you very much", "call the office", "turn on the air conditioning",
        "add eggs to my shopping list", "what's my battery level", "how do you spell restaurant",
    ]
    /// The magazines the sentences may name, besides the demo's "Magazine One".
    static let magazines = ["Road Trip", "Sunday Drive", "Kitchen Mix"]

    struct Clip {
        var sentence: String?
        var condition: String
        var file: URL
    }

    /// Recognizes `clips` with two `hear --json` processes side by side (the machine's two cores),
    /// at low priority (`nice`): the suite's tests that measure time run beside this one, and a
    /// second of theirs must not wait for minutes of speech recognition.
    static func hear(_ clips: [Clip], _ fixture: PlayerFixture) throws -> [[String: Any]] {
        let halves = [Array(clips.enumerated().filter { $0.offset % 2 == 0 }), Array(clips.enumerated().filter { $0.offset % 2 == 1 })]
        let outputs = try halves.map { half in
            try BackgroundProcess(
                "/usr/bin/nice",
                ["-n", "15", ProjectPaths.binary, "--state-dir", fixture.state.path, "--library", fixture.library, "hear", "--json"] + half.map(\.element.file.path),
                environment: fixture.environment
            )
        }
        var objects = [[String: Any]?](repeating: nil, count: clips.count)
        for (half, process) in zip(halves, outputs) {
            try #require(process.waitForExit(timeout: 900) != nil, "hear did not finish in 15 minutes")
            let lines = process.output.split(separator: "\n")
            try #require(lines.count == half.count, "hear printed \(lines.count) lines for \(half.count) files: \(process.error)")
            for (entry, line) in zip(half, lines) {
                objects[entry.offset] = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }
        return objects.compactMap { $0 }
    }

    /// The command a "Did you say …?" question offers, as `resolve --json` would show it run.
    static func askedAbout(_ object: [String: Any]) -> [String: Any]? {
        guard object["outcome"] as? String == "ambiguous", let candidates = object["candidates"] as? [[String: Any]], candidates.count == 1 else { return nil }
        return ["outcome": "matched", "intent": candidates[0]["intent"] ?? "-", "parameters": candidates[0]["parameters"] ?? [:]]
    }

    @Test("every phrase in five voices, clean and under noise: what is acted on, what is misrouted, what is refused")
    func drivewayTest() throws {
        let fixture = try PlayerFixture()
        for name in Self.magazines { #expect(try fixture.run("magazine", "create", name).status == 0) }
        let sampled = try fixture.run("shortcuts", "--spoken", "3")
        try #require(sampled.status == 0, "\(sampled.error)")
        let candidates = Array(Set(sampled.output.split(separator: "\n").map(String.init))).sorted()
        let expected = try VoiceHearTests.expected(candidates, fixture)
        // Sentences that need a value or ask a question are not commands to act on.
        let commands = zip(candidates, expected).filter { $0.1["outcome"] as? String == "matched" }
        try #require(commands.count >= 300, "only \(commands.count) sampled sentences are commands")

        let audio = TemporaryFolder("cdc-driveway")
        var clips: [Clip] = []
        var actions: [String] = []
        for (index, (sentence, reference)) in commands.enumerated() {
            var takes: [(SpeechFixtures.Voice, SpeechFixtures.Noise?)] = [(Self.voices[index % 5], nil)]
            if index % 2 == 0 { takes.append((Self.voices[(index + 2) % 5], Self.noises[(index / 2) % 2])) }
            if index % 4 == 1 { takes.append((Self.voices[(index + 3) % 5], Self.noises[2 + (index / 4) % 2])) }
            for (voice, noise) in takes {
                let file = audio.file("c\(clips.count).wav")
                try SpeechFixtures.speak(sentence, voice: voice, noise: noise, to: file)
                clips.append(Clip(sentence: sentence, condition: noise.map { "\(Int($0.decibels)) dB" } ?? "clean", file: file))
                actions.append(VoiceHearTests.action(reference))
            }
        }
        for (index, sentence) in Self.outOfGrammar.enumerated() {
            for (take, noise) in [nil, Self.noises[index % 4]].enumerated() {
                let file = audio.file("o\(clips.count).wav")
                try SpeechFixtures.speak(sentence, voice: Self.voices[(index + take) % 5], noise: noise, to: file)
                clips.append(Clip(sentence: nil, condition: "outside", file: file))
            }
        }
        for (index, kind) in ["brownnoise", "pinknoise", "whitenoise"].enumerated() {
            for seconds in [1.0, 2.5] {
                let file = audio.file("n\(clips.count)-\(index).wav")
                try SpeechFixtures.noiseAlone(kind, seconds: seconds, to: file)
                clips.append(Clip(sentence: nil, condition: "outside", file: file))
            }
        }

        let heard = try Self.hear(clips, fixture)
        try #require(heard.count == clips.count)
        var tally: [String: (right: Int, total: Int)] = [:]
        var askedBack: [String: (right: Int, total: Int)] = [:]
        var outsideActedOn: [String] = []
        var misrouted: [String] = []
        for (index, (clip, object)) in zip(clips, heard).enumerated() {
            let acted = object["outcome"] as? String == "matched"
            guard let sentence = clip.sentence else {
                if acted { outsideActedOn.append("\(clip.file.lastPathComponent) heard as “\(object["heard"] ?? "")”") }
                tally["outside", default: (0, 0)].total += 1
                if !acted { tally["outside", default: (0, 0)].right += 1 }
                continue
            }
            tally[clip.condition, default: (0, 0)].total += 1
            if object["sure"] as? Bool == false, let asked = Self.askedAbout(object) {
                askedBack[clip.condition, default: (0, 0)].total += 1
                if VoiceHearTests.action(asked) == actions[index] { askedBack[clip.condition, default: (0, 0)].right += 1 }
            }
            guard acted else { continue }
            if VoiceHearTests.action(object) == actions[index] {
                tally[clip.condition, default: (0, 0)].right += 1
            } else {
                misrouted.append("“\(sentence)” (\(clip.condition)) heard as “\(object["heard"] ?? "")”")
            }
        }
        let table = tally.keys.sorted().map { key in
            let entry = tally[key]!
            let asked = askedBack[key].map { ", asked back \($0.total) (\($0.right) rightly)" } ?? ""
            return "\(key): \(entry.right) of \(entry.total) (\(entry.right * 100 / max(entry.total, 1)) %)\(asked)"
        }
        print("Driveway test, \(commands.count) sentences: " + table.joined(separator: "; ") + "; misrouted: \(misrouted.count) of \(clips.filter { $0.sentence != nil }.count)")
        for line in misrouted + outsideActedOn.map({ "outside: \($0)" }) { print("  \(line)") }
        // The issue's goals — none misrouted, none outside the grammar acted on, 97 % right clean,
        // 90 % at 10 dB — are not met yet (docs/voice.md, "Accuracy"). These bounds sit a little
        // past what docs/voice.md reports, so that a change that makes voice worse fails here.
        let commandClips = clips.filter { $0.sentence != nil }.count
        #expect(misrouted.count * 1000 <= 15 * commandClips, "\(misrouted.count) of \(commandClips) misrouted: \(misrouted.joined(separator: "; "))")
        let outside = tally["outside"] ?? (0, 0)
        #expect(outside.right * 100 >= 95 * outside.total, "acted on: \(outsideActedOn.joined(separator: "; "))")
        // Acted on rightly, and acted on or asked back rightly ("Did you say …?" then "yes").
        let floors = ["clean": (79, 87), "15 dB": (82, 88), "10 dB": (74, 84)]
        for (condition, (acted, answered)) in floors {
            let entry = tally[condition] ?? (0, 0)
            let withAsked = entry.right + (askedBack[condition]?.right ?? 0)
            #expect(entry.total > 0 && entry.right * 100 >= acted * entry.total, "\(condition): \(entry.right) of \(entry.total) acted on rightly, under \(acted) %")
            #expect(withAsked * 100 >= answered * entry.total, "\(condition): \(withAsked) of \(entry.total) acted on or asked back rightly, under \(answered) %")
        }
    }
}
