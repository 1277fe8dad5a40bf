import BuiltInDecoders
import Foundation
import MusicLibrary
import Testing
import TestSupport

/// An album's genre is the one most of its tracks are tagged with, and the scan cache keeps it.
@Suite("Album genres")
struct AlbumGenreTests {
    private func scan(_ music: TemporaryFolder, cache: inout ScanCache) -> Library {
        LibraryScanner(reader: DecoderTrackInfoReader(decoders: .builtIn)).scan(LibraryPath(music.path), cache: &cache)
    }

    @Test("most tracks decide; ID3's numbers become names; untagged albums have none")
    func mostTracksDecide() throws {
        let music = TemporaryFolder()
        for (number, genre) in ["(26)", "Ambient", "Jazz"].enumerated() {
            try MP3Fixtures.make(at: music.file("Mixed/0\(number + 1).mp3"), seconds: 0.2, tags: .init(title: "T\(number)", genre: genre))
        }
        try MP3Fixtures.make(at: music.file("Plain/01.mp3"), seconds: 0.2, tags: .init(title: "Untagged"))
        var cache = ScanCache()
        let library = scan(music, cache: &cache)
        #expect(library.albums.map(\.genre) == ["Ambient", nil])
    }

    @Test("the scan cache remembers genres; a cache from before genres were kept is read afresh")
    func cacheKeepsGenres() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.make(at: music.file("Album/01.mp3"), seconds: 0.2, tags: .init(title: "One", genre: "Easy Listening"))
        var cache = ScanCache()
        _ = scan(music, cache: &cache)
        let file = music.file("state/cache.json")
        try cache.write(to: file)
        var reloaded = ScanCache(contentsOf: file)
        #expect(reloaded.count == 1)
        #expect(scan(music, cache: &reloaded).albums.first?.genre == "Easy Listening")
        #expect(LibraryScanner().rememberedLibrary(LibraryPath(music.path), cache: reloaded)?.albums.first?.genre == "Easy Listening")

        // Version 1 of the cache had no genres: trusting it would hide them until each file changed.
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"version\":2"))
        try Data(text.replacingOccurrences(of: "\"version\":2", with: "\"version\":1").utf8).write(to: file)
        #expect(ScanCache(contentsOf: file).count == 0)
    }
}
