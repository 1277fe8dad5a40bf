import AudioDecoding
import BuiltInDecoders
import Foundation
import Testing
import SystemSupport
import TestSupport

/// Files that are not what their name says, cut short, or with a damaged header: each decoder
/// refuses what it can't read with a reason, and plays what there is of a file cut short.
@Suite("Damaged FLAC, Ogg Vorbis and Opus files")
struct CodecBadFileTests {
    /// Opens `url` with the built-in registry and returns its refusal, or nil when it opened.
    private func refusal(_ url: URL) -> DecoderError? {
        do {
            _ = try DecoderRegistry.builtIn.open(Array(url.path.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("random bytes or text with the right extension are refused with the format's reason", arguments: CodecFixtures.Codec.allCases)
    func wrongContent(_ codec: CodecFixtures.Codec) throws {
        let folder = TemporaryFolder("cdc-bad")
        var generator = SeededGenerator(seed: 7)
        let garbage = folder.file("garbage.\(codec.fileExtension)")
        try Data((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: garbage)
        let text = folder.file("text.\(codec.fileExtension)")
        try Data(String(repeating: "Not music at all.\n", count: 500).utf8).write(to: text)
        let reason = codec == .opus ? "not an Opus file" : "not \(codec == .flac ? "a" : "an") \(codec.formatName) file"
        #expect(refusal(garbage)?.reason == reason)
        #expect(refusal(text)?.reason == reason)
    }

    @Test("a FLAC whose STREAMINFO is damaged is refused: no rate, too many channels, a wrong block size, a wrong length field", arguments: [
        ("sample rate 0", 18, [0x00, 0x00, 0x0F]), ("maximum block size 0", 10, [0x00, 0x00]),
        ("STREAMINFO 12 bytes long", 5, [0x00, 0x00, 0x0C]), ("not a STREAMINFO block first", 4, [0x04]),
    ] as [(String, Int, [UInt8])])
    func brokenStreamInfo(_ damage: String, at offset: Int, bytes: [UInt8]) throws {
        let folder = TemporaryFolder("cdc-bad")
        let file = try CodecFixtures.make(folder.file("good.flac"), as: .flac, seconds: 0.5)
        var data = try Data(contentsOf: file)
        #expect(data.prefix(4) == Data("fLaC".utf8))
        data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        let broken = folder.file("broken.flac")
        try data.write(to: broken)
        let error = try #require(refusal(broken), "\(damage)")
        #expect(["its FLAC header (STREAMINFO) is damaged", "not a FLAC file"].contains(error.reason), "\(damage): \(error)")
    }

    @Test("a file cut short plays what is there; a FLAC says where it ends early (damaged), the Ogg formats end at their last whole page",
          arguments: CodecFixtures.Codec.allCases)
    func truncated(_ codec: CodecFixtures.Codec) throws {
        let folder = TemporaryFolder("cdc-bad")
        // Long enough that half the file holds several whole Ogg pages of audio.
        let whole = try CodecFixtures.make(folder.file("whole.\(codec.fileExtension)"), as: codec, seconds: 10)
        let data = try Data(contentsOf: whole)
        let cut = folder.file("cut.\(codec.fileExtension)")
        try data.prefix(data.count / 2 + 77).write(to: cut)
        let decoded = try DecodedFile(cut.path)
        let full = try CodecFixtures.referenceDecode(whole, as: codec).stereoWideSamples
        #expect(decoded.frames > 0 && decoded.samples.count < full.count)
        switch codec {
        case .flac:
            #expect(decoded.ending == .failed, "STREAMINFO promised more")
            #expect(firstDifference(decoded.samples, Array(full.prefix(decoded.samples.count))) == nil)
        case .vorbis:
            #expect(decoded.ending == .finished)
            #expect(firstDifference(decoded.samples, try CodecFixtures.referenceDecode(cut, as: codec).stereoWideSamples) == nil)
        case .opus:
            #expect(decoded.ending == .finished)
            let reference = try CodecFixtures.referenceDecode(cut, as: codec).stereoWideSamples
            #expect(decoded.samples.count == reference.count)
            #expect(OpusTolerance.measure(decoded.samples, reference).isWithinTolerance)
        }
    }
}
