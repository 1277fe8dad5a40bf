import Foundation
import Playback
import Testing
import TestSupport

/// Starting at an offset and seeking while playing land on the exact sample.
@Suite("Seeking")
struct SeekTests {
    @Test("playing from an offset gives the reference decode from that sample on",
          arguments: [(["-V", "2"], 50_000), (["-b", "128"], 12_345), (["-t", "-b", "128"], 70_001)])
    func startAtOffset(lame: [String], frame: Int) throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 2.5, lameOptions: lame)
        let reference = try Fixture.reference(mp3, in: folder)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav")), fast: true), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3), from: .frames(frame))
        try recorder.waitUntilDrained(player)
        player.shutdown()
        let out = try WAVContents(path: folder.file("out.wav"))
        #expect(out.samples.count == reference.count - 2 * frame)
        #expect(out.samples == Array(reference[(2 * frame)...]))
    }

    @Test("seeking while playing drops the buffered audio and continues exactly at the target")
    func seekWhilePlaying() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 3, synth: ["sine", "200-3000"])
        let reference = try Fixture.reference(mp3, in: folder)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav"))), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        Thread.sleep(forTimeInterval: 0.3)
        let target = 88_200
        player.seek(to: .frames(target))
        Thread.sleep(forTimeInterval: 0.3)
        let position = try #require(player.position)
        #expect(position.item == 1)
        #expect(position.elapsedFrames >= target && position.elapsedFrames < target + 44_100, "the heard position moved to the target")
        try recorder.waitUntilDrained(player)
        player.shutdown()
        let out = try WAVContents(path: folder.file("out.wav"))
        let tail = Array(reference[(2 * target)...])
        #expect(out.samples.count > tail.count)
        #expect(Array(out.samples.suffix(tail.count)) == tail)
    }

    @Test("seeking past the end goes on to the next item")
    func seekPastEnd() throws {
        let folder = try TemporaryFolder()
        let a = try Fixture.make("a.mp3", in: folder, seconds: 2)
        let b = try Fixture.make("b.mp3", in: folder, seconds: 0.5)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: a), next: PlaybackItem(id: 2, path: b))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        player.seek(by: 10)
        let events = try recorder.waitUntilDrained(player, timeout: 10)
        player.shutdown()
        #expect(events.compactMap(\.startedItem) == [1, 2])
    }
}
