import Foundation
import Playback
import Testing
import TestSupport

/// A disc cut from one continuous piece plays back as exactly that piece's samples: no sample
/// added or lost at any track boundary.
@Suite("Gapless playback")
struct GaplessTests {
    @Test("a continuous piece cut at odd sample positions renders to the original length and equals the per-track decodes concatenated",
          arguments: [[33_333, 51_001, 24_567], [100_003, 1_234, 60_000, 44_101]])
    func continuousPiece(cuts: [Int]) throws {
        let folder = try TemporaryFolder()
        let total = cuts.reduce(0, +)
        let piece = folder.file("piece.wav")
        // One continuous sweep: any gap or overlap at a boundary would change the sample count.
        try runTool(["sox", "-r", "44100", "-c", "2", "-n", "-b", "16", piece, "synth", "\(total)s", "sine", "200-2000", "vol", "0.5"])
        var tracks: [String] = []
        var start = 0
        for (index, length) in cuts.enumerated() {
            let wav = folder.file("cut\(index).wav")
            let mp3 = folder.file("cut\(index).mp3")
            try runTool(["sox", piece, wav, "trim", "\(start)s", "\(length)s"])
            try runTool(["lame", "--quiet", "-V", "2", wav, mp3])
            tracks.append(mp3)
            start += length
        }
        let concatenated = try tracks.flatMap { try Fixture.reference($0, in: folder) }
        let (wav, events) = try renderGaplessly(tracks, into: folder.file("disc.wav"))
        #expect(wav.samples.count == total * 2, "exactly the original sample count")
        #expect(wav.samples == concatenated)
        #expect(events.compactMap(\.startedItem) == (1...UInt64(cuts.count)).map { $0 })
    }
}
