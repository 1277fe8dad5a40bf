import AudioDecoding
import Foundation
import Playback
import Testing
import TestSupport

/// FLAC, Ogg Vorbis and Opus through the whole engine: a disc cut from one continuous piece at
/// sample positions that fit no codec's block plays back as exactly the piece's length, matching
/// the reference decoders (FLAC the original itself), with no sample added or lost at a boundary —
/// Opus's pre-skip and end trimming included; a disc may mix formats; seeking lands on the sample.
@Suite("FLAC, Ogg Vorbis and Opus through the engine")
struct CodecPlaybackTests {
    struct Piece: Sendable, CustomTestStringConvertible {
        var name: String
        var codec: CodecFixtures.Codec
        var rate: Int
        var bits = 16
        /// Track lengths in frames: none a multiple of 576, 960, 1024, 1152 or 4096.
        var cuts: [Int]
        var testDescription: String { name }
    }

    static let pieces: [Piece] = [
        Piece(name: "FLAC, 16-bit 44.1 kHz", codec: .flac, rate: 44_100, cuts: [33_333, 51_001, 4_607, 24_567]),
        Piece(name: "FLAC, 24-bit 96 kHz", codec: .flac, rate: 96_000, bits: 24, cuts: [70_001, 1_234, 96_007]),
        Piece(name: "Ogg Vorbis, 44.1 kHz", codec: .vorbis, rate: 44_100, cuts: [33_333, 51_001, 2_049, 24_567]),
        Piece(name: "Opus, 48 kHz", codec: .opus, rate: 48_000, cuts: [48_001, 959, 52_003, 31_111]),
    ]

    @Test("a continuous piece cut at odd sample positions renders to the original length and the reference decodes joined", arguments: pieces)
    func gapless(_ piece: Piece) throws {
        let folder = TestSupport.TemporaryFolder("cdc-codec-gapless")
        let total = piece.cuts.reduce(0, +)
        let original = folder.file("piece.wav")
        // One continuous sweep over a drone: any gap, overlap or shift at a boundary changes the samples.
        try CodecFixtures.synthesize(original, samples: total, rate: piece.rate, bits: piece.bits, synth: ["sine", "100-3000", "sine", "220"])
        var tracks: [URL] = []
        var start = 0
        for (index, length) in piece.cuts.enumerated() {
            let cut = folder.file("cut\(index).wav")
            let trimmed = try runProcess("sox", [original.path, cut.path, "trim", "\(start)s", "\(length)s"])
            try #require(trimmed.status == 0, "\(trimmed.error)")
            let track = folder.file("\(index + 1).\(piece.codec.fileExtension)")
            try CodecFixtures.encode(cut, as: piece.codec, to: track)
            tracks.append(track)
            start += length
        }
        let (wav, events) = try renderGaplessly(tracks.map(\.path), into: folder.file("disc.wav").path)
        #expect(events.compactMap(\.startedItem) == (1...UInt64(tracks.count)).map { $0 })
        #expect(events.compactMap(\.skippedMessage).isEmpty)
        #expect(wav.sampleRate == piece.rate && wav.bitsPerSample == (piece.bits > 16 ? 32 : 16))
        #expect(wav.wideSamples.count == 2 * total, "exactly the original sample count")
        switch piece.codec {
        case .flac:
            #expect(firstDifference(wav.wideSamples, try WAVContents(path: original.path).wideSamples) == nil, "lossless: the original itself")
        case .vorbis:
            let joined = try tracks.flatMap { try CodecFixtures.referenceDecode($0, as: .vorbis).wideSamples }
            #expect(firstDifference(wav.wideSamples, joined) == nil, "oggdec's decodes, joined")
        case .opus:
            let references = try tracks.map { try CodecFixtures.referenceDecode($0, as: .opus).wideSamples }
            #expect(references.map { $0.count / 2 } == piece.cuts, "opusdec drops the pre-skip and trims the end the same way")
            let tolerance = OpusTolerance.measure(wav.wideSamples, references.flatMap { $0 })
            #expect(tolerance.isWithinTolerance, "\(tolerance)")
        }
    }

    @Test("a disc may mix formats: MP3, FLAC, Ogg Vorbis and Opus tracks play in turn, each whole")
    func mixedDisc() throws {
        let folder = TestSupport.TemporaryFolder("cdc-codec-mixed")
        let mp3 = folder.file("1.mp3")
        try MP3Fixtures.make(at: mp3, seconds: 0.6, kilobitsPerSecond: 128)
        let flac = try CodecFixtures.make(folder.file("2.flac"), as: .flac, seconds: 0.7)
        let vorbis = try CodecFixtures.make(folder.file("3.ogg"), as: .vorbis, seconds: 0.8)
        let opus = try CodecFixtures.make(folder.file("4.opus"), as: .opus, seconds: 0.9)
        let (first, events) = try renderGaplessly([mp3, flac, vorbis, opus].map(\.path), into: folder.file("out.wav").path)
        #expect(events.compactMap(\.startedItem) == [1, 2, 3, 4])
        #expect(events.compactMap(\.skippedMessage).isEmpty)
        // 44.1 kHz MP3, FLAC and Vorbis share a file; Opus at 48 kHz starts the next one.
        let second = try WAVContents(path: folder.file("out-2.wav").path)
        let expectedFirst = try (Fixture.reference(mp3.path, in: try TemporaryFolder()).map { Int32($0) << 16 })
            + CodecFixtures.referenceDecode(flac, as: .flac).wideSamples + CodecFixtures.referenceDecode(vorbis, as: .vorbis).wideSamples
        #expect(firstDifference(first.wideSamples, expectedFirst) == nil)
        #expect(second.sampleRate == 48_000)
        #expect(OpusTolerance.measure(second.wideSamples, try CodecFixtures.referenceDecode(opus, as: .opus).wideSamples).isWithinTolerance)
    }

    @Test("playing from an offset lands on the exact sample", arguments: CodecFixtures.Codec.allCases)
    func offset(_ codec: CodecFixtures.Codec) throws {
        let folder = TestSupport.TemporaryFolder("cdc-codec-seek")
        let file = try CodecFixtures.make(folder.file("track.\(codec.fileExtension)"), as: codec, seconds: 3)
        let reference = try CodecFixtures.referenceDecode(file, as: codec).wideSamples
        let frame = 77_777
        let out = folder.file("out.wav").path
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: out), fast: true), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: file.path), from: .frames(frame))
        try recorder.waitUntilDrained(player)
        player.shutdown()
        let played = try WAVContents(path: out).wideSamples
        let tail = Array(reference[(2 * frame)...])
        #expect(played.count == tail.count)
        if codec == .opus {
            // Opus decoding depends on the decoder's state: after a seek (libopusfile pre-rolls
            // 80 ms) it takes up to about 200 ms to converge on what a decode from the start
            // gives, the samples already in place; from 250 ms on only the dither differs.
            let settled = 2 * 12_000
            #expect(OpusTolerance.measure(Array(played.dropFirst(settled)), Array(tail.dropFirst(settled))).isWithinTolerance)
        } else {
            #expect(firstDifference(played, tail) == nil)
        }
    }
}
