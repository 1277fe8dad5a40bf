import ChangerKit
import Foundation
import MusicLibrary
import Testing
import TestSupport

/// "Stop after this song": nothing is queued after the current track, playback ends with it, and
/// "play" goes on with the track that would have followed.
@Suite("Stop after this track")
struct StopAfterTrackTests {
    @Test("nothing is queued after the track; when it ends playback finishes there and resumes with the next one")
    func stopsAtTheEnd() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        var events: [ChangerEvent] = []
        changer.onEvent = { events.append($0) }
        try changer.playDisc(1)
        #expect(fixture.queued == "A2")
        #expect(changer.stopAfterCurrentTrack(true))
        #expect(changer.stopsAfterCurrentTrack)
        #expect(fixture.queued == nil, "the engine has nothing to hand over to")
        #expect(changer.upNext == nil)
        fixture.engine.finishTrack(changer)
        #expect(changer.transport == .stopped)
        #expect(events.last == .finished)
        #expect(!changer.stopsAfterCurrentTrack, "once only")
        #expect(fixture.store.state.position == PlaybackPosition(magazineID: fixture.magazineID, slot: 1, trackIndex: 1, offset: 0))
        try changer.playSomething()
        #expect(fixture.playing == "A2")
        #expect(fixture.queued == "A3", "playback after it queues as usual")
    }

    @Test("cancelling queues the next track again")
    func cancel() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.stopAfterCurrentTrack(true)
        #expect(changer.stopAfterCurrentTrack(false))
        #expect(fixture.queued == "A2")
        fixture.engine.finishTrack(changer)
        #expect(fixture.playing == "A2")
        #expect(changer.transport == .playing)
    }

    @Test("a track started another way cancels it; a mode change in between keeps it", arguments: [false, true])
    func otherTrackCancels(modeChangeFirst: Bool) throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        try changer.playDisc(1)
        changer.stopAfterCurrentTrack(true)
        if modeChangeFirst {
            changer.setRepeat(.disc)
            #expect(fixture.queued == nil, "repeat does not bring a track after this one back")
            #expect(changer.stopsAfterCurrentTrack)
        }
        changer.nextTrack()
        #expect(fixture.playing == "A2")
        #expect(!changer.stopsAfterCurrentTrack)
        #expect(fixture.queued == "A3")
    }

    @Test("paused, it holds for when the track plays on; stopped, there is no track to stop after")
    func pausedAndStopped() throws {
        let fixture = try TransportFixture()
        let changer = fixture.changer()
        #expect(!changer.stopAfterCurrentTrack(true))
        #expect(!changer.stopsAfterCurrentTrack)
        try changer.playDisc(3)
        changer.pause()
        #expect(changer.stopAfterCurrentTrack(true))
        changer.resume()
        fixture.engine.finishTrack(changer)
        #expect(changer.transport == .stopped)
        changer.stop()
        #expect(!changer.stopsAfterCurrentTrack)
    }
}
