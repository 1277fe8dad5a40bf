@testable import AudioDecoding
import BuiltInDecoders
import Foundation
import FLACAudio
import MPEGAudio
import OpusAudio
import Testing
import TestSupport
import VorbisAudio

/// The decoder registry: lookups by file extension, what it says about its decoders, and opening
/// files with the decoder their extension names.
@Suite("Decoder registry")
struct DecoderRegistryTests {
    private let withTones = DecoderRegistry.builtIn.adding(ToneDecoder.self)

    @Test("extensions are looked up without regard to case", arguments: [
        ("mp3", "MP3"), ("MP3", "MP3"), ("Mp3", "MP3"), ("tone", "tone"), ("TONE", "tone"), ("ToNe", "tone"),
        ("flac", "FLAC"), ("FLAC", "FLAC"), ("ogg", "Ogg Vorbis"), ("Opus", "Opus"), ("wav", nil), ("mp", nil), ("mp3 ", nil), ("", nil),
    ] as [(String, String?)])
    func byExtension(fileExtension: String, format: String?) {
        #expect(withTones.decoder(forFileExtension: fileExtension)?.formatName == format)
    }

    @Test("a path's decoder is chosen by the extension of its last component", arguments: [
        ("/music/Album/01 Song.MP3", "MP3"), ("relative/02.tone", "tone"), ("/music/a.b.c.mp3", "MP3"),
        ("/music/.mp3", nil), ("/music/noextension", nil), ("/music/folder.mp3/track", nil),
        ("/music/trailing.", nil), ("/music/Album.mp3/", "MP3"), ("", nil),
    ] as [(String, String?)])
    func byPath(path: String, format: String?) {
        #expect(withTones.decoder(forPath: Array(path.utf8))?.formatName == format)
    }

    @Test("a name that is not UTF-8 still has its extension read")
    func rawBytes() {
        let path = Array("/music/".utf8) + [0xFF, 0xFE, 0x41] + Array(".Mp3".utf8)
        #expect(DecoderRegistry.builtIn.decoder(forPath: path) == MPEGDecoder.self)
    }

    @Test("an extension nobody registered is not found; registering its decoder makes it found")
    func registration() {
        #expect(DecoderRegistry.builtIn.decoder(forFileExtension: "tone") == nil)
        #expect(withTones.decoder(forFileExtension: "tone") == ToneDecoder.self)
        #expect(DecoderRegistry([]).decoder(forFileExtension: "mp3") == nil)
    }

    @Test("the built-in decoders are libmpg123's, libFLAC's, libvorbisfile's and libopusfile's; added decoders come after, with their extensions")
    func lists() {
        #expect(DecoderRegistry.builtIn.decoders.map { $0.formatName } == ["MP3", "FLAC", "Ogg Vorbis", "Opus"])
        #expect(DecoderRegistry.builtIn.fileExtensions == ["mp3", "flac", "ogg", "opus"])
        #expect(withTones.fileExtensions == ["mp3", "flac", "ogg", "opus", "tone"])
    }

    @Test("the largest block is the largest any registered decoder hands over")
    func largestBlock() {
        let shipped = [MPEGDecoder.largestBlockBytes, FLACDecoder.largestBlockBytes, VorbisDecoder.largestBlockBytes, OggOpusDecoder.largestBlockBytes]
        #expect(DecoderRegistry.builtIn.largestBlockBytes == shipped.max())
        #expect(withTones.largestBlockBytes == ToneDecoder.largestBlockBytes)
        #expect(ToneDecoder.largestBlockBytes > MPEGDecoder.largestBlockBytes)
        #expect(DecoderRegistry([]).largestBlockBytes == 0)
    }

    @Test("opening a file uses its extension's decoder, which knows the format, length and tags at once")
    func opening() throws {
        let folder = TemporaryFolder("cdc-registry")
        var tone = ToneDecoder.Tone(frames: 12_345, sampleRate: 48_000)
        tone.tags = AudioTags(title: "Test Tone", trackNumber: 3)
        let url = folder.file("03 Test.TONE")
        try tone.write(to: url)
        let decoder = try withTones.open(Array(url.path.utf8))
        #expect(decoder is ToneDecoder)
        #expect(decoder.format == AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .signed16))
        #expect(decoder.length == AudioLength(frames: 12_345, isExact: true))
        #expect(decoder.tags.title == "Test Tone" && decoder.tags.trackNumber == 3)
    }

    @Test("a file no decoder reads, or one its decoder refuses, fails with a reason", arguments: [
        ("song.wma", "not a kind of file the player can play (no decoder reads .wma files)"),
        ("README", "not a kind of file the player can play (its name has no extension)"),
        ("fake.tone", "not a tone file (no \"tone\" line)"),
        ("missing.tone", "can't open it"),
    ])
    func refused(name: String, message: String) throws {
        let folder = TemporaryFolder("cdc-registry")
        let url = folder.file(name)
        if name != "missing.tone" { try Data("just text\n".utf8).write(to: url) }
        #expect {
            _ = try withTones.open(Array(url.path.utf8))
        } throws: { error in
            (error as? DecoderError)?.description == message
        }
    }
}
