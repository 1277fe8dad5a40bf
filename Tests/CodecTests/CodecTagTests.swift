import AudioDecoding
import Foundation
import Testing
import TestSupport

/// Tags come from each format's Vorbis comments, read by its own library, with the same fields
/// as ID3; ReplayGain from `REPLAYGAIN_*` comments, and from R128 gains in Opus.
@Suite("Vorbis comments")
struct CodecTagTests {
    static let comments: [(String, String)] = [
        ("TITLE", "Café on the Corner"), ("ARTIST", "Félix Wanderer"), ("ALBUM", "Country Lanes"), ("ALBUMARTIST", "Various Ferries"),
        ("TRACKNUMBER", "3/12"), ("DISCNUMBER", "2"), ("DISCTOTAL", "3"), ("DATE", "1999-04-01"), ("GENRE", "Easy Listening"),
    ]

    @Test("title, artists, album, track and disc numbers, date and genre", arguments: CodecFixtures.Codec.allCases)
    func fields(_ codec: CodecFixtures.Codec) throws {
        let folder = TemporaryFolder("cdc-tags")
        let file = try CodecFixtures.make(folder.file("t.\(codec.fileExtension)"), as: codec, seconds: 0.2, comments: CodecTagTests.comments)
        let tags = try DecodedFile(file.path).tags
        #expect(tags == AudioTags(
            title: "Café on the Corner", artist: "Félix Wanderer", album: "Country Lanes", albumArtist: "Various Ferries", date: "1999-04-01",
            genre: "Easy Listening", trackNumber: 3, trackCount: 12, discNumber: 2, discCount: 3))
    }

    @Test("names ignore case; a total may come from TRACKTOTAL; blank values are no values", arguments: CodecFixtures.Codec.allCases)
    func variants(_ codec: CodecFixtures.Codec) throws {
        let folder = TemporaryFolder("cdc-tags")
        let comments = [("title", "  Lower Case  "), ("TrackNumber", "7"), ("TRACKTOTAL", "9"), ("ARTIST", "   ")]
        let file = try CodecFixtures.make(folder.file("t.\(codec.fileExtension)"), as: codec, seconds: 0.2, comments: comments)
        let tags = try DecodedFile(file.path).tags
        #expect(tags.title == "Lower Case")
        #expect(tags.trackNumber == 7 && tags.trackCount == 9)
        #expect(tags.artist == nil)
    }

    @Test("ReplayGain comments of FLAC and Ogg Vorbis", arguments: [CodecFixtures.Codec.flac, .vorbis])
    func replayGain(_ codec: CodecFixtures.Codec) throws {
        let folder = TemporaryFolder("cdc-tags")
        let comments = [
            ("REPLAYGAIN_TRACK_GAIN", "-7.25 dB"), ("REPLAYGAIN_TRACK_PEAK", "0.988553"),
            ("REPLAYGAIN_ALBUM_GAIN", "+1.5 dB"), ("REPLAYGAIN_ALBUM_PEAK", "0.5"),
        ]
        let file = try CodecFixtures.make(folder.file("t.\(codec.fileExtension)"), as: codec, seconds: 0.2, comments: comments)
        #expect(try DecodedFile(file.path).tags.replayGain == ReplayGain(trackGain: -7.25, trackPeak: 0.988553, albumGain: 1.5, albumPeak: 0.5))
    }

    @Test("Opus R128 gains become ReplayGain 5 dB higher; its REPLAYGAIN_* comments are ignored, as the Opus specification asks")
    func opusGains() throws {
        let folder = TemporaryFolder("cdc-tags")
        let comments = [("R128_TRACK_GAIN", "-2560"), ("R128_ALBUM_GAIN", "256"), ("REPLAYGAIN_TRACK_GAIN", "-3 dB")]
        let file = try CodecFixtures.make(folder.file("t.opus"), as: .opus, seconds: 0.2, comments: comments)
        #expect(try DecodedFile(file.path).tags.replayGain == ReplayGain(trackGain: -5, albumGain: 6))
        let plain = try CodecFixtures.make(folder.file("plain.opus"), as: .opus, seconds: 0.2)
        #expect(try DecodedFile(plain.path).tags.replayGain.isEmpty)
    }
}
