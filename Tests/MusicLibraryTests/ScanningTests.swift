import AudioDecoding
import BuiltInDecoders
import Foundation
import MusicLibrary
import Synchronization
import Testing
import TestSupport

/// Counts the files a scan actually reads, to prove the cache spares them.
final class CountingReader: TrackInfoReader {
    let reads = Mutex(0)
    let inner: DecoderTrackInfoReader

    init(decoders: DecoderRegistry = .builtIn) {
        inner = DecoderTrackInfoReader(decoders: decoders)
    }

    func readInfo(at path: LibraryPath) -> Result<TrackInfo, UnreadableReason> {
        reads.withLock { $0 += 1 }
        return inner.readInfo(at: path)
    }
}

@Suite("Scanning a music folder")
struct ScanningTests {
    func scan(_ folder: TemporaryFolder, reader: any TrackInfoReader = DecoderTrackInfoReader(decoders: .builtIn)) -> Library {
        var cache = ScanCache()
        return LibraryScanner(reader: reader).scan(LibraryPath(folder.path), cache: &cache)
    }

    @Test("titles, artists, album names, track and disc numbers come from ID3 tags")
    func readsTags() throws {
        let music = TemporaryFolder()
        let folder = music.folder("Some Folder")
        try MP3Fixtures.make(at: folder.appendingPathComponent("a.mp3"), seconds: 1.5,
                             tags: .init(title: "Café Crème", artist: "Zoë & The Ünits", album: "Night Drive", track: "2/3", disc: "1/2"))
        try MP3Fixtures.make(at: folder.appendingPathComponent("b.mp3"),
                             tags: .init(title: "Opening", artist: "Zoë & The Ünits", album: "Night Drive", track: "1/3", disc: "1/2"))
        let library = scan(music)
        let album = try #require(library.albums.first)
        #expect(library.albums.count == 1)
        #expect(album.title == "Night Drive")
        #expect(album.artist == "Zoë & The Ünits")
        #expect(album.tracks.map(\.title) == ["Opening", "Café Crème"])
        #expect(album.tracks.map(\.trackNumber) == [1, 2])
        #expect(album.tracks.map(\.discNumber) == [1, 1])
        #expect(abs(album.tracks[1].duration - 1.5) < 0.06)
    }

