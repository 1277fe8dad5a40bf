import ChangerKit
import Foundation
import MusicLibrary
import Testing
import TestSupport

@Suite("Saving and loading the state")
struct PersistenceTests {
    func sampleState() throws -> ChangerState {
        var rack = Rack()
        let road = try rack.create(named: "Road Trip", slotCount: 3, albums: [LibraryPath("/music/A"), LibraryPath(bytes: Array("/music/Caf".utf8) + [0xE9])])
        try rack.create(named: "Kitchen", slotCount: 12)
        return ChangerState(
            rack: rack, currentMagazineID: road.id,
            position: PlaybackPosition(magazineID: road.id, slot: 2, trackIndex: 4, offset: 93.25),
            settings: PlayerSettings(volume: 40, muted: true, repeatMode: .disc, randomMode: .magazine)
        )
    }

    @Test("a saved state loads back equal, including non-UTF-8 album paths and the position")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        let file = StateFile(directory: folder.url.appendingPathComponent("nested/state"))
        let state = try sampleState()
        try file.save(state)
        guard case .loaded(let loaded) = file.load() else {
            Issue.record("the saved state did not load")
            return
        }
        #expect(loaded == state)
        let text = try String(contentsOf: file.stateURL, encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
    }

    @Test("no state file means a fresh install")
    func missingFile() {
        let folder = TemporaryFolder()
        guard case .none = StateFile(directory: folder.url).load() else {
            Issue.record("expected no state")
            return
        }
    }

    @Test("saving replaces the file atomically and leaves no temporary file")
    func atomicWrite() throws {
        let folder = TemporaryFolder()
        let file = StateFile(directory: folder.url)
        var state = try sampleState()
        try file.save(state)
        let before = try FileManager.default.attributesOfItem(atPath: file.stateURL.path)[.systemFileNumber] as? Int
        state.settings.volume = 55
        try file.save(state)
        let after = try FileManager.default.attributesOfItem(atPath: file.stateURL.path)[.systemFileNumber] as? Int
        #expect(before != after, "the file must be replaced by rename, not rewritten in place")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["state.json", "state.lock"])
        let loaded = try #require(file.load().state)
        #expect(loaded.settings.volume == 55)
    }

