import Foundation
import Playback
import Testing
import TestSupport

/// Pausing and resuming neither loses nor adds a sample, and stops time while paused.
@Suite("Pause and resume")
struct PauseResumeTests {
    @Test("pausing and resuming a fast WAV render many times writes exactly the reference")
    func fastWAV() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 30, synth: ["sine", "100-5000"])
        let reference = try Fixture.reference(mp3, in: folder)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav")), fast: true), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        // Pausing before the first audio would count nothing: on a busy machine the whole loop
        // can pass before the engine starts.
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        var pausedMidTrack = 0
        for _ in 0..<20 {
            player.pause()
            Thread.sleep(forTimeInterval: 0.002)
            if let position = player.position, position.elapsedFrames < reference.count / 2 { pausedMidTrack += 1 }
            player.resume()
        }
        try recorder.waitUntilDrained(player)
        player.shutdown()
        #expect(pausedMidTrack > 0, "at least one pause landed while the track was playing")
        #expect(try WAVContents(path: folder.file("out.wav")).samples == reference)
    }

    @Test("while paused the heard position stands still, and resumes afterwards")
    func positionStops() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 2)
        let reference = try Fixture.reference(mp3, in: folder)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav"))), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        Thread.sleep(forTimeInterval: 0.4)
        player.pause()
        Thread.sleep(forTimeInterval: 0.1)
        let first = try #require(player.position)
        Thread.sleep(forTimeInterval: 0.3)
        let second = try #require(player.position)
        #expect(player.isPaused)
        #expect(!second.isRunning)
        #expect(first.elapsedFrames == second.elapsedFrames)
        player.resume()
        Thread.sleep(forTimeInterval: 0.3)
        #expect((player.position?.elapsedFrames ?? 0) > second.elapsedFrames)
        try recorder.waitUntilDrained(player)
        player.shutdown()
        #expect(try WAVContents(path: folder.file("out.wav")).samples == reference)
    }

    @Test("an item played paused is not heard until resume, then plays from its offset, every sample")
    func playPaused() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 2)
        let reference = try Fixture.reference(mp3, in: folder)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav"))), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3), from: .frames(44_100), paused: true)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(player.isPaused)
        #expect(!recorder.events.contains { $0.startedItem == 1 }, "nothing is heard while paused")
        #expect(player.position == nil || player.position?.isRunning == false)
        player.resume()
        try recorder.waitUntilDrained(player)
        player.shutdown()
        #expect(recorder.events.compactMap(\.startedItem) == [1])
        #expect(try WAVContents(path: folder.file("out.wav")).samples == Array(reference.dropFirst(44_100 * 2)))
    }
}