    @Test("without tags, the folder and file names give album, artist, titles and numbers")
    func fallsBackToNames() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.make(at: music.file("Blue Band - Coastline/02 - Harbour Lights.mp3"))
        try MP3Fixtures.make(at: music.file("Blue Band - Coastline/01. Open Water.mp3"))
        try MP3Fixtures.make(at: music.file("Green Artist/Forest Songs/Pine.mp3"))
        let library = scan(music)
        #expect(library.albums.count == 2)
        let coastline = try #require(library.albums.first { $0.title == "Coastline" })
        #expect(coastline.artist == "Blue Band")
        #expect(coastline.tracks.map(\.title) == ["Open Water", "Harbour Lights"])
        #expect(coastline.tracks.map(\.trackNumber) == [1, 2])
        let forest = try #require(library.albums.first { $0.title == "Forest Songs" })
        #expect(forest.artist == "Green Artist")
        #expect(forest.tracks.map(\.title) == ["Pine"])
        #expect(forest.tracks.first?.artist == "Green Artist")
    }

    @Test("tracks play in disc, then track number, then natural file-name order")
    func ordersTracks() throws {
        let music = TemporaryFolder()
        let folder = music.folder("Album")
        try MP3Fixtures.make(at: folder.appendingPathComponent("x.mp3"), tags: .init(title: "Disc 2 Track 1", track: "1", disc: "2"))
        try MP3Fixtures.make(at: folder.appendingPathComponent("y.mp3"), tags: .init(title: "Disc 1 Track 2", track: "2", disc: "1"))
        try MP3Fixtures.make(at: folder.appendingPathComponent("z.mp3"), tags: .init(title: "Disc 1 Track 1", track: "1", disc: "1"))
        try MP3Fixtures.make(at: folder.appendingPathComponent("extra 10.mp3"))
        try MP3Fixtures.make(at: folder.appendingPathComponent("extra 9.mp3"))
        let album = try #require(scan(music).albums.first)
        #expect(album.tracks.map(\.title) == ["Disc 1 Track 1", "Disc 1 Track 2", "extra 9", "extra 10", "Disc 2 Track 1"])
    }

    @Test("a folder whose files carry several albums' tags is one disc: named after the folder, in file-name order")
    func folderOfSeveralAlbums() throws {
        let music = TemporaryFolder()
        let folder = music.folder("Mixtape 2003")
        for (file, album, track) in [("01 Rain.mp3", "Blue Hour", "1"), ("02 Snow.mp3", "Paper Planes", "1"), ("03 Sun.mp3", "Blue Hour", "2"),
                                     ("04 Wind.mp3", "Paper Planes", "2"), ("10 Fog.mp3", "Tin Roof", "1")] {
            try MP3Fixtures.make(at: folder.appendingPathComponent(file), tags: .init(title: String(file.dropFirst(3).dropLast(4)), artist: "Various", album: album, track: track))
        }
        let library = scan(music)
        let album = try #require(library.albums.first)
        #expect(album.title == "Mixtape 2003")
        #expect(album.tracks.map(\.title) == ["Rain", "Snow", "Sun", "Wind", "Fog"])
        // The folder's name finds it, as the title would.
        #expect(library.albums(titled: "mixtape").map(\.path) == [album.path])
    }

    @Test("tags that agree name the disc; its folder's name still finds it")
    func agreeingTagsNameTheDisc() throws {
        let music = TemporaryFolder()
        let folder = music.folder("rip-0042")
        try MP3Fixtures.make(at: folder.appendingPathComponent("b.mp3"), tags: .init(title: "Two", album: "Harbour Lights", track: "2"))
        try MP3Fixtures.make(at: folder.appendingPathComponent("a.mp3"), tags: .init(title: "One", album: "Harbour Lights", track: "1"))
        try MP3Fixtures.make(at: folder.appendingPathComponent("c.mp3"), tags: .init(title: "Three", track: "3"))
        let library = scan(music)
        let album = try #require(library.albums.first)
        #expect(album.title == "Harbour Lights")
        #expect(album.tracks.map(\.title) == ["One", "Two", "Three"])
        #expect(library.albums(titled: "rip-0042").map(\.title) == ["Harbour Lights"])
    }

    @Test("file names alone sort naturally: 2 before 10")
    func naturalFileOrder() throws {
        let music = TemporaryFolder()
        for name in ["10 Ten.mp3", "2 Two.mp3", "1 One.mp3"] {
            try MP3Fixtures.make(at: music.file("Album/\(name)"))
        }
        let album = try #require(scan(music).albums.first)
        #expect(album.tracks.map(\.title) == ["One", "Two", "Ten"])
    }

    @Test("names that are not UTF-8 are found, shown safely and readable")
    func nonUTF8Names() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.make(at: music.file("plain.mp3"))
        let folderBytes = Array(music.path.utf8) + Array("/Caf".utf8) + [0xE9]
        let fileBytes = folderBytes + Array("/M".utf8) + [0xFC, 0x6C] + Array("ler.mp3".utf8)
        let folder = LibraryPath(bytes: folderBytes), file = LibraryPath(bytes: fileBytes)
        #expect(folder.withCString { mkdir($0, 0o755) } == 0)
        #expect(LibraryPath(music.path + "/plain.mp3").withCString { source in file.withCString { rename(source, $0) } } == 0)
        let library = scan(music)
        let album = try #require(library.albums.first)
        #expect(album.path == folder)
        #expect(album.title == "Caf\u{FFFD}")
        #expect(album.tracks.count == 1)
        #expect(album.tracks[0].path == file)
        #expect(album.tracks[0].fileName == "M\u{FFFD}ller.mp3")
        #expect(album.tracks[0].duration > 0.9)
    }

    @Test("empty folders and folders without MP3s are not albums; hidden entries are skipped")
    func emptyFolders() throws {
        let music = TemporaryFolder()
        music.folder("Empty")
        try Data("notes".utf8).write(to: music.file("Docs/readme.txt"))
        try MP3Fixtures.make(at: music.file(".hidden/secret.mp3"))
        try MP3Fixtures.make(at: music.file("Real/.skipped.mp3"))
        try MP3Fixtures.make(at: music.file("Real/kept.mp3"))
        let library = scan(music)
        #expect(library.albums.map(\.title) == ["Real"])
        #expect(library.albums[0].tracks.map(\.title) == ["kept"])
    }

    @Test("a missing music folder is reported, not a crash")
    func missingRoot() {
        var cache = ScanCache()
        let library = LibraryScanner().scan(LibraryPath("/nonexistent/cdchanger/music"), cache: &cache)
        #expect(library.albums.isEmpty)
        #expect(library.problems.first?.contains("does not exist") == true)
    }

    @Test("zero-length and non-MP3 .mp3 files are listed as unreadable with a reason; garbage never crashes the scan")
    func unreadableFiles() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.make(at: music.file("Album/01 Good.mp3"))
        try Data().write(to: music.file("Album/02 Empty.mp3"))
        try Data((0..<20000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: music.file("Album/03 Garbage.mp3"))
        try Data("just text, not audio\n".utf8).write(to: music.file("Album/04 Text.mp3"))
        let album = try #require(scan(music).albums.first)
        #expect(album.tracks.first?.title == "Good")
        let unreadable = album.unreadableFiles.map(\.path.lastComponent.displayName)
        #expect(unreadable.contains("02 Empty.mp3"))
        #expect(unreadable.contains("04 Text.mp3"))
        #expect(!album.tracks.contains { $0.title == "Empty" || $0.title == "Text" })
        #expect(album.unreadableFiles.allSatisfy { !$0.reason.isEmpty })
    }

    @Test("a symbolic-link loop is entered once")
    func symlinkLoop() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.make(at: music.file("Album/song.mp3"))
        try FileManager.default.createSymbolicLink(atPath: music.path + "/Album/loop", withDestinationPath: music.path)
        let library = scan(music)
        #expect(library.albums.count == 1)
    }

    @Test("re-scanning an unchanged library reads no file; changed and new files are read again")
    func cacheSparesUnchangedFiles() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.album(in: music.folder("One"), title: "One", artist: "A", count: 3)
        let reader = CountingReader()
        let scanner = LibraryScanner(reader: reader)
        var cache = ScanCache()
        _ = scanner.scan(LibraryPath(music.path), cache: &cache)
        #expect(reader.reads.withLock { $0 } == 3)

        let cacheFile = music.file("state/cache.json")
        try cache.write(to: cacheFile)
        var reloaded = ScanCache(contentsOf: cacheFile)
        let again = scanner.scan(LibraryPath(music.path), cache: &reloaded)
        #expect(reader.reads.withLock { $0 } == 3)
        #expect(again.albums.first?.tracks.count == 3)
        #expect(!reloaded.isModified)

        try MP3Fixtures.make(at: music.file("One/02.mp3"), seconds: 2, tags: .init(title: "Retagged", album: "One", track: "2"))
        try MP3Fixtures.make(at: music.file("One/04.mp3"), tags: .init(title: "New", album: "One", track: "4"))
        try FileManager.default.removeItem(at: music.file("One/01.mp3"))
        let changed = scanner.scan(LibraryPath(music.path), cache: &reloaded)
        #expect(reader.reads.withLock { $0 } == 5)
        #expect(changed.albums.first?.tracks.map(\.title) == ["Retagged", "One Song 3", "New"])
        #expect(reloaded.count == 3)
    }

    @Test("a scan is a survey (no file read) and a read that reports its progress; the discs in the slots can be read first")
    func surveyThenRead() throws {
        let music = TemporaryFolder()
        let source = music.url.appendingPathComponent(".one.mp3")
        try MP3Fixtures.make(at: source, seconds: 0.2)
        for album in 0..<30 {
            let folder = music.folder("Album \(album)")
            for track in 1...10 { try FileManager.default.linkItem(at: source, to: folder.appendingPathComponent("\(track).mp3")) }
        }
        let reader = CountingReader()
        let scanner = LibraryScanner(reader: reader)
        let survey = scanner.survey(LibraryPath(music.path))
        #expect(reader.reads.withLock { $0 } == 0)
        #expect(survey.fileCount == 300)
        #expect(survey.folderPaths.first?.lastComponent.displayName == "Album 0")
        var cache = ScanCache()
        #expect(survey.unreadCount(in: cache) == 300)
        let first = Set(survey.folderPaths.prefix(2))
        let partial = scanner.read(survey, only: first, cache: &cache)
        #expect(partial.albums.map(\.path) == Array(survey.folderPaths.prefix(2)))
        #expect(survey.unreadCount(in: cache) == 280)
        var reports: [ScanProgress] = []
        let library = scanner.read(survey, cache: &cache) { reports.append($0) }
        #expect(library.albums.count == 30)
        #expect(reader.reads.withLock { $0 } == 300)
        #expect(reports == [ScanProgress(read: 220, total: 300), ScanProgress(read: 300, total: 300)])
        #expect(ScanProgress(read: 3412, total: 10000).description == "Scanning 3,412 of 10,000 files\u{2026}")
    }

    @Test("a damaged cache file is ignored")
    func damagedCache() throws {
        let folder = TemporaryFolder()
        let file = folder.file("cache.json")
        try Data("{ not json".utf8).write(to: file)
        #expect(ScanCache(contentsOf: file).count == 0)
    }

    @Test("a quick look says whether a folder holds albums, a few levels down, ignoring hidden ones")
    func holdsAlbums() throws {
        let music = TemporaryFolder()
        #expect(!LibraryScanner.holdsAlbums(LibraryPath(music.path)))
        try Data("notes".utf8).write(to: music.file("Docs/readme.txt"))
        try MP3Fixtures.make(at: music.file(".hidden/secret.mp3"))
        #expect(!LibraryScanner.holdsAlbums(LibraryPath(music.path)))
        try MP3Fixtures.make(at: music.file("Artist/Album/01.mp3"))
        #expect(LibraryScanner.holdsAlbums(LibraryPath(music.path)))
        #expect(!LibraryScanner.holdsAlbums(LibraryPath(music.path), depth: 1))
        #expect(!LibraryScanner.holdsAlbums(LibraryPath(music.path + "/nowhere")))
    }
}
