import Foundation
import Playback
import Testing
import TestSupport

/// Replacing or clearing the queued next item while the current one plays: the old next item's
/// decoded audio is discarded, the current item is untouched, the new next follows gaplessly.
@Suite("Replacing the next item")
struct QueueTests {
    @Test("replacing a next item the decoder already decoded plays the new one instead, gaplessly")
    func replaceNext() throws {
        let folder = try TemporaryFolder()
        let a = try Fixture.make("a.mp3", in: folder, seconds: 1.0, synth: ["sine", "300"])
        let b = try Fixture.make("b.mp3", in: folder, seconds: 1.0, synth: ["sine", "500"])
        let c = try Fixture.make("c.mp3", in: folder, seconds: 1.0, synth: ["sine", "700"])
        let recorder = EventRecorder()
        // Paced, so A is still playing when the next item changes; B is decoded by then (the
        // ring holds seconds, and the decoder goes on to the next item as soon as A is decoded).
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav"))), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: a), next: PlaybackItem(id: 2, path: b))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(player.currentItem == 1)
        player.setNext(PlaybackItem(id: 3, path: c))
        #expect(player.nextItem == 3)
        let events = try recorder.waitUntilDrained(player)
        player.shutdown()
        let out = try WAVContents(path: folder.file("out.wav"))
        #expect(out.samples == (try Fixture.reference(a, in: folder)) + (try Fixture.reference(c, in: folder)))
        #expect(events.compactMap(\.startedItem) == [1, 3])
    }

    @Test("clearing the next item ends the queue after the current one")
    func clearNext() throws {
        let folder = try TemporaryFolder()
        let a = try Fixture.make("a.mp3", in: folder, seconds: 0.6)
        let b = try Fixture.make("b.mp3", in: folder, seconds: 0.6)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav"))), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: a), next: PlaybackItem(id: 2, path: b))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        player.setNext(nil)
        let events = try recorder.waitUntilDrained(player)
        player.shutdown()
        #expect(try WAVContents(path: folder.file("out.wav")).samples == Fixture.reference(a, in: folder))
        #expect(events.compactMap(\.startedItem) == [1])
        #expect(events.last?.kind == .drained)
    }

    @Test("setting the same next item again keeps what was decoded of it")
    func sameNextIsKept() throws {
        let folder = try TemporaryFolder()
        let a = try Fixture.make("a.mp3", in: folder, seconds: 0.5)
        let b = try Fixture.make("b.mp3", in: folder, seconds: 0.5, synth: ["sine", "900"])
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav"))), onEvent: recorder.wake)
        let next = PlaybackItem(id: 2, path: b)
        player.play(PlaybackItem(id: 1, path: a), next: next)
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        player.setNext(next)
        try recorder.waitUntilDrained(player)
        player.shutdown()
        #expect(try WAVContents(path: folder.file("out.wav")).samples == Fixture.reference(a, in: folder) + Fixture.reference(b, in: folder))
    }

    @Test("a whole queue given at once plays in order, and setQueue replaces its tail")
    func queue() throws {
        let folder = try TemporaryFolder()
        let paths = try (0..<4).map { try Fixture.make("t\($0).mp3", in: folder, seconds: 0.4, synth: ["sine", "\(300 + 100 * $0)"]) }
        let items = paths.enumerated().map { PlaybackItem(id: UInt64($0.offset + 1), path: $0.element) }
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav"))), onEvent: recorder.wake)
        player.play(items[0], then: [items[1], items[2]])
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        player.setQueue([items[1], items[3]])
        let events = try recorder.waitUntilDrained(player)
        player.shutdown()
        #expect(events.compactMap(\.startedItem) == [1, 2, 4])
        let expected = try [0, 1, 3].flatMap { try Fixture.reference(paths[$0], in: folder) }
        #expect(try WAVContents(path: folder.file("out.wav")).samples == expected)
    }
}
