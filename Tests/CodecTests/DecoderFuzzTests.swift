import AudioDecoding
import BuiltInDecoders
import Foundation
import Testing
import SystemSupport
import TestSupport

/// Every decoder's open path, and decoding after it, survives damaged files: hundreds of mutations
/// of a good file (bytes flipped, runs overwritten, cut short, pieces repeated or zeroed, half of
/// them in the headers) each open with a reason or decode to an end, in bounded time, without
/// crashing and without a read handing over more than its declared block.
@Suite("Fuzzing the decoders' open paths")
struct DecoderFuzzTests {
    enum Format: String, CaseIterable, Sendable {
        case mp3, flac, vorbis, opus
    }

    static let mutationsPerFormat = 400

    /// A good file of `format`, two seconds long.
    private func goodFile(_ format: Format, in folder: TemporaryFolder) throws -> URL {
        switch format {
        case .mp3:
            let url = folder.file("good.mp3")
            try MP3Fixtures.make(at: url, seconds: 2, tags: MP3Fixtures.Tags(title: "Fuzz", artist: "Test", track: "1/2"))
            return url
        case .flac, .vorbis, .opus:
            let codec = CodecFixtures.Codec(rawValue: format.rawValue)!
            return try CodecFixtures.make(
                folder.file("good.\(codec.fileExtension)"), as: codec, seconds: 2,
                comments: [("TITLE", "Fuzz"), ("REPLAYGAIN_TRACK_GAIN", "-3 dB"), ("R128_TRACK_GAIN", "-256")])
        }
    }

    @Test("mutated files open with a reason or decode to an end", arguments: Format.allCases)
    func mutations(_ format: Format) throws {
        let folder = TemporaryFolder("cdc-fuzz")
        let good = try goodFile(format, in: folder)
        let original = try Data(contentsOf: good)
        var generator = SeededGenerator(seed: UInt64(format.rawValue.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var opened = 0, refused = 0
        let damaged = folder.file("damaged." + good.pathExtension)
        for round in 0..<DecoderFuzzTests.mutationsPerFormat {
            let bytes = mutate(original, using: &generator)
            try bytes.write(to: damaged)
            let decoder: any AudioDecoder
            do {
                decoder = try DecoderRegistry.builtIn.open(Array(damaged.path.utf8))
            } catch {
                #expect(!error.reason.isEmpty, "round \(round): a refusal gives a reason")
                refused += 1
                continue
            }
            opened += 1
            try decodeToEnd(decoder, round: round, generator: &generator)
        }
        // The mutations must exercise both paths, or the test proves little.
        #expect(opened >= 10 && refused >= 5, "\(format): \(opened) opened, \(refused) refused")
    }

    /// Reads `decoder` to its end (with a seek part-way through every fourth time), checking each
    /// read's size and that the end comes.
    private func decodeToEnd(_ decoder: any AudioDecoder, round: Int, generator: inout SeededGenerator) throws {
        let format = decoder.format
        #expect(format.sampleRate > 0 && format.channels == 2, "round \(round): \(format)")
        #expect((decoder.length.frames ?? 0) >= 0)
        let block = type(of: decoder).largestBlockBytes
        var buffer = [UInt8](repeating: 0, count: block)
        if round % 4 == 0 { _ = try? decoder.seek(toFrame: Int.random(in: 0...30_000, using: &generator)) }
        // Two seconds of audio are at most a few hundred blocks; damaged data may add empty reads.
        for _ in 0..<20_000 {
            let result = buffer.withUnsafeMutableBytes { decoder.read(into: $0) }
            #expect(result.bytes <= block && result.bytes % decoder.format.bytesPerFrame == 0, "round \(round)")
            if result.status == .finished || result.status == .failed { return }
        }
        Issue.record("round \(round): decoding never ended")
    }

    /// One mutation of `data`; half of them hit the first 256 bytes, where the headers are.
    private func mutate(_ data: Data, using generator: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        let span = Bool.random(using: &generator) ? min(256, bytes.count) : bytes.count
        let at = Int.random(in: 0..<span, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
            for _ in 0..<Int.random(in: 1...16, using: &generator) {
                let index = Int.random(in: 0..<span, using: &generator)
                bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            }
        case 1:
            for index in at..<min(bytes.count, at + Int.random(in: 1...64, using: &generator)) { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        case 2:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
        case 3:
            let piece = bytes[at..<min(bytes.count, at + Int.random(in: 1...512, using: &generator))]
            bytes.insert(contentsOf: piece, at: Int.random(in: 0..<bytes.count, using: &generator))
        default:
            for index in at..<min(bytes.count, at + Int.random(in: 1...128, using: &generator)) { bytes[index] = 0 }
        }
        return Data(bytes)
    }
}
