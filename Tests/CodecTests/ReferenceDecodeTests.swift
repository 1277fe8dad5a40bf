import AudioDecoding
import Foundation
import Testing
import TestSupport

/// Each decoder gives what the format's reference decoder gives: `flac -d` and `oggdec` to the
/// sample, `opusdec` within the dither both add (docs/playback.md: the Opus tolerance), with the
/// exact length known when the file is opened, in the sample format and channel layout the
/// player plays.
@Suite("Decoders match the reference decoders")
struct ReferenceDecodeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var codec: CodecFixtures.Codec
        var rate: Int
        var channels: Int
        var bits = 16
        var options: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "FLAC, 16-bit 44.1 kHz stereo", codec: .flac, rate: 44_100, channels: 2),
        Case(name: "FLAC, 24-bit 96 kHz stereo", codec: .flac, rate: 96_000, channels: 2, bits: 24),
        Case(name: "FLAC, 24-bit in 16,384-sample blocks (handed over in pieces)", codec: .flac, rate: 48_000, channels: 2, bits: 24, options: ["--lax", "-b", "16384"]),
        Case(name: "FLAC, 16-bit 48 kHz mono", codec: .flac, rate: 48_000, channels: 1),
        Case(name: "FLAC, 8-bit 22.05 kHz stereo", codec: .flac, rate: 22_050, channels: 2, bits: 8),
        Case(name: "Ogg Vorbis, 44.1 kHz stereo", codec: .vorbis, rate: 44_100, channels: 2, options: ["-q", "4"]),
        Case(name: "Ogg Vorbis, 48 kHz mono", codec: .vorbis, rate: 48_000, channels: 1),
        Case(name: "Opus, 48 kHz stereo", codec: .opus, rate: 48_000, channels: 2, options: ["--bitrate", "128"]),
        Case(name: "Opus, 48 kHz mono", codec: .opus, rate: 48_000, channels: 1),
    ]

    @Test(arguments: cases)
    func matchesReference(_ fixture: Case) throws {
        let folder = TemporaryFolder("cdc-codec")
        let file = try CodecFixtures.make(
            folder.file("track.\(fixture.codec.fileExtension)"), as: fixture.codec, seconds: 2.345, rate: fixture.rate,
            channels: fixture.channels, bits: fixture.bits, options: fixture.options)
        let reference = try CodecFixtures.referenceDecode(file, as: fixture.codec)
        let decoded = try DecodedFile(file.path)
        #expect(decoded.format.sampleRate == fixture.rate)
        #expect(decoded.format.channels == 2, "mono is played as stereo")
        #expect(decoded.format.sampleFormat == (fixture.bits > 16 ? .signed32 : .signed16))
        #expect(decoded.length == AudioLength(frames: reference.wideSamples.count / reference.channels, isExact: true))
        #expect(decoded.ending == .finished)
        let expected = reference.stereoWideSamples
        try #require(decoded.samples.count == expected.count, "exactly the reference's length")
        if fixture.codec == .opus {
            let difference = OpusTolerance.measure(decoded.samples, expected)
            #expect(difference.isWithinTolerance, "\(difference)")
        } else {
            #expect(firstDifference(decoded.samples, expected) == nil, "identical to the reference decode")
        }
    }

    @Test("a six-channel FLAC is downmixed to stereo: fronts to their side, centre and surrounds at −3 dB, no LFE, never clipping")
    func downmix() throws {
        let folder = TemporaryFolder("cdc-codec")
        let wav = folder.file("six.wav")
        // A different tone in every channel, so each one's share shows.
        try CodecFixtures.synthesize(wav, seconds: 0.5, channels: 6, synth: ["sine", "200", "sine", "300", "sine", "400", "sine", "50", "sine", "500", "sine", "600"])
        let file = folder.file("six.flac")
        try CodecFixtures.encode(wav, as: .flac, to: file)
        let reference = try CodecFixtures.referenceDecode(file, as: .flac)
        let decoded = try DecodedFile(file.path)
        let downmix = StereoDownmix(channels: 6, order: .wave)
        #expect(downmix.left.count == 6 && downmix.left[3] == 0 && downmix.right[3] == 0, "the LFE channel is left out")
        #expect(abs(downmix.left.reduce(0, +) - 1) < 1e-6 && abs(downmix.right.reduce(0, +) - 1) < 1e-6)
        #expect(abs(downmix.left[2] / downmix.left[0] - 0.7071) < 1e-3, "the centre at −3 dB")
        let frames = reference.wideSamples.count / 6
        try #require(decoded.samples.count == 2 * frames)
        for frame in stride(from: 0, to: frames, by: 97) {
            let inputs = (0..<6).map { Double(reference.wideSamples[6 * frame + $0] >> 16) }
            let left = zip(downmix.left, inputs).map { Double($0) * $1 }.reduce(0, +).rounded()
            let right = zip(downmix.right, inputs).map { Double($0) * $1 }.reduce(0, +).rounded()
            #expect(abs(Double(decoded.samples[2 * frame] >> 16) - left) <= 1)
            #expect(abs(Double(decoded.samples[2 * frame + 1] >> 16) - right) <= 1)
        }
    }
}
