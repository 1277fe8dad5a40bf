import Foundation
import Playback
import Testing

/// Play, stop and play again in quick succession, as a user flicking through discs does.
@Suite("Transport")
struct TransportTests {
    @Test("every play after a stop starts its item, however quickly they follow", arguments: [true, false])
    func playStopCycles(fast: Bool) throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 8)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null, fast: fast), onEvent: recorder.wake)
        for run in 1...60 {
            player.play(PlaybackItem(id: UInt64(run), path: mp3))
            try recorder.wait(for: player, timeout: 3) { events in events.contains { $0.startedItem == UInt64(run) } }
            player.stop()
        }
        #expect(player.currentItem == nil)
        player.shutdown()
        let events = recorder.events
        #expect(events.compactMap(\.startedItem) == (1...60).map { UInt64($0) })
        #expect(!events.contains { if case .finished = $0.kind { !fast } else { false } }, "a stopped item never reports finishing")
    }

    @Test("stop ends playback without a drained event, and the player plays again afterwards")
    func stopThenPlay() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 1)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        player.stop()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(player.position == nil)
        #expect(!recorder.events.contains { $0.kind == .drained })
        player.play(PlaybackItem(id: 2, path: mp3), from: .seconds(0.5))
        let events = try recorder.waitUntilDrained(player, timeout: 5)
        #expect(events.compactMap(\.startedItem) == [1, 2])
        player.shutdown()
    }

    @Test("a seek while the device buffer is full is acted on at once, not after the next write")
    func seekWhileFull() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 4)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        var latencies: [Double] = []
        for round in 1...5 {
            Thread.sleep(forTimeInterval: 0.3)
            let before = PlaybackEvent.now()
            player.seek(to: .seconds(Double(round) * 0.1))
            // A seek starts the item again under a new decode token: `started` marks its first frame.
            let events = try recorder.wait(for: player, timeout: 5) { $0.filter { $0.startedItem == 1 }.count == round + 1 }
            let started = events.filter { $0.startedItem == 1 }.last!
            latencies.append(Double(started.time - before) / 1e6)
        }
        player.shutdown()
        let median = latencies.sorted()[2]
        #expect(median < 20, "seek to first frame took \(latencies) ms")
    }

    @Test("shutting down while the device drains the end of the queue returns at once")
    func shutdownWhileDraining() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 0.5)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        // `finished` comes when the last frame is handed over; the 200 ms drain follows.
        try recorder.wait(for: player) { $0.contains { $0.kind == .finished(item: 1) } }
        let before = PlaybackEvent.now()
        player.shutdown()
        let seconds = Double(PlaybackEvent.now() - before) / 1e9
        #expect(seconds < 0.1, "shutdown took \(seconds) s")
    }
}
