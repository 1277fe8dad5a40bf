import Foundation
import Playback
import Testing

/// ALSA: the `null` PCM opens and plays; an unknown device falls back to silent real-time
/// output with a notice; ALSA's own messages never reach stderr. No sound card is needed.
@Suite("ALSA sink", .serialized)
struct ALSATests {
    @Test("ALSA's null PCM opens and plays the whole track")
    func nullPCM() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 0.5)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.alsa(device: "null")), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        let events = try recorder.waitUntilDrained(player, timeout: 10)
        #expect(player.outputDescription == "alsa:null")
        player.shutdown()
        #expect(events.map(\.kind) == [.started(item: 1), .finished(item: 1), .drained])
    }

    @Test("an unknown device falls back to silent real-time output with a notice, and ALSA prints nothing")
    func fallback() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 1)
        let (stderrText, events, seconds, description) = try capturingStandardError { () throws -> ([PlaybackEvent], Double, String) in
            let recorder = EventRecorder()
            let player = Player(output: try OutputChoice.parse(output: nil, device: "nosuchcard", fast: false), onEvent: recorder.wake)
            let start = Date()
            player.play(PlaybackItem(id: 1, path: mp3))
            let events = try recorder.waitUntilDrained(player, timeout: 10)
            let seconds = Date().timeIntervalSince(start)
            let description = player.outputDescription
            player.shutdown()
            return (events, seconds, description)
        }
        let notices = events.compactMap(\.notice).filter { $0.kind == .silentFallback }
        #expect(notices.count == 1)
        let message = try #require(notices.first?.message)
        #expect(message.hasPrefix("No sound device (\"nosuchcard\""))
        #expect(message.hasSuffix("): playing silently. Choose one with --device."))
        #expect(description == "silent (no sound device)")
        #expect(events.compactMap(\.startedItem) == [1])
        #expect(seconds > 0.8, "the silent output plays in real time")
        #expect(!stderrText.contains("ALSA lib"), "ALSA's messages are turned into notices: \(stderrText)")
        #expect(!stderrText.contains("nosuchcard"))
    }

    @Test("pausing and resuming on an ALSA device plays on to the end")
    func pauseOnDevice() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 1)
        let recorder = EventRecorder()
        // ALSA's null PCM takes everything at once, so pause right after the play command.
        let player = Player(output: OutputChoice(.alsa(device: "null")), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        player.pause()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(player.isPaused)
        player.resume()
        let events = try recorder.waitUntilDrained(player, timeout: 10)
        player.shutdown()
        #expect(events.map(\.kind) == [.started(item: 1), .finished(item: 1), .drained])
    }

    @Test("switching the output while playing moves playback to the new sink")
    func switchOutput() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 1)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        player.setOutput(OutputChoice(.alsa(device: "null")))
        try recorder.waitUntilDrained(player, timeout: 10)
        #expect(player.outputDescription == "alsa:null")
        player.shutdown()
    }

    /// Runs `body` with file descriptor 2 sent to a temporary file; returns what was written there.
    private func capturingStandardError<T>(_ body: () throws -> T) throws -> (String, T) {
        let folder = try TemporaryFolder()
        let path = folder.file("stderr.txt")
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let saved = dup(2)
        dup2(file, 2)
        close(file)
        let result = Result { try body() }
        dup2(saved, 2)
        close(saved)
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return (text, try result.get())
    }
}

extension ALSATests {
    private func capturingStandardError<A, B, C>(_ body: () throws -> (A, B, C)) throws -> (String, A, B, C) {
        let (text, (a, b, c)) = try capturingStandardError { () throws -> (A, B, C) in try body() }
        return (text, a, b, c)
    }
}
