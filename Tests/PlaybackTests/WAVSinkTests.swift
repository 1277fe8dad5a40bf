import Foundation
import Playback
import Testing
import TestSupport

/// The WAV sink: one format per file; a format change continues in a numbered file.
@Suite("WAV sink")
struct WAVSinkTests {
    @Test("a 48 kHz track after a 44.1 kHz one goes into NAME-2.wav, with a notice, nothing lost")
    func formatChangeStartsANewFile() throws {
        let folder = try TemporaryFolder()
        let first = try Fixture.make("a.mp3", in: folder, seconds: 0.7, rate: 44_100)
        let second = try Fixture.make("b.mp3", in: folder, seconds: 0.6, rate: 48_000, channels: 1)
        let (wav, events) = try renderGaplessly([first, second], into: folder.file("out.wav"))
        let continued = try WAVContents(path: folder.file("out-2.wav"))
        #expect(wav.sampleRate == 44_100)
        #expect(wav.samples == (try Fixture.reference(first, in: folder)))
        #expect(continued.sampleRate == 48_000 && continued.channels == 2)
        #expect(continued.samples == (try Fixture.reference(second, in: folder)))
        let notices = events.compactMap(\.notice).filter { $0.kind == .newFile }
        #expect(notices.map(\.message) == ["The format changed to 48000 Hz, stereo, 16-bit: continuing in \"\(folder.file("out-2.wav"))\"."])
        #expect(events.compactMap(\.startedItem) == [1, 2])
    }

    @Test("an unwritable WAV path falls back to silent output with a notice")
    func unwritable() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("a.mp3", in: folder, seconds: 0.3)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("missing-folder/out.wav")), fast: true), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: mp3))
        let events = try recorder.waitUntilDrained(player, timeout: 10)
        player.shutdown()
        let notice = try #require(events.compactMap(\.notice).first { $0.kind == .silentFallback })
        #expect(notice.message.hasPrefix("Can't write"))
        #expect(notice.message.hasSuffix("Playing silently instead."))
        #expect(events.compactMap(\.startedItem) == [1])
    }
}
