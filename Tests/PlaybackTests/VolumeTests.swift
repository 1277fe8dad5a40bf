import Foundation
import Playback
import Testing

/// Software volume: the curve, and what the engine writes at a given volume.
@Suite("Volume")
struct VolumeTests {
    @Test("the curve is cubic, from silence to unity")
    func curve() {
        #expect(Volume.gain(percent: 100) == 32768)
        #expect(Volume.gain(percent: 50) == 4096)
        #expect(Volume.gain(percent: 0) == 0)
        #expect(Volume.gain(percent: 150) == 32768)
        #expect(Volume.gain(percent: 80, muted: true) == 0)
        let gains = (0...100).map { Volume.gain(percent: $0) }
        #expect(gains == gains.sorted())
        #expect(Volume.scale(-32768, gain: 32768) == -32768)
        #expect(Volume.scale(1000, gain: 4096) == 125)
    }

    @Test("the engine writes every sample scaled by the volume's gain", arguments: [100, 73, 50, 10, 0])
    func scaled(percent: Int) throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 1)
        let gain = Volume.gain(percent: percent)
        let expected = try Fixture.reference(mp3, in: folder).map { Volume.scale($0, gain: gain) }
        let (wav, _) = try renderGaplessly([mp3], into: folder.file("out.wav"), volume: percent)
        #expect(wav.samples == expected)
    }

    @Test("mute writes silence of the same length, and unmuting restores the volume")
    func mute() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 1)
        let count = try Fixture.reference(mp3, in: folder).count
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.wav(path: folder.file("out.wav")), fast: true), onEvent: recorder.wake)
        player.isMuted = true
        player.volume = 60
        player.play(PlaybackItem(id: 1, path: mp3))
        try recorder.waitUntilDrained(player)
        #expect(player.isMuted && player.volume == 60)
        player.shutdown()
        let samples = try WAVContents(path: folder.file("out.wav")).samples
        #expect(samples.count == count)
        #expect(samples.allSatisfy { $0 == 0 })
    }
}
