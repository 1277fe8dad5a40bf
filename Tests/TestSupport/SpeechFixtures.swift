import Foundation

/// Makes spoken WAV files for voice tests: espeak-ng says the sentence, sox mixes in road-like
/// noise at a level below the speech (docs/voice.md, "Tests").
public enum SpeechFixtures {
    /// One espeak-ng voice variant and speed (words per minute).
    public struct Voice: Sendable, CustomStringConvertible {
        public var name: String
        public var speed: Int
        public init(_ name: String, speed: Int) {
            self.name = name
            self.speed = speed
        }
        public var description: String { "\(name)@\(speed)" }
    }

    /// Noise mixed under the speech: sox's `brownnoise` or `pinknoise`, `decibels` below the
    /// speech's RMS level.
    public struct Noise: Sendable, CustomStringConvertible {
        public var kind: String
        public var decibels: Double
        public init(_ kind: String, decibels: Double) {
            self.kind = kind
            self.decibels = decibels
        }
        public var description: String { "\(kind) \(Int(decibels)) dB" }
    }

    /// "pause the track" in en-gb-x-rp at 180 words a minute: through the capture device it is
    /// heard rightly but not surely (between the thresholds −0.5 and 0.4), and its second
    /// hearings, 10 % slower and faster, are no surer (under 1.6), so it is asked back.
    /// The search may hear "the" as "that" or "my": `unsurePauseHeard` has all three, which pause
    /// alike. The clip changes when the rejection model or the hearing does: until the second
    /// hearings of 2026-12-07 it was "pause the song" in en-us+m4 at 160, which is now acted on
    /// when heard 10 % faster; before the refit of that day, "pause the track" in en-us+m3 at 140.
    /// Of nine pause clips in the asking band from the file, fed twice each through the device,
    /// four were asked back both times; this one scores nearest the band's middle (heard "pause
    /// my track", −0.09 from the file, its second hearings −0.18 and below), so it is asked back
    /// on a loaded machine too, where the device's audio comes in other chunks.
    public static let unsurePause = (sentence: "pause the track", voice: Voice("en-gb-x-rp", speed: 180))
    public static let unsurePauseHeard: Set<String> = ["pause the track", "pause that track", "pause my track"]

    /// The question that asks `heard` back, as the resolver words it.
    public static func question(askingBack heard: String) -> String { "Did you say \u{201C}\(heard)\u{201D}?" }

    /// Writes `sentence` said by `voice` to `url` (16-bit, the voice's own 22,050 Hz mono: the
    /// recognizer resamples), with `noise` mixed in when given.
    public static func speak(_ sentence: String, voice: Voice, noise: Noise? = nil, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let clean = noise == nil ? url : url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).wav")
        defer { if noise != nil { try? FileManager.default.removeItem(at: clean) } }
        let said = try runProcess("espeak-ng", ["-v", voice.name, "-s", String(voice.speed), "-w", clean.path, sentence])
        guard said.status == 0 else { throw FixtureError(message: "espeak-ng failed: \(said.error)") }
        guard let noise else { return }
        let speechLevel = try rms(of: clean)
        let seconds = try duration(of: clean)
        let raw = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString)-noise.wav")
        defer { try? FileManager.default.removeItem(at: raw) }
        try sox(["-n", "-r", "22050", "-c", "1", "-b", "16", raw.path, "synth", String(seconds), noise.kind, "vol", "0.5"])
        let gain = speechLevel / max(try rms(of: raw), 1e-6) / pow(10, noise.decibels / 20)
        try sox(["-m", clean.path, "-v", String(gain), raw.path, url.path])
    }

    /// Writes `seconds` of noise alone (no speech) at a level like loud road noise.
    public static func noiseAlone(_ kind: String, seconds: Double, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sox(["-n", "-r", "16000", "-c", "1", "-b", "16", url.path, "synth", String(seconds), kind, "vol", "0.2"])
    }

    /// Runs sox with `-R` (repeatable): its noise comes from the same seed on every run, so a
    /// test hears the same clip each time.
    private static func sox(_ arguments: [String]) throws {
        let result = try runProcess("sox", ["-R"] + arguments)
        guard result.status == 0 else { throw FixtureError(message: "sox failed: \(result.error)") }
    }

    /// sox's `stat` figure named `label` ("RMS     amplitude:", "Length (seconds):").
    private static func stat(_ label: String, of url: URL) throws -> Double {
        let result = try runProcess("sox", [url.path, "-n", "stat"])
        for line in result.error.split(separator: "\n") where line.hasPrefix(label) {
            if let value = line.split(separator: " ").last.flatMap({ Double($0) }) { return value }
        }
        throw FixtureError(message: "sox stat gave no \(label) for \(url.path): \(result.error)")
    }

    private static func rms(of url: URL) throws -> Double { try stat("RMS     amplitude:", of: url) }
    private static func duration(of url: URL) throws -> Double { try stat("Length (seconds):", of: url) }
}
