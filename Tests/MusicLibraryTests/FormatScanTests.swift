import AudioDecoding
import Foundation
import MusicLibrary
import Testing
import TestSupport

/// FLAC, Ogg Vorbis and Opus albums scan like MP3 ones: tags from their Vorbis comments, exact
/// lengths from their headers, one disc from a folder that mixes formats, and a reason for each
/// file that can't be read.
@Suite("Scanning FLAC, Ogg Vorbis and Opus")
struct FormatScanTests {
    @Test("an album of each format is found with its tags and exact lengths", arguments: CodecFixtures.Codec.allCases)
    func album(_ codec: CodecFixtures.Codec) throws {
        let music = TemporaryFolder("cdc-scan")
        for number in 1...3 {
            let comments = [("TITLE", "Song \(number)"), ("ARTIST", "Band"), ("ALBUMARTIST", "Band"), ("ALBUM", "Rip"), ("TRACKNUMBER", "\(4 - number)/3")]
            try CodecFixtures.make(music.file("Rip/track\(number).\(codec.fileExtension)"), as: codec, seconds: 0.5 + Double(number) / 10, comments: comments)
        }
        var cache = ScanCache()
        let library = LibraryScanner().scan(LibraryPath(music.path), cache: &cache)
        let album = try #require(library.albums.first)
        #expect(library.albums.count == 1 && album.unreadableFiles.isEmpty)
        #expect(album.title == "Rip" && album.artist == "Band")
        #expect(album.tracks.map(\.title) == ["Song 3", "Song 2", "Song 1"], "in track-number order")
        for track in album.tracks {
            let number = Int(track.title.suffix(1))!
            // Opus counts at 48 kHz; its encoder keeps the source's length exactly.
            #expect(abs(track.duration - (0.5 + Double(number) / 10)) < 0.000_1, "\(track.title): \(track.duration)")
        }
    }

    @Test("a folder mixing MP3, FLAC, Ogg Vorbis and Opus is one disc in track order")
    func mixed() throws {
        let music = TemporaryFolder("cdc-scan")
        try MP3Fixtures.make(at: music.file("Mixed/a.mp3"), tags: .init(title: "One", album: "Mixed", track: "1"))
        try CodecFixtures.make(music.file("Mixed/b.opus"), as: .opus, seconds: 0.3, comments: [("TITLE", "Four"), ("ALBUM", "Mixed"), ("TRACKNUMBER", "4")])
        try CodecFixtures.make(music.file("Mixed/c.flac"), as: .flac, seconds: 0.3, comments: [("TITLE", "Two"), ("ALBUM", "Mixed"), ("TRACKNUMBER", "2")])
        try CodecFixtures.make(music.file("Mixed/d.ogg"), as: .vorbis, seconds: 0.3, comments: [("TITLE", "Three"), ("ALBUM", "Mixed"), ("TRACKNUMBER", "3")])
        var cache = ScanCache()
        let album = try #require(LibraryScanner().scan(LibraryPath(music.path), cache: &cache).albums.first)
        #expect(album.title == "Mixed")
        #expect(album.tracks.map(\.title) == ["One", "Two", "Three", "Four"])
    }

    @Test("files that are not what their extension says are listed as unreadable with their format's reason")
    func unreadable() throws {
        let music = TemporaryFolder("cdc-scan")
        try CodecFixtures.make(music.file("Album/01 Good.flac"), as: .flac, seconds: 0.3)
        for name in ["02 Bad.flac", "03 Bad.ogg", "04 Bad.opus"] {
            try Data(String(repeating: "not audio\n", count: 100).utf8).write(to: music.file("Album/\(name)"))
        }
        var cache = ScanCache()
        let album = try #require(LibraryScanner().scan(LibraryPath(music.path), cache: &cache).albums.first)
        #expect(album.tracks.count == 1)
        #expect(album.unreadableFiles.map { "\($0.path.lastComponent.displayName): \($0.reason)" } == [
            "02 Bad.flac: not a FLAC file (no STREAMINFO block)",
            "03 Bad.ogg: not an Ogg Vorbis file (no Vorbis stream in it)",
            "04 Bad.opus: not an Opus file (no Opus stream in it)",
        ])
    }
}
