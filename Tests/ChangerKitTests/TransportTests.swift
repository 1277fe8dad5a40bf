import ChangerKit
import Foundation
import MusicLibrary
import Testing
import TestSupport

@Suite("Transport, as on a car head unit")
struct TransportTests {
    @Test("play disc N starts its first track with the second queued for a gapless handover")
    func playDisc() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(3)
        #expect(fixture.playing == "B1")
        #expect(fixture.queued == "B2")
        #expect(changer.transport == .playing)
        #expect(changer.current == TrackReference(magazineID: fixture.magazineID, slot: 3, trackIndex: 0))
    }

    @Test("play disc can start at a given track, and refuses a track the disc doesn't have")
    func playDiscAtTrack() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1, track: 3)
        #expect(fixture.playing == "A3")
        #expect(fixture.queued == "B1")
        #expect(throws: TransportError.noSuchTrack(4, disc: 1, count: 3)) { try changer.playDisc(1, track: 4) }
    }

    @Test("play disc refuses empty, missing and non-existent slots with a reason", arguments: [2, 4, 7])
    func playDiscErrors(number: Int) throws {
        let fixture = try TransportFixture()
        let error: TransportError = switch number {
        case 2: .emptySlot(2, magazine: "Magazine One")
        case 4: .missingDisc(4, folder: fixture.path("Gone").displayName)
        default: .noSuchDisc(7, magazine: "Magazine One", slots: 6)
        }
        let changer = fixture.changer()
        #expect(throws: error) { try changer.playDisc(number) }
        #expect(fixture.engine.plays.isEmpty)
    }

    @Test("with repeat off, play goes on disc after disc, skipping empty and missing slots, and stops after the last")
    func playsThroughMagazine() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        #expect(fixture.playToTheEnd(changer) == ["A1", "A2", "A3", "B1", "B2", "C1"])
        #expect(changer.transport == .stopped)
    }

    @Test("the headless player stops at the end of the disc")
    func stopsAtEndOfDisc() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        changer.stopsAtEndOfDisc = true
        try changer.playDisc(3)
        #expect(fixture.playToTheEnd(changer) == ["B1", "B2"])
        #expect(changer.transport == .stopped)
    }

    @Test("repeat track replays the track; next still moves on")
    func repeatTrack() throws {
        let fixture = try TransportFixture(settings: PlayerSettings(repeatMode: .track))
        let changer = fixture.changer()
        try changer.playDisc(1)
        #expect(fixture.queued == "A1")
        #expect(Array(fixture.playToTheEnd(changer, limit: 3)) == ["A1", "A1", "A1", "A1"])
        changer.nextTrack()
        #expect(fixture.playing == "A2")
    }

    @Test("repeat disc loops the disc")
    func repeatDisc() throws {
        let fixture = try TransportFixture(settings: PlayerSettings(repeatMode: .disc))
        let changer = fixture.changer()
        try changer.playDisc(3)
        #expect(fixture.playToTheEnd(changer, limit: 4) == ["B1", "B2", "B1", "B2", "B1"])
    }

    @Test("repeat magazine goes round the magazine")
    func repeatMagazine() throws {
        let fixture = try TransportFixture(settings: PlayerSettings(repeatMode: .magazine))
        let changer = fixture.changer()
        try changer.playDisc(5)
        #expect(fixture.playToTheEnd(changer, limit: 3) == ["C1", "A1", "A2", "A3"])
    }

    @Test("a repeat mode chosen while playing changes what is queued at once")
    func repeatChangeRequeues() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(5)
        #expect(fixture.queued == nil)
        changer.setRepeat(.track)
        #expect(fixture.queued == "C1")
        changer.setRepeat(.magazine)
        #expect(fixture.queued == "A1")
        #expect(fixture.store.state.settings.repeatMode == .magazine)
    }

    @Test("next track wraps from the end of the magazine to the first disc")
    func nextWraps() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(5)
        changer.nextTrack()
        #expect(fixture.playing == "A1")
    }

    @Test("previous restarts the track after 3 s, else goes back one track, and restarts the first track")
    func previous() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.nextTrack()
        fixture.engine.heardSeconds = 3.5
        changer.previousTrack()
        #expect(fixture.engine.seeks == [0])
        #expect(fixture.playing == "A2")
        fixture.engine.heardSeconds = 2.9
        changer.previousTrack()
        #expect(fixture.playing == "A1")
        fixture.engine.heardSeconds = 1
        changer.previousTrack()
        #expect(fixture.playing == "A1")
        #expect(fixture.engine.plays.last?.offset == 0)
    }

    @Test("next and previous disc skip empty and missing slots and wrap around", arguments: [
        (1, true, "B1"), (3, true, "C1"), (5, true, "A1"), (1, false, "C1"), (5, false, "B1"), (3, false, "A1"),
    ])
    func discSteps(from slot: Int, forward: Bool, expected: String) throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(slot)
        forward ? changer.nextDisc() : changer.previousDisc()
        #expect(fixture.playing == expected)
    }

    @Test("seek moves 10 s either way, not before the start, and past the end goes to the next track")
    func seek() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        fixture.engine.heardSeconds = 30
        changer.seek(by: 10)
        changer.seek(by: -10)
        fixture.engine.heardSeconds = 4
        changer.seek(by: -10)
        #expect(fixture.engine.seeks == [40, 30, 0])
        fixture.engine.heardSeconds = 95
        changer.seek(by: 10)
        #expect(fixture.playing == "A2")
    }

    @Test("pause, resume, play/pause toggle and stop")
    func pauseResumeStop() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.pause()
        #expect(fixture.engine.paused && changer.transport == .paused)
        changer.togglePlayPause()
        #expect(!fixture.engine.paused && changer.transport == .playing)
        changer.stop()
        #expect(fixture.engine.stopped && changer.transport == .stopped)
        changer.resume()
        #expect(changer.transport == .playing)
        #expect(fixture.playing == "A1")
    }

    @Test("volume is kept between 0 and 100 %, mute keeps the level, and both are saved", arguments: [(150, 100), (-5, 0), (40, 40)])
    func volume(requested: Int, expected: Int) throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        changer.setVolume(requested)
        #expect(fixture.engine.volume == (expected, false))
        changer.setMuted(true)
        #expect(fixture.engine.volume == (expected, true))
        #expect(fixture.store.file.load().state?.settings == PlayerSettings(volume: expected, muted: true))
        changer.changeVolume(by: 10)
        #expect(fixture.engine.volume == (min(100, expected + 10), false))
    }

    @Test("random disc plays every track of the disc once in a shuffled order, then the next disc")
    func randomDisc() throws {
        var orders: Set<[String]> = []
        for seed in 1...8 {
            let fixture = try TransportFixture(settings: PlayerSettings(randomMode: .disc))
            let changer = fixture.changer(seed: UInt64(seed))
            try changer.playDisc(1)
            let heard = fixture.playToTheEnd(changer)
            #expect(heard.prefix(3).sorted() == ["A1", "A2", "A3"])
            #expect(heard.dropFirst(3).prefix(2).sorted() == ["B1", "B2"])
            #expect(heard.count == 6)
            orders.insert(Array(heard.prefix(3)))
        }
        #expect(orders.count > 1, "different seeds should give different orders")
    }

    @Test("random magazine plays every track of every disc exactly once, shuffled, then stops")
    func randomMagazine() throws {
        var orders: Set<[String]> = []
        for seed in 1...8 {
            let fixture = try TransportFixture(settings: PlayerSettings(randomMode: .magazine))
            let changer = fixture.changer(seed: UInt64(seed))
            try changer.playSomething()
            let heard = fixture.playToTheEnd(changer)
            #expect(heard.sorted() == ["A1", "A2", "A3", "B1", "B2", "C1"])
            #expect(changer.transport == .stopped)
            orders.insert(heard)
        }
        #expect(orders.count > 1)
    }

    @Test("turning random on keeps the current track playing and shuffles what follows")
    func randomWhilePlaying() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.setRandom(.magazine)
        #expect(fixture.playing == "A1")
        let heard = fixture.playToTheEnd(changer)
        #expect(heard.first == "A1")
        #expect(heard.sorted() == ["A1", "A2", "A3", "B1", "B2", "C1"])
    }

    @Test("scan plays 10 s of each track and moves on; a transport key ends it and keeps the track")
    func scan() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.scan()
        #expect(changer.isScanning)
        fixture.engine.heardSeconds = 9.5
        changer.tick()
        #expect(fixture.playing == "A1")
        fixture.engine.heardSeconds = 10
        changer.tick()
        #expect(fixture.playing == "A2")
        fixture.engine.heardSeconds = 10.2
        changer.tick()
        #expect(fixture.playing == "A3")
        changer.nextTrack()
        #expect(!changer.isScanning)
        #expect(fixture.playing == "A3")
        fixture.engine.heardSeconds = 12
        changer.tick()
        #expect(fixture.playing == "A3")
    }

    @Test("the position is saved periodically, on pause and on quit, and play something resumes exactly there after a restart")
    func positionAndResume() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(3)
        changer.nextTrack()
        fixture.engine.heardSeconds = 12
        fixture.clock.now += 11
        changer.tick()
        #expect(fixture.store.file.load().state?.position == PlaybackPosition(magazineID: fixture.magazineID, slot: 3, trackIndex: 1, offset: 12))
        fixture.engine.heardSeconds = 20
        changer.pause()
        #expect(fixture.store.file.load().state?.position?.offset == 20)
        changer.resume()
        fixture.engine.heardSeconds = 42.5
        changer.savePosition()  // what quitting does
        #expect(fixture.store.file.load().state?.position?.offset == 42.5)

        let restartedStore = ChangerStore(file: fixture.store.file, state: try #require(fixture.store.file.load().state))
        let engine = FakeEngine()
        let restarted = Changer(store: restartedStore, shelf: fixture.shelf, engine: engine, clock: fixture.clock)
        try restarted.playSomething()
        #expect(engine.plays.first.map { TransportFixture.name($0.track) } == "B2")
        #expect(engine.plays.first?.offset == 42.5)
    }

    @Test("play something with no position plays the selected magazine's first disc")
    func playSomethingFresh() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playSomething()
        #expect(fixture.playing == "A1")
    }

    @Test("a track that fails is skipped with a notice; when every track fails, playback stops")
    func failures() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        var notices: [String] = []
        changer.onEvent = { if case .notice(let text) = $0 { notices.append(text) } }
        try changer.playDisc(1)
        changer.handle(.failed(id: fixture.engine.current!.id, reason: "Skipping 1.mp3: not an MP3 file"))
        #expect(fixture.playing == "A2")
        let queuedID = try #require(fixture.engine.next?.id)
        changer.handle(.failed(id: queuedID, reason: "Skipping 3.mp3: truncated"))
        #expect(fixture.queued == "B1")
        #expect(notices == ["Skipping 1.mp3: not an MP3 file", "Skipping 3.mp3: truncated"])
        for _ in 0..<20 where changer.transport == .playing {
            changer.handle(.failed(id: fixture.engine.current!.id, reason: "bad"))
        }
        #expect(changer.transport == .stopped, "after the last disc of the magazine, as if the tracks had played")
    }

    @Test("when every track fails even with repeat on, playback stops with a notice instead of trying forever")
    func everythingFails() throws {
        let fixture = try TransportFixture(settings: PlayerSettings(repeatMode: .magazine))
        let changer = fixture.changer()
        var notices: [String] = []
        changer.onEvent = { if case .notice(let text) = $0 { notices.append(text) } }
        try changer.playDisc(1)
        for _ in 0..<30 where changer.transport == .playing {
            changer.handle(.failed(id: fixture.engine.current!.id, reason: "bad"))
        }
        #expect(changer.transport == .stopped)
        #expect(notices.last == "Nothing in this magazine can be played.")
    }

    @Test("a failed track is not retried by repeat track, and the headless player still stops at the end of its disc")
    func failureFollowsTheRules() throws {
        let repeating = try TransportFixture(settings: PlayerSettings(repeatMode: .track))
        let changer = repeating.changer()
        try changer.playDisc(1)
        changer.handle(.failed(id: repeating.engine.current!.id, reason: "bad"))
        #expect(repeating.playing == "A2")

        let headless = try TransportFixture()
        let player = headless.changer()
        player.stopsAtEndOfDisc = true
        try player.playDisc(3, track: 2)
        player.handle(.failed(id: headless.engine.current!.id, reason: "bad"))
        #expect(player.transport == .stopped)
    }

    @Test("next and previous magazine select another magazine; while playing they play it")
    func magazineSteps() throws {
        let fixture = try TransportFixture()
        try fixture.store.editRack(.created) { rack throws(RackError) in
            let second = try rack.create(named: "Second")
            try rack.load(fixture.path("C"), into: 2, of: second.name)
        }
        let changer = fixture.changer()
        try changer.stepMagazine(by: 1)
        #expect(changer.currentMagazine?.name == "Second")
        #expect(fixture.engine.plays.isEmpty)
        try changer.stepMagazine(by: 1)
        #expect(changer.currentMagazine?.name == "Magazine One")
        try changer.playDisc(1)
        try changer.stepMagazine(by: -1)
        #expect(changer.currentMagazine?.name == "Second")
        #expect(fixture.playing == "C1")
    }

    @Test("a track's start is reported once, even when the engine restarts it for a seek")
    func startReportedOnce() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        var started: [TrackReference] = []
        changer.onEvent = { if case .trackStarted(let reference) = $0 { started.append(reference) } }
        try changer.playDisc(1)
        let id = try #require(fixture.engine.current?.id)
        changer.handle(.started(id: id))
        changer.handle(.started(id: id))
        fixture.engine.finishTrack(changer)
        #expect(started.map(\.trackIndex) == [0, 1])
    }

    @Test("a lost sound device pauses the changer and saves the position; resume goes on")
    func deviceLost() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        var notices: [String] = []
        changer.onEvent = { if case .notice(let text) = $0 { notices.append(text) } }
        try changer.playDisc(3)
        fixture.engine.heardSeconds = 7
        changer.handle(.deviceLost("Sound device lost: paused."))
        #expect(changer.transport == .paused)
        #expect(notices == ["Sound device lost: paused."])
        #expect(fixture.store.file.load().state?.position?.offset == 7)
        changer.resume()
        #expect(changer.transport == .playing)
        #expect(!fixture.engine.paused)
    }

    @Test("a new scan while playing keeps the track being heard, found by its file, and queues what now follows it")
    func newScanWhilePlaying() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1, track: 2)
        #expect(fixture.playing == "A2")
        #expect(fixture.queued == "A3")
        // A1 and A3 are gone from the folder; A2 plays on as the first track, and disc B follows.
        let a = TransportFixture.album("A", tracks: 3, in: fixture.root)
        var albums = fixture.shelf.library.albums
        albums[0] = Album(path: a.path, title: a.title, artist: a.artist, tracks: [a.tracks[1]])
        changer.replaceShelf(AlbumShelf(library: Library(root: fixture.shelf.library.root, albums: albums)))
        #expect(changer.current == TrackReference(magazineID: fixture.magazineID, slot: 1, trackIndex: 0))
        #expect(fixture.playing == "A2")
        #expect(fixture.queued == "B1")
        // A scan that changes nothing keeps the engine's queued track as it was.
        let queued = fixture.engine.next
        changer.replaceShelf(changer.shelf)
        #expect(fixture.engine.next == queued)
    }

    @Test("an album folder removed while the changer runs is found missing when it is played, and said so")
    func folderRemovedIsMissingOnPlay() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        var notices: [String] = []
        changer.onEvent = { if case .notice(let text) = $0 { notices.append(text) } }
        try FileManager.default.removeItem(atPath: fixture.path("B").displayName)
        #expect(throws: TransportError.missingDisc(3, folder: fixture.path("B").displayName)) { try changer.playDisc(3) }
        #expect(fixture.engine.plays.isEmpty)
        #expect(changer.shelf.state(ofSlot: fixture.path("B")) == .missing(fixture.path("B")))
        #expect(notices == ["Disc 3 is missing: its folder \(fixture.path("B").displayName) is gone."])
        // Disc steps pass over it from now on.
        try changer.playDisc(1)
        changer.nextDisc()
        #expect(fixture.playing == "C1")
    }

    @Test("a track that fails because its disc's folder went moves on to the next disc with one notice")
    func folderRemovedWhilePlaying() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        var notices: [String] = []
        changer.onEvent = { if case .notice(let text) = $0 { notices.append(text) } }
        try changer.playDisc(1)
        try FileManager.default.removeItem(atPath: fixture.path("A").displayName)
        changer.handle(.failed(id: fixture.engine.current!.id, reason: "Skipping 1.mp3: it is gone."))
        #expect(fixture.playing == "B1")
        #expect(notices == ["Disc 1 is missing: its folder \(fixture.path("A").displayName) is gone."])
    }

    @Test("the magazine on show is not the playing one: a disc number plays from the one on show, disc steps stay in the playing one")
    func selectedAndPlayingMagazines() throws {
        let fixture = try TransportFixture()
        let second = try fixture.store.editRack(.created) { rack throws(RackError) -> Magazine in
            let second = try rack.create(named: "Second")
            try rack.load(fixture.path("C"), into: 2, of: second.name)
            return second
        }
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.select(second.id)
        #expect(changer.selectedMagazine?.name == "Second")
        #expect(changer.playingMagazine?.name == "Magazine One")
        #expect(fixture.playing == "A1")
        changer.nextDisc()
        #expect(fixture.playing == "B1")
        try changer.playDisc(2)
        #expect(fixture.playing == "C1")
        #expect(changer.playingMagazine?.name == "Second")
    }

    @Test("stop keeps the track and says it was asked; playing again starts that track from its beginning")
    func stopThenPlayFromTheStart() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        var events: [ChangerEvent] = []
        changer.onEvent = { events.append($0) }
        try changer.playDisc(1)
        changer.nextTrack()
        fixture.engine.heardSeconds = 42.5
        changer.stop()
        #expect(changer.transport == .stopped && fixture.engine.stopped)
        #expect(events.last == .stopped)
        #expect(fixture.store.file.load().state?.position == PlaybackPosition(magazineID: fixture.magazineID, slot: 1, trackIndex: 1, offset: 0))
        try changer.playSomething()
        #expect(fixture.playing == "A2")
        #expect(fixture.engine.plays.last?.offset == 0)
    }

    @Test("playback that reaches its end by itself says it finished, not that it was stopped")
    func finishedIsNotStopped() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        changer.stopsAtEndOfDisc = true
        var events: [ChangerEvent] = []
        changer.onEvent = { events.append($0) }
        try changer.playDisc(5)
        _ = fixture.playToTheEnd(changer)
        #expect(events.last == .finished)
        #expect(!events.contains(.stopped))
    }

    @Test("next and previous while paused stay paused, at the start of the other track; the engine hears nothing until resume")
    func nextAndPreviousKeepThePause() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.pause()
        changer.nextTrack()
        #expect(changer.transport == .paused)
        #expect(fixture.playing == "A2")
        #expect(fixture.engine.plays.last?.paused == true)
        #expect(fixture.engine.plays.last?.offset == 0)
        changer.previousTrack()
        #expect(changer.transport == .paused)
        #expect(fixture.playing == "A1")
        #expect(fixture.engine.plays.last?.paused == true)
        changer.resume()
        #expect(changer.transport == .playing && !fixture.engine.paused)
        changer.nextTrack()
        #expect(fixture.engine.plays.last?.paused == false, "while playing, next plays")
    }

    @Test("seek to a time goes exactly there, to the start for a negative time, and to the next track at the end")
    func seekTo() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.seek(to: 2.5)
        changer.seek(to: -4)
        #expect(fixture.engine.seeks == [2.5, 0])
        changer.seek(to: 100)
        #expect(fixture.playing == "A2")
    }

    @Test("a next track that playback reaches by itself, and a previous one, by repeat mode", arguments: [
        // repeat, headless, slot, track → has a natural next, has a previous
        (RepeatMode.off, false, 5, 0, false, false), (.off, false, 3, 1, true, true), (.off, true, 1, 2, false, true),
        (.off, false, 1, 0, true, false), (.track, false, 5, 0, true, false), (.disc, false, 5, 0, true, false),
        (.magazine, false, 5, 0, true, false), (.magazine, true, 1, 2, true, true),
    ])
    func naturalNextAndPrevious(mode: RepeatMode, headless: Bool, slot: Int, track: Int, hasNext: Bool, hasPrevious: Bool) throws {
        let fixture = try TransportFixture(settings: PlayerSettings(repeatMode: mode))
        let changer = fixture.changer()
        changer.stopsAtEndOfDisc = headless
        #expect(!changer.hasNaturalNext && !changer.hasPreviousTrack, "nothing current")
        try changer.playDisc(slot, track: track + 1)
        #expect(changer.hasNaturalNext == hasNext)
        #expect(changer.hasPreviousTrack == hasPrevious)
    }
}