    @Test("an unreadable state file is moved aside, never overwritten, and the user is told where", arguments: [
        "{ this is not json",
        "",
        "{\"version\": 1, \"rack\": {\"magazines\": []}, \"settings\": {}}",
        "{\"version\": 1, \"rack\": {\"magazines\": [{\"id\": \"6F9619FF-8B86-D011-B42D-00C04FC964FF\", \"name\": \"A\", \"slots\": []}]}, \"settings\": {\"volume\": 1, \"muted\": false, \"repeatMode\": \"off\", \"randomMode\": \"off\"}}",
    ])
    func damagedFileMovedAside(contents: String) throws {
        let folder = TemporaryFolder()
        let file = StateFile(directory: folder.url)
        try Data(contents.utf8).write(to: file.stateURL)
        let outcome = file.load()
        guard case .unusable(_, let movedTo?, nil) = outcome else {
            Issue.record("expected the file to be moved aside, got \(outcome)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: file.stateURL.path))
        #expect(try String(contentsOfFile: movedTo, encoding: .utf8) == contents)
        let notice = try #require(outcome.notice)
        #expect(notice.contains(movedTo))
        #expect(notice.contains("could not be used"))
    }

    @Test("a file from a newer version is moved aside with a message that says so")
    func newerVersion() throws {
        let folder = TemporaryFolder()
        let file = StateFile(directory: folder.url)
        let future = "{\"version\": 7, \"something\": \"new\"}"
        try Data(future.utf8).write(to: file.stateURL)
        let outcome = file.load()
        #expect(outcome.notice?.contains("newer version") == true)
        guard case .unusable(_, let movedTo?, _) = outcome else {
            Issue.record("expected a move aside")
            return
        }
        #expect(try String(contentsOfFile: movedTo, encoding: .utf8) == future)
    }

    @Test("moving aside twice in one second never overwrites the first copy")
    func twoMovesKeepBoth() throws {
        let folder = TemporaryFolder()
        let file = StateFile(directory: folder.url)
        try Data("first broken".utf8).write(to: file.stateURL)
        let first = try #require(file.load().movedTo)
        try Data("second broken".utf8).write(to: file.stateURL)
        let second = try #require(file.load().movedTo)
        #expect(first != second)
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "first broken")
        #expect(try String(contentsOfFile: second, encoding: .utf8) == "second broken")
    }

    @Test("the state folder comes from the option, then the environment, then XDG, then home", arguments: [
        ("/opt/x", [:], "/opt/x"),
        (nil, ["CDCHANGER_STATE_DIR": "/env/state", "XDG_STATE_HOME": "/xdg", "HOME": "/home/u"], "/env/state"),
        (nil, ["XDG_STATE_HOME": "/xdg", "HOME": "/home/u"], "/xdg/cdchanger"),
        (nil, ["HOME": "/home/u"], "/home/u/.local/state/cdchanger"),
    ] as [(String?, [String: String], String)])
    func stateDirectory(option: String?, environment: [String: String], expected: String) {
        #expect(StateFile.directory(option: option, environment: environment).path == expected)
    }

    @Test("a fresh install has Magazine One holding the first six albums of the library")
    func freshState() {
        let albums = (1...8).map { Album(path: LibraryPath("/music/\($0)"), title: "Album \($0)", artist: "A", tracks: []) }
        let state = ChangerState.fresh(library: Library(root: LibraryPath("/music"), albums: albums))
        #expect(state.rack.magazines.map(\.name) == ["Magazine One"])
        #expect(state.rack.magazines[0].slots == (1...6).map { LibraryPath("/music/\($0)") })
        #expect(state.currentMagazine?.name == "Magazine One")
        #expect(state.position == nil)
    }

    @Test("a slot whose album folder disappeared shows as missing, and keeps its folder")
    func missingAlbum() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.album(in: music.folder("Here"), title: "Here", artist: "A", count: 1)
        var cache = ScanCache()
        let scanner = LibraryScanner()
        let library = scanner.scan(LibraryPath(music.path), cache: &cache)
        let gone = LibraryPath(music.path + "/Gone")
        let here = try #require(library.albums.first).path
        let shelf = AlbumShelf(library: library, slotFolders: [here, gone], scanner: scanner, cache: &cache)
        #expect(shelf.state(ofSlot: here).label == "loaded")
        #expect(shelf.state(ofSlot: gone) == .missing(gone))
        #expect(shelf.state(ofSlot: nil) == .empty)
    }

    @Test("an album loaded from outside the music folder is scanned on its own")
    func outsideAlbum() throws {
        let music = TemporaryFolder(), elsewhere = TemporaryFolder()
        try MP3Fixtures.album(in: elsewhere.folder("Travel"), title: "Travel Tunes", artist: "B", count: 2)
        var cache = ScanCache()
        let scanner = LibraryScanner()
        let library = scanner.scan(LibraryPath(music.path), cache: &cache)
        var shelf = AlbumShelf(library: library)
        guard case .success(let album) = shelf.findAlbum(elsewhere.path + "/Travel", scanner: scanner, cache: &cache) else {
            Issue.record("the folder was not found")
            return
        }
        #expect(album.title == "Travel Tunes")
        #expect(album.tracks.count == 2)
        #expect(shelf.findAlbum(elsewhere.path + "/Nowhere", scanner: scanner, cache: &cache) == .failure(.noSuchFolder(elsewhere.path + "/Nowhere")))
        #expect(shelf.findAlbum("Travel Tunes", scanner: scanner, cache: &cache) == .failure(.notFound("Travel Tunes")))
        shelf.add(album)
        #expect(shelf.state(ofSlot: album.path).label == "loaded")
    }
}

extension Result where Success == Album, Failure == AlbumLookupError {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.success(let a), .success(let b)): a == b
        case (.failure(let a), .failure(let b)): a == b
        default: false
        }
    }
}
