import AudioDecoding
import BuiltInDecoders
import Foundation
@testable import Playback
import Testing
import TestSupport

/// The ring and the sinks carry the sample format: 32-bit audio reaches a sink that takes it
/// unchanged, a device that takes only 16 bits gets it dithered down, segments of any format and
/// length start on a whole frame, and the volume stage scales 32-bit audio in 32 bits.
@Suite("Sample formats through the engine")
struct SampleFormatTests {
    private let decoders = DecoderRegistry.builtIn.adding(ToneDecoder.self)

    private func tone(_ frames: Int, start: Int = 0, format: AudioFormat.SampleFormat = .signed16, channels: Int = 2) -> ToneDecoder.Tone {
        var tone = ToneDecoder.Tone(frames: frames, start: start, blockFrames: 1000)
        tone.sampleFormat = format
        tone.channels = channels
        return tone
    }

    @Test("32-bit audio is written as 32-bit samples, every bit kept")
    func thirtyTwoBits() throws {
        let folder = TestSupport.TemporaryFolder("cdc-format")
        let source = tone(30_001, format: .signed32)
        try source.write(to: folder.file("1.tone"))
        let (wav, events) = try renderGaplessly([folder.file("1.tone").path], into: folder.file("out.wav").path, decoders: decoders)
        #expect(wav.bitsPerSample == 32 && wav.channels == 2)
        #expect(wav.wideSamples == source.samples32())
        #expect(events.compactMap(\.skippedMessage).isEmpty)
    }

    @Test("a disc of mixed sample formats, channel counts and odd lengths loses nothing, with the ring wrapping many times")
    func mixedFormats() throws {
        let folder = TestSupport.TemporaryFolder("cdc-format")
        // Odd frame counts leave each next segment at a position that is not a whole 8-byte frame.
        let tones = [
            tone(10_001), tone(9_999, start: 10_001, format: .signed32), tone(7_777, format: .signed16, channels: 1),
            tone(12_345, start: 20_000, format: .signed32), tone(3_001, start: 40_000),
        ]
        for (index, tone) in tones.enumerated() { try tone.write(to: folder.file("\(index + 1).tone")) }
        let paths = tones.indices.map { folder.file("\($0 + 1).tone").path }
        let ringBytes = 2 * (ToneDecoder.largestBlockBytes + 8)
        let (first, events) = try renderGaplessly(paths, into: folder.file("out.wav").path, decoders: decoders, ringBytes: ringBytes)
        #expect(events.compactMap(\.startedItem) == [1, 2, 3, 4, 5])
        // The WAV sink continues in a new file at every format change.
        let files = [first] + (try (2...5).map { try WAVContents(path: folder.file("out-\($0).wav").path) })
        for (tone, file) in zip(tones, files) {
            #expect(file.channels == tone.channels)
            if tone.sampleFormat == .signed32 {
                #expect(file.bitsPerSample == 32 && file.wideSamples == tone.samples32())
            } else {
                #expect(file.bitsPerSample == 16 && file.samples == tone.samples())
            }
        }
    }

    @Test("the volume stage scales 32-bit audio in 32 bits", arguments: [50, 90])
    func volumeIn32Bits(percent: Int) throws {
        let folder = TestSupport.TemporaryFolder("cdc-format")
        let source = tone(8_000, format: .signed32)
        try source.write(to: folder.file("1.tone"))
        let (wav, _) = try renderGaplessly([folder.file("1.tone").path], into: folder.file("out.wav").path, volume: percent, decoders: decoders)
        let gain = SampleScaler.gain(Volume.factor(percent: percent))
        #expect(wav.bitsPerSample == 32)
        #expect(wav.wideSamples == source.samples32().map { SampleScaler.scaled($0, gain: gain) })
    }

    @Test("32-bit audio for a device that takes only 16 bits is reduced with TPDF dither")
    func ditheredToSixteenBits() throws {
        let folder = TestSupport.TemporaryFolder("cdc-format")
        let source = tone(44_100, format: .signed32)
        try source.write(to: folder.file("1.tone"))
        let out = folder.file("out.wav").path
        let recorder = EventRecorder()
        let player = Player(
            output: OutputChoice(.wav(path: out), fast: true), decoders: decoders, ringBytes: 1 << 20, replayGain: .album,
            makeSink: { _ in SixteenBitSink(path: out) }, onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: folder.file("1.tone").path))
        try recorder.waitUntilDrained(player)
        player.shutdown()
        let wav = try WAVContents(path: out)
        #expect(wav.bitsPerSample == 16)
        let exact = source.samples32().map { Double($0) / 65_536 }
        try #require(wav.samples.count == exact.count)
        let errors = zip(wav.samples, exact).map { Double($0) - $1 }
        #expect(errors.allSatisfy { abs($0) <= 1.5 }, "within the dither's ±1 step and the rounding's half step")
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(abs(mean) < 0.02, "dither leaves no offset (mean error \(mean))")
        let variance = errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count)
        // TPDF of ±1 step has variance 1/6, rounding after it another 1/12: 0.25 in all.
        #expect((0.2...0.3).contains(variance), "triangular noise, not plain rounding (variance \(variance))")
    }

    @Test("the volume stage: silence at gain zero, 16-bit audio widened exactly for a 32-bit device")
    func scalerEdges() {
        var scaler = SampleScaler()
        let input: [Int16] = [0, 1, -1, 32767, -32768, 12345]
        var wide = [Int32](repeating: 7, count: input.count)
        let written = input.withUnsafeBytes { source in
            wide.withUnsafeMutableBytes { scaler.process(source, as: .signed16, gain: SampleScaler.unity, into: $0, as: .signed32) }
        }
        #expect(written == input.count * 4)
        #expect(wide == input.map { Int32($0) << 16 })
        var silent = [Int16](repeating: 7, count: input.count)
        _ = input.withUnsafeBytes { source in
            silent.withUnsafeMutableBytes { scaler.process(source, as: .signed16, gain: 0, into: $0, as: .signed16) }
        }
        #expect(silent.allSatisfy { $0 == 0 })
    }
}

/// A WAV sink that, like a sound card that plays only 16 bits, takes 16-bit samples whatever it
/// is offered (the output thread must convert).
private final class SixteenBitSink: AudioSink {
    private let wav: WAVSink

    init(path: String) { wav = WAVSink(path: path, paced: false) }

    var description: String { wav.description }
    func configure(_ format: AudioFormat) throws(SinkError) -> AudioFormat {
        try wav.configure(AudioFormat(sampleRate: format.sampleRate, channels: format.channels, sampleFormat: .signed16))
    }
    func room() throws(SinkError) -> Int { try wav.room() }
    var minimumWrite: Int { wav.minimumWrite }
    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) -> Int { try wav.write(frames) }
    func waitCondition(descriptors: UnsafeMutableBufferPointer<pollfd>) -> (count: Int, deadline: UInt64?) { wav.waitCondition(descriptors: descriptors) }
    func delayFrames() -> Int { wav.delayFrames() }
    func pause() { wav.pause() }
    func resume() throws(SinkError) { try wav.resume() }
    func drop() { wav.drop() }
    func beginDrain() { wav.beginDrain() }
    func isDrained() -> Bool { wav.isDrained() }
    func close() { wav.close() }
}
