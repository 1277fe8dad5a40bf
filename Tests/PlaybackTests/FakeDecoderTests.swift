import AudioDecoding
import BuiltInDecoders
import Foundation
import Playback
import Testing
import TestSupport

/// A decoder the engine has never heard of, registered by the test (`ToneDecoder`, for a made-up
/// `.tone` file type), plays through the real engine — decoder thread, ring, output thread, WAV
/// sink — exactly as MP3 does: gaplessly, to the sample, seeking, and skipping what it can't play.
@Suite("A registered decoder plays through the engine")
struct FakeDecoderTests {
    private let decoders = DecoderRegistry.builtIn.adding(ToneDecoder.self)

    /// Writes tone files cut from one continuous tone: `cuts[i]` frames each, read in blocks of
    /// `blocks[i]` frames.
    private func continuousTone(cuts: [Int], blocks: [Int], in folder: TestSupport.TemporaryFolder) throws -> (paths: [String], whole: ToneDecoder.Tone) {
        var paths: [String] = []
        var start = 0
        for (index, frames) in cuts.enumerated() {
            let url = folder.file("\(index + 1).tone")
            try ToneDecoder.Tone(frames: frames, start: start, blockFrames: blocks[index]).write(to: url)
            paths.append(url.path)
            start += frames
        }
        return (paths, ToneDecoder.Tone(frames: start))
    }

    @Test("tracks cut at odd sample positions render to exactly the continuous tone", arguments: [
        ([33_333, 51_001, 24_567], [1024, 1, 777]),
        ([1, 100_003, 2, 60_000], [1024, 1152, 4096, 8192]),
    ])
    func gapless(cuts: [Int], blocks: [Int]) throws {
        let folder = TestSupport.TemporaryFolder("cdc-tone")
        let (paths, whole) = try continuousTone(cuts: cuts, blocks: blocks, in: folder)
        let (wav, events) = try renderGaplessly(paths, into: folder.file("disc.wav").path, decoders: decoders)
        #expect(wav.sampleRate == 44_100 && wav.channels == 2)
        #expect(wav.samples.count == 2 * cuts.reduce(0, +), "exactly the sum of the tracks' frames")
        #expect(wav.samples == whole.samples())
        #expect(events.compactMap(\.startedItem) == (1...UInt64(cuts.count)).map { $0 })
        #expect(events.compactMap(\.skippedMessage).isEmpty)
    }

    @Test("blocks larger than any MP3 frame fit at the ring's end: the overflow area is sized from the registry")
    func largeBlocks() throws {
        let folder = TestSupport.TemporaryFolder("cdc-tone")
        let block = ToneDecoder.largestBlockFrames
        // A small ring (two of the largest blocks, each with room for its filler) wraps many
        // times, at every offset the odd cuts give.
        let (paths, whole) = try continuousTone(cuts: [block * 7 + 3, block * 5 + 1001, 4097], blocks: [block, block, block], in: folder)
        let ringBytes = 2 * (ToneDecoder.largestBlockBytes + 8)
        let (wav, _) = try renderGaplessly(paths, into: folder.file("disc.wav").path, decoders: decoders, ringBytes: ringBytes, timeout: 30)
        #expect(wav.samples == whole.samples())
    }

    @Test("playing from an offset seeks through the decoder and lands on the exact frame")
    func offset() throws {
        let folder = TestSupport.TemporaryFolder("cdc-tone")
        let tone = ToneDecoder.Tone(frames: 90_000, blockFrames: 1000)
        let url = folder.file("seek.tone")
        try tone.write(to: url)
        let recorder = EventRecorder()
        let out = folder.file("out.wav").path
        let player = Player(output: OutputChoice(.wav(path: out), fast: true), decoders: decoders, onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: url.path), from: .frames(12_345))
        try recorder.waitUntilDrained(player)
        player.shutdown()
        #expect(try WAVContents(path: out).samples == Array(tone.samples()[(2 * 12_345)...]))
    }

    @Test("damaged data mid-file: what was decoded plays, with the decoder's format named, then the next item")
    func damaged() throws {
        let folder = TestSupport.TemporaryFolder("cdc-tone")
        var broken = ToneDecoder.Tone(frames: 50_000, blockFrames: 1000)
        broken.damagedAfter = 20_000
        let next = ToneDecoder.Tone(frames: 10_000)
        try broken.write(to: folder.file("1 Broken.tone"))
        try next.write(to: folder.file("2 Next.tone"))
        let paths = ["1 Broken.tone", "2 Next.tone"].map { folder.file($0).path }
        let (wav, events) = try renderGaplessly(paths, into: folder.file("out.wav").path, decoders: decoders)
        #expect(events.compactMap(\.skippedMessage) == ["Skipping the rest of \"1 Broken.tone\": the tone data is damaged"])
        #expect(wav.samples == Array(broken.samples()[..<(2 * 20_000)]) + next.samples())
    }

    @Test("a file is skipped with a reason when no decoder reads its type or its samples can't be output")
    func refused() throws {
        let folder = TestSupport.TemporaryFolder("cdc-tone")
        var float = ToneDecoder.Tone(frames: 10_000)
        float.sampleFormat = .float32
        try float.write(to: folder.file("1 Float.tone"))
        let good = ToneDecoder.Tone(frames: 10_000)
        try good.write(to: folder.file("2 Good.tone"))
        let paths = ["1 Float.tone", "2 Good.tone"].map { folder.file($0).path }

        let (wav, events) = try renderGaplessly(paths, into: folder.file("out.wav").path, decoders: decoders)
        #expect(events.compactMap(\.skippedMessage) == ["Skipping \"1 Float.tone\": its samples are 32-bit float, which the player can't output"])
        #expect(wav.samples == good.samples())

        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null, fast: true), decoders: .builtIn, onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: paths[0]), then: [PlaybackItem(id: 2, path: paths[1])])
        let unregistered = try recorder.waitUntilDrained(player, timeout: 10)
        player.shutdown()
        #expect(unregistered.compactMap(\.skippedMessage) == ["1 Float.tone", "2 Good.tone"].map { "Skipping \"\($0)\": not a kind of file the player can play" })
        #expect(unregistered.compactMap(\.startedItem).isEmpty)
    }
}
