import Foundation
import Playback
import Testing

/// The heard position: real time minus the device delay, per item, with exact lengths.
@Suite("Elapsed position")
struct PositionTests {
    @Test("elapsed time follows the clock of what has been heard")
    func followsTheClock() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 3)
        let frames = try Fixture.reference(mp3, in: folder).count / 2
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        #expect(player.position == nil)
        player.play(PlaybackItem(id: 7, path: mp3))
        let started = try recorder.wait(for: player) { $0.contains { $0.startedItem == 7 } }
        let startTime = started.first { $0.startedItem == 7 }!.time
        Thread.sleep(forTimeInterval: 1.0)
        let position = try #require(player.position)
        let wall = Double(PlaybackEvent.now() - startTime) / 1e9
        #expect(position.item == 7)
        #expect(position.isRunning)
        #expect(position.sampleRate == 44_100)
        #expect(position.lengthFrames == frames && position.lengthIsExact)
        #expect(abs(position.elapsedSeconds - wall) < 0.1, "heard \(position.elapsedSeconds) s after \(wall) s")
        try recorder.waitUntilDrained(player)
        #expect(player.position == nil)
        player.shutdown()
    }

    @Test("just after a gapless handover the previous item is still the one heard")
    func handover() throws {
        let folder = try TemporaryFolder()
        let a = try Fixture.make("a.mp3", in: folder, seconds: 0.8)
        let b = try Fixture.make("b.mp3", in: folder, seconds: 1.5)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: a), next: PlaybackItem(id: 2, path: b))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 2 } }
        let during = try #require(player.position)
        #expect(during.item == 1, "B was handed to the sink but A's tail is still in the device")
        #expect(during.elapsedFrames > 44_100 / 2)
        Thread.sleep(forTimeInterval: 0.5)
        let after = try #require(player.position)
        #expect(after.item == 2)
        #expect(after.elapsedFrames > 0 && after.elapsedFrames < 44_100)
        player.shutdown()
    }

    @Test("a file without an info frame gets an estimate at once and its exact length soon after")
    func lengthRefined() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("noinfo.mp3", in: folder, seconds: 8, lameOptions: ["-t", "-b", "128"])
        let frames = try Fixture.reference(mp3, in: folder).count / 2
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), ringBytes: 128 * 1024, onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        // The scan may finish before the output hands the first frame over: wait for both.
        let events = try recorder.wait(for: player, timeout: 10) { events in
            events.contains { if case .lengthRefined = $0.kind { true } else { false } } && events.contains { $0.startedItem == 1 }
        }
        #expect(events.contains { $0.kind == .lengthRefined(item: 1, frames: frames, sampleRate: 44_100) })
        let position = try #require(player.position)
        #expect(position.lengthFrames == frames)
        #expect(position.lengthIsExact)
        player.shutdown()
    }
}
