import Foundation

/// Night Drive: one continuous piece, rendered once, to be cut into tracks at sample positions
/// that are no multiples of 576 or 1152. An open-fifth drone (A2 + E3) throughout, softly
/// pulsing; a sub sweep rising from A1 to E2 over the whole piece; a quiet high shimmer, 1 Hz
/// apart between the channels; overlapping pad chords that cross-fade; a steady plucked
/// arpeggio, so a gap also shows as a stumble in time. Any gap or click at a cut cuts through all.
struct NightDriveRenderer {
    let synth: Synth
    let music: AlbumDescription.Music
    let work: URL

    func render(into output: String) throws {
        let folder = work.appendingPathComponent("night")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func file(_ name: String) -> String { folder.appendingPathComponent(name + ".wav").path }
        let rate = synth.rate
        let format = ["-r", String(rate)], float = Synth.floatWAV
        let eighth = rate * 30 / music.bpm
        let segment = eighth * 16  // two bars a chord
        let chords = music.chords.map(Synth.chord)
        let body = segment * chords.count
        let total = body + 2 * rate  // and two seconds to ring out

        // Drone, sweep and shimmer span the whole piece in single synth runs.
        try Tool.sox(format + ["-c", "2", "-n"] + float + [file("drone"), "synth", "\(total)s", "sine", "%-24", "triangle", "%-17",
                                                         "remix", "-", "tremolo", "0.25", "35", "channels", "2"])
        try Tool.sox(format + ["-c", "1", "-n"] + float + [file("sweep"), "synth", "\(total)s", "sine", "55:82.41", "channels", "2"])
        try Tool.sox(format + ["-c", "2", "-n"] + float + [file("shimmer"), "synth", "\(total)s", "sine", "880", "sine", "881"])

        // Pads: each chord lasts its two bars plus a second either side, faded in and out, so
        // neighbours overlap instead of dipping.
        let overlap = rate
        var pads: [String] = []
        for (index, (root, quality)) in chords.enumerated() {
            let triad = try Synth.chordTones(root - 12, quality)
            var start = index * segment - overlap, length = segment + 2 * overlap
            if start < 0 { (start, length) = (0, segment + overlap) }
            try Tool.sox(format + ["-c", "4", "-n"] + float + [file("pad\(index)"), "synth", "\(length)s", "triangle", "%\(triad[0])",
                                                             "triangle", "%\(triad[1])", "triangle", "%\(triad[2])", "sine", "%\(triad[0] + 12)",
                                                             "remix", "-", "vol", "0.4", "lowpass", "1400", "fade", "h", "\(overlap)s", "\(length)s", "\(overlap)s",
                                                             "pad", "\(start)s"])
            pads += ["-v", "1", file("pad\(index)")]
        }
        try Tool.sox(["-m"] + pads + float + [file("pads"), "remix", "1v0.9", "1v0.8"])

        // Arpeggio in eighths over the chord of the moment: root, fifth, octave, tenth, octave,
        // fifth, third, fifth.
        let pattern = [0, 2, 3, 4, 3, 2, 1, 2]
        var notes: [String] = []
        for step in 0..<(chords.count * 16) {
            let (root, quality) = chords[step / 16]
            let tones = try Synth.chordTones(root, quality)
            let choices = [tones[0], tones[1], tones[2], tones[0] + 12, tones[1] + 12]
            notes.append(try synth.tone(eighth, "pluck", [choices[pattern[step % 8]]]))
        }
        notes.append(try synth.tone(2 * rate, "pluck", [0]))
        try synth.concatenate(notes, into: file("arp_mono"))
        try Tool.sox([file("arp_mono")] + float + [file("arp"), "remix", "1v0.6", "1v0.9"])

        try Tool.sox(["-m", "-v", "0.30", file("drone"), "-v", "0.22", file("sweep"), "-v", "0.03", file("shimmer"),
                      "-v", "0.30", file("pads"), "-v", "0.25", file("arp")] + float
            + [file("music"), "reverb", "45", "40", "90", "trim", "0", "\(total)s", "fade", "q", "2", "\(total)s", "2", "gain", "-n", "-14"])
        guard try Tool.samples(file("music")) == total else { throw Tool.Failure(description: "Night Drive has the wrong length") }
        try FileManager.default.copyItem(atPath: file("music"), toPath: output)
    }
}
