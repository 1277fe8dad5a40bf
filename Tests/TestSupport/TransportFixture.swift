import ChangerKit
import Foundation
import MusicLibrary

/// An engine that records what the changer asks and plays nothing; tests move it along by hand.
public final class FakeEngine: PlaybackEngine {
    public struct Play: Equatable {
        public var track: EngineTrack
        public var offset: Double
        public var next: EngineTrack?
        public var paused = false
    }

    public var plays: [Play] = []
    public var next: EngineTrack?
    public var current: EngineTrack?
    public var heardSeconds: Double = 0
    public var paused = false
    public var stopped = false
    public var seeks: [Double] = []
    public var volume: (percent: Int, muted: Bool) = (100, false)

    public init() {}

    public func play(_ track: EngineTrack, from offset: Double, next: EngineTrack?, paused: Bool) {
        plays.append(Play(track: track, offset: offset, next: next, paused: paused))
        current = track
        self.next = next
        heardSeconds = offset
        self.paused = paused
        stopped = false
    }

    public func replaceNext(_ track: EngineTrack?) { next = track }
    public func pause() { paused = true }
    public func resume() { paused = false }
    public func stop() { stopped = true; current = nil; next = nil }
    public func seek(to offset: Double) { seeks.append(offset); heardSeconds = offset }
    public func setVolume(_ percent: Int, muted: Bool) { volume = (percent, muted) }

    /// The current track ends by itself: the queued one starts, or everything is finished.
    public func finishTrack(_ changer: Changer) {
        heardSeconds = 0
        if let next {
            current = next
            self.next = nil
            changer.handle(.started(id: next.id))
        } else {
            current = nil
            changer.handle(.finished)
        }
    }
}

/// A clock the test moves.
public final class FakeClock: ChangerClock {
    public var now: Double = 1000

    public init() {}
}

/// A rack in memory: Magazine One with discs A (3 tracks), empty, B (2 tracks), missing, C (1 track), empty.
/// The albums' folders exist (empty) under `root`, so the changer's look for vanished folders finds
/// them; "Gone" does not.
public struct TransportFixture {
    public let folder = TemporaryFolder()
    /// The music folder: `A`, `B` and `C` (genre Jazz, 1994) in it.
    public let root: LibraryPath
    public let engine = FakeEngine()
    public let clock = FakeClock()
    public let store: ChangerStore
    public let shelf: AlbumShelf
    public let magazineID: UUID

    public static func album(_ name: String, tracks: Int, genre: String? = nil, year: Int? = nil, in root: LibraryPath) -> Album {
        let folder = root.appending(name)
        return Album(path: folder, title: name, artist: "Artist", tracks: (1...tracks).map {
            Track(path: folder.appending("\($0).mp3"), title: "\(name)\($0)", artist: "Artist", trackNumber: $0, duration: 100)
        }, genre: genre, year: year)
    }

    /// The folder of album `name` ("A", "Gone").
    public func path(_ name: String) -> LibraryPath { root.appending(name) }

    public init(settings: PlayerSettings = PlayerSettings()) throws {
        let root = LibraryPath(folder.folder("music").path)
        self.root = root
        let albums = [Self.album("A", tracks: 3, in: root), Self.album("B", tracks: 2, in: root), Self.album("C", tracks: 1, genre: "Jazz", year: 1994, in: root)]
        for album in albums { try FileManager.default.createDirectory(atPath: album.path.displayName, withIntermediateDirectories: true) }
        shelf = AlbumShelf(library: Library(root: root, albums: albums))
        var rack = Rack()
        let magazine = try rack.create(named: "Magazine One", albums: [])
        try rack.load(albums[0].path, into: 1, of: "Magazine One")
        try rack.load(albums[1].path, into: 3, of: "Magazine One")
        try rack.load(root.appending("Gone"), into: 4, of: "Magazine One")
        try rack.load(albums[2].path, into: 5, of: "Magazine One")
        magazineID = magazine.id
        store = ChangerStore(file: StateFile(directory: folder.url), state: ChangerState(rack: rack, currentMagazineID: magazine.id, settings: settings))
    }

    public func changer(seed: UInt64 = 7) -> Changer {
        Changer(store: store, shelf: shelf, engine: engine, clock: clock, seed: seed)
    }

    /// "A1", "B2"… for the engine's current track.
    public var playing: String? { engine.current.map(Self.name) }
    public var queued: String? { engine.next.map(Self.name) }

    public static func name(_ track: EngineTrack) -> String {
        let parts = track.path.displayName.split(separator: "/")
        return String(parts[parts.count - 2]) + String(parts[parts.count - 1].dropLast(4))
    }

    /// Lets tracks end by themselves until playback stops, and returns what played in order.
    public func playToTheEnd(_ changer: Changer, limit: Int = 50) -> [String] {
        var heard: [String] = playing.map { [$0] } ?? []
        for _ in 0..<limit {
            engine.finishTrack(changer)
            guard changer.transport == .playing, let now = playing else { break }
            heard.append(now)
        }
        return heard
    }
}

