import Foundation

/// A song: pad chords, a bass line, a drum loop and a melody that a seeded random walk takes over
/// the album's scale, landing on chord tones on strong beats. The melody waits two bars so the
/// announcement sits over the intro; one extra bar closes on the tonic.
struct SongRenderer {
    let synth: Synth
    let music: AlbumDescription.Music
    let work: URL

    /// Renders `bars` bars over `progression` (one chord a bar) into `output`.
    func render(into output: String, bars: Int, progression: [String], seed: Int) throws {
        var random = SeededRandom(seed: seed)
        let rate = synth.rate, meter = music.meter, key = music.key
        let eighth = rate * 30 / music.bpm  // samples per eighth note
        let barLength = eighth * meter
        var pad: [String] = [], bass: [String] = [], drums: [String] = [], lead: [String] = []
        // Melody pitches: the scale over two octaves from the key note.
        let melody = [0, 12].flatMap { octave in music.scale.map { key + octave + $0 } } + [key + 24]
        var position = melody.count / 3  // start low in the range

        for bar in 0...bars {
            let ending = bar == bars
            let (root, quality) = Synth.chord(ending ? music.tonic : progression[bar % progression.count])
            pad.append(try synth.tone(barLength, music.pad, try Synth.chordTones(key + root - 12, quality)))

            // Bass: R root, F fifth, O octave start a note lasting until the next letter, '.'
            // holds it, '-' rests. The closing bar holds its root.
            var line = music.bassline
            if ending { line = ["R"] + line.dropFirst().map { $0 == "F" || $0 == "O" ? "." : $0 } }
            var slot = 0
            while slot < meter {
                var length = 1
                while slot + length < meter, line[slot + length] == "." { length += 1 }
                switch line[slot] {
                case "R": bass.append(try synth.tone(length * eighth, "bass", [key + root - 24]))
                case "F": bass.append(try synth.tone(length * eighth, "bass", [key + root - 17]))
                case "O": bass.append(try synth.tone(length * eighth, "bass", [key + root - 12]))
                default: bass.append(try synth.rest(length * eighth))
                }
                slot += length
            }

            // Drums: the album's one-bar loop; the closing bar gets one kick.
            for slot in 0..<meter {
                let pattern: Character = ending ? (slot == 0 ? "K" : ".") : music.drums[slot]
                drums.append(try synth.drum(eighth, pattern))
            }

            // Melody.
            if bar < 2 {
                lead.append(try synth.rest(barLength))
                continue
            }
            if ending {
                lead.append(try synth.tone(barLength, music.lead, [key]))
                continue
            }
            slot = 0
            while slot < meter {
                var length = 1
                if random.next(10) < 4, slot % 2 == 0, slot + 1 < meter { length = 2 }
                var step = random.next(7) - 3
                if step > 2 || step < -2 { step /= 2 }
                position += step
                if position < 0 { position = 1 }
                if position >= melody.count { position = melody.count - 2 }
                // Strong beats land on the nearest chord tone.
                if slot % (meter / 2) == 0 {
                    let tones = try Synth.chordTones(0, quality)
                    for offset in [0, 1, -1, 2, -2, 3, -3] {
                        let candidate = position + offset
                        guard melody.indices.contains(candidate) else { continue }
                        let relative = ((melody[candidate] - key - root) % 12 + 12) % 12
                        if tones.contains(relative) {
                            position = candidate
                            break
                        }
                    }
                }
                if random.next(8) == 0, slot % 2 == 1 {
                    lead.append(try synth.rest(length * eighth))
                } else {
                    lead.append(try synth.tone(length * eighth, music.lead, [melody[position]]))
                }
                slot += length
            }
        }

        let folder = work.appendingPathComponent("song")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func layer(_ name: String) -> String { folder.appendingPathComponent(name + ".wav").path }
        for (name, notes, left, right) in [("pad", pad, "0.85", "0.85"), ("bass", bass, "0.9", "0.9"), ("drums", drums, "0.6", "0.85"), ("lead", lead, "0.85", "0.6")] {
            try synth.concatenate(notes, into: layer(name))
            try synth.place(layer(name), layer(name + "P"), left: left, right: right)
        }
        // Mix, let the reverb ring out for a second, fade the tail, and set the music's peak to
        // -14 dBFS (the voice goes on top).
        let total = (bars + 1) * barLength + rate
        try Tool.sox(["-m", "-v", music.gains.pad, layer("padP"), "-v", music.gains.bass, layer("bassP"),
                      "-v", music.gains.drums, layer("drumsP"), "-v", music.gains.lead, layer("leadP")] + Synth.floatWAV
            + [output, "pad", "0", "\(rate)s", "reverb", "35", "50", "80", "fade", "q", "0.01", "\(total)s", "1.2", "gain", "-n", "-14"])
    }
}

/// The melody's dice: a plain linear congruential generator, the same numbers on every run.
struct SeededRandom {
    private var state: Int

    init(seed: Int) { state = seed }

    /// A number from 0 to `bound` - 1.
    mutating func next(_ bound: Int) -> Int {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
        return (state >> 10) % bound
    }
}
