import Foundation

/// Sound sources at one album's rate, rendered by sox into a cache folder. Every note is exactly
/// N samples long, so layers built by joining notes stay on one sample-accurate grid; notes are
/// cached by timbre, length and pitch, as a track reuses most of them. Pitches are semitones
/// from A4 (sox's "%n"). Intermediate audio is 32-bit float WAV, so nothing clips between steps.
struct Synth {
    let rate: Int
    let channels: Int
    let cache: URL

    static let floatWAV = ["-e", "floating-point", "-b", "32"]

    /// One note, or a chord of several pitches, in a timbre: pluck, bass, sine, bell, padsine,
    /// square, triangle or padtri.
    func tone(_ samples: Int, _ timbre: String, _ pitches: [Int]) throws -> String {
        let path = cache.appendingPathComponent("\(timbre)_\(samples)_\(pitches.map(String.init).joined(separator: "_")).wav").path
        if FileManager.default.fileExists(atPath: path) { return path }
        let wave: String
        switch timbre {
        case "pluck", "bass": wave = "pluck"
        case "sine", "bell", "padsine": wave = "sine"
        case "square": wave = "square"
        case "triangle", "padtri": wave = "triangle"
        default: throw Tool.Failure(description: "unknown timbre \(timbre)")
        }
        var generators: [String] = []
        for pitch in pitches {
            generators += [wave, "%\(pitch)"]
            // A bell is a sine with a quieter octave above it.
            if timbre == "bell" { generators += ["sine", "%\(pitch + 12)"] }
        }
        let length = "\(samples)s"
        let effects: [String] = switch timbre {
        case "pluck": ["fade", "q", "0.002", length, "0.04"]
        case "bass": ["lowpass", "900", "fade", "q", "0.004", length, "0.05"]
        case "sine", "triangle": ["fade", "h", "0.02", length, "0.08"]
        case "square": ["lowpass", "1300", "lowpass", "2600", "fade", "h", "0.015", length, "0.08"]
        case "bell": ["fade", "l", "0.003", length, "\(samples * 9 / 10)s"]
        case "padsine": ["tremolo", "4.5", "12", "fade", "h", "0.25", length, "0.35"]
        default: ["lowpass", "1600", "fade", "h", "0.25", length, "0.35"]  // padtri
        }
        try Tool.sox(["-r", String(rate), "-c", String(generators.count / 2), "-n"] + Synth.floatWAV + [path, "synth", length]
            + generators + ["remix", "-", "vol", "0.5"] + effects)
        return path
    }

    /// `samples` of silence.
    func rest(_ samples: Int) throws -> String {
        let path = cache.appendingPathComponent("rest_\(samples).wav").path
        if !FileManager.default.fileExists(atPath: path) {
            try Tool.sox(["-r", String(rate), "-c", "1", "-n"] + Synth.floatWAV + [path, "trim", "0", "\(samples)s"])
        }
        return path
    }

    /// One drum slot of `samples`: k kick, s brush snare, h hat, K kick and hat, S snare and hat,
    /// . nothing. The noise is seeded (sox -R), so the hits are the same on every run.
    func drum(_ samples: Int, _ pattern: Character) throws -> String {
        if pattern == "." { return try rest(samples) }
        let path = cache.appendingPathComponent("drum_\(pattern)_\(samples).wav").path
        if FileManager.default.fileExists(atPath: path) { return path }
        let kickLength = min(rate / 6, samples), snareLength = min(rate / 7, samples), hatLength = min(rate / 25, samples)
        func hit(_ name: String, _ length: Int, fadeIn: String, _ source: [String]) throws -> String {
            let hitPath = cache.appendingPathComponent("\(name)_\(samples).wav").path
            if !FileManager.default.fileExists(atPath: hitPath) {
                try Tool.sox(["-r", String(rate), "-c", "1", "-n"] + Synth.floatWAV + [hitPath, "synth", "\(length)s"] + source
                    + ["fade", "l", fadeIn, "\(length)s", "\(length)s", "pad", "0", "\(samples - length)s"])
            }
            return hitPath
        }
        let kick = { try hit("kick", kickLength, fadeIn: "0.002", ["sine", "110:42", "vol", "0.5"]) }
        let snare = { try hit("snare", snareLength, fadeIn: "0.001", ["pinknoise", "vol", "0.25", "highpass", "700", "lowpass", "5000"]) }
        let hat = { try hit("hat", hatLength, fadeIn: "0.001", ["whitenoise", "vol", "0.15", "highpass", "7000"]) }
        switch pattern {
        case "k": try FileManager.default.copyItem(atPath: try kick(), toPath: path)
        case "s": try FileManager.default.copyItem(atPath: try snare(), toPath: path)
        case "h": try FileManager.default.copyItem(atPath: try hat(), toPath: path)
        case "K": try Tool.sox(["-m", "-v", "1", try kick(), "-v", "1", try hat()] + Synth.floatWAV + [path])
        case "S": try Tool.sox(["-m", "-v", "1", try snare(), "-v", "1", try hat()] + Synth.floatWAV + [path])
        default: throw Tool.Failure(description: "unknown drum pattern character '\(pattern)'")
        }
        return path
    }

    /// Joins equal-format files end to end.
    func concatenate(_ paths: [String], into output: String) throws {
        try Tool.sox(paths + Synth.floatWAV + [output])
    }

    /// A mono layer in the album's channel layout, panned by the two gains when it is stereo.
    func place(_ input: String, _ output: String, left: String, right: String) throws {
        if channels == 2 {
            try Tool.sox([input] + Synth.floatWAV + [output, "remix", "1v\(left)", "1v\(right)"])
        } else {
            try FileManager.default.copyItem(atPath: input, toPath: output)
        }
    }

    /// Semitone offsets of a triad: M major, m minor.
    static func chordTones(_ root: Int, _ quality: String) throws -> [Int] {
        switch quality {
        case "M": return [root, root + 4, root + 7]
        case "m": return [root, root + 3, root + 7]
        default: throw Tool.Failure(description: "unknown chord quality \(quality)")
        }
    }

    /// "5:M" → (5, "M").
    static func chord(_ text: String) -> (root: Int, quality: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        return (Int(parts.first ?? "") ?? 0, parts.count > 1 ? String(parts[1]) : "M")
    }
}
