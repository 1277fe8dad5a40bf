import AudioDecoding
import BuiltInDecoders
import Foundation
import MPEGAudio
import MusicLibrary
import Testing
import TestSupport

/// The scanner takes as tracks exactly the files a registered decoder reads, and reads their
/// tags and lengths through it: `.tone` files (a test's own decoder) are found when `ToneDecoder`
/// is registered and ignored when it isn't.
@Suite("Scanning with the decoders registered")
struct RegisteredDecoderScanTests {
    private let withTones = DecoderRegistry.builtIn.adding(ToneDecoder.self)

    private func scan(_ music: TemporaryFolder, decoders: DecoderRegistry, reader: (any TrackInfoReader)? = nil, cache: inout ScanCache) -> Library {
        let scanner = reader.map { LibraryScanner(decoders: decoders, reader: $0) } ?? LibraryScanner(decoders: decoders)
        return scanner.scan(LibraryPath(music.path), cache: &cache)
    }

    /// Writes a tagged tone of `seconds` at 44.1 kHz.
    private func writeTone(_ url: URL, seconds: Double, title: String, track: Int, album: String = "Test Tones", artist: String = "Oscillator") throws {
        var tone = ToneDecoder.Tone(frames: Int(seconds * 44_100))
        tone.tags = AudioTags(title: title, artist: artist, album: album, trackNumber: track)
        try tone.write(to: url)
    }

    @Test("with the tone decoder registered, a folder of .tone files is an album, tags and lengths read through it")
    func found() throws {
        let music = TemporaryFolder()
        try writeTone(music.file("Tones/b.TONE"), seconds: 1.5, title: "Second", track: 2)
        try writeTone(music.file("Tones/a.tone"), seconds: 0.5, title: "First", track: 1)
        var cache = ScanCache()
        let library = scan(music, decoders: withTones, cache: &cache)
        let album = try #require(library.albums.first)
        #expect(library.albums.count == 1)
        #expect(album.title == "Test Tones" && album.artist == "Oscillator")
        #expect(album.tracks.map(\.title) == ["First", "Second"])
        #expect(album.tracks.map(\.duration) == [0.5, 1.5])
        #expect(LibraryScanner.holdsAlbums(LibraryPath(music.path), decoders: withTones))
    }

    @Test("without it, .tone files are not tracks: no album, nothing read, nothing reported")
    func ignored() throws {
        let music = TemporaryFolder()
        try writeTone(music.file("Tones/a.tone"), seconds: 0.5, title: "First", track: 1)
        let reader = CountingReader()
        var cache = ScanCache()
        let library = scan(music, decoders: .builtIn, reader: reader, cache: &cache)
        #expect(library.albums.isEmpty)
        #expect(library.problems.isEmpty)
        #expect(reader.reads.withLock { $0 } == 0)
        #expect(!LibraryScanner.holdsAlbums(LibraryPath(music.path)))
        #expect(LibraryScanner(decoders: .builtIn).scanAlbum(LibraryPath(music.path + "/Tones"), cache: &cache) == nil)
    }

    @Test("messages name the file types the registered decoders read")
    func describesTrackFiles() {
        #expect(LibraryScanner().trackFilesDescription == ".mp3, .flac, .ogg or .opus files")
        #expect(LibraryScanner(decoders: withTones).trackFilesDescription == ".mp3, .flac, .ogg, .opus or .tone files")
        #expect(LibraryScanner(decoders: DecoderRegistry([MPEGDecoder.self])).trackFilesDescription == ".mp3 files")
        #expect(LibraryScanner(decoders: DecoderRegistry([])).trackFilesDescription == "no files (no decoder is registered)")
    }

    @Test("MP3 and tone files in one folder make one disc in track order")
    func mixed() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.make(at: music.file("Mixed/01.mp3"), tags: .init(title: "Encoded", album: "Test Tones", track: "1"))
        try writeTone(music.file("Mixed/02.tone"), seconds: 1, title: "Synthesized", track: 2)
        var cache = ScanCache()
        let album = try #require(scan(music, decoders: withTones, cache: &cache).albums.first)
        #expect(album.tracks.map(\.title) == ["Encoded", "Synthesized"])
        let only = try #require(LibraryScanner(decoders: withTones).scanAlbum(LibraryPath(music.path + "/Mixed"), cache: &cache))
        #expect(only.tracks.count == 2)
    }

    @Test("a file the decoder refuses is listed with its reason, which the cache keeps")
    func refusedAndCached() throws {
        let music = TemporaryFolder()
        try writeTone(music.file("Tones/01 Good.tone"), seconds: 1, title: "Good", track: 1)
        try Data("noise, not a tone\n".utf8).write(to: music.file("Tones/02 Bad.tone"))
        let reader = CountingReader(decoders: withTones)
        var cache = ScanCache()
        let first = try #require(scan(music, decoders: withTones, reader: reader, cache: &cache).albums.first)
        #expect(first.tracks.map(\.title) == ["Good"])
        #expect(first.unreadableFiles.map(\.reason) == ["not a tone file (no \"tone\" line)"])

        let cacheFile = music.file("state/cache.json")
        try cache.write(to: cacheFile)
        var reloaded = ScanCache(contentsOf: cacheFile)
        let again = try #require(scan(music, decoders: withTones, reader: reader, cache: &reloaded).albums.first)
        #expect(reader.reads.withLock { $0 } == 2, "the second scan read nothing")
        #expect(again == first)
    }
}
