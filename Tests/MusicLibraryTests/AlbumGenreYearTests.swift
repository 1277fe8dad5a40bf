import BuiltInDecoders
import Foundation
import MusicLibrary
import Testing
import TestSupport

/// An album's genre and year are the ones most of its tracks are tagged with, and the scan cache
/// keeps them.
@Suite("Album genres and years")
struct AlbumGenreYearTests {
    private func scan(_ music: TemporaryFolder, cache: inout ScanCache) -> Library {
        LibraryScanner(reader: DecoderTrackInfoReader(decoders: .builtIn)).scan(LibraryPath(music.path), cache: &cache)
    }

    @Test("most tracks decide; ID3's numbers become names; untagged albums have none")
    func mostTracksDecide() throws {
        let music = TemporaryFolder()
        for (number, (genre, year)) in [("(26)", "2019"), ("Ambient", "2019"), ("Jazz", "2020")].enumerated() {
            try MP3Fixtures.make(at: music.file("Mixed/0\(number + 1).mp3"), seconds: 0.2, tags: .init(title: "T\(number)", genre: genre, year: year))
        }
        try MP3Fixtures.make(at: music.file("Plain/01.mp3"), seconds: 0.2, tags: .init(title: "Untagged"))
        var cache = ScanCache()
        let library = scan(music, cache: &cache)
        #expect(library.albums.map(\.genre) == ["Ambient", nil])
        #expect(library.albums.map(\.year) == [2019, nil])
    }

    @Test("a year is the four digits a date tag starts with", arguments: [
        ("1999", 1999), ("1999-04-01", 1999), ("1999/04", 1999), ("2019 ", 2019),
        ("19990401", nil), ("99", nil), ("abcd", nil), ("0000", nil), ("", nil),
    ] as [(String, Int?)])
    func yearFromDate(date: String, year: Int?) {
        #expect(TrackInfo.year(fromDate: date) == year)
    }

    @Test("the scan cache remembers genres; a cache from before genres were kept is read afresh")
    func cacheKeepsGenres() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.make(at: music.file("Album/01.mp3"), seconds: 0.2, tags: .init(title: "One", genre: "Easy Listening", year: "2004"))
        var cache = ScanCache()
        _ = scan(music, cache: &cache)
        let file = music.file("state/cache.json")
        try cache.write(to: file)
        var reloaded = ScanCache(contentsOf: file)
        #expect(reloaded.count == 1)
        #expect(scan(music, cache: &reloaded).albums.first?.genre == "Easy Listening")
        #expect(scan(music, cache: &reloaded).albums.first?.year == 2004)
        #expect(LibraryScanner().rememberedLibrary(LibraryPath(music.path), cache: reloaded)?.albums.first?.genre == "Easy Listening")

        // Version 1 of the cache had no genres: trusting it would hide them until each file changed.
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"version\":2"))
        try Data(text.replacingOccurrences(of: "\"version\":2", with: "\"version\":1").utf8).write(to: file)
        #expect(ScanCache(contentsOf: file).count == 0)
    }
}
