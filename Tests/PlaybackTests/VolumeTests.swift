import Foundation
@testable import Playback
import Testing
import TestSupport

/// Software volume: the curve, and what the engine writes at a given volume.
@Suite("Volume")
struct VolumeTests {
    @Test("the curve is cubic, from silence to unity")
    func curve() {
        #expect(Volume.factor(percent: 100) == 1)
        #expect(Volume.factor(percent: 50) == 0.125)
        #expect(Volume.factor(percent: 0) == 0)
        #expect(Volume.factor(percent: 150) == 1)
        #expect(Volume.factor(percent: 80, muted: true) == 0)
        let factors = (0...100).map { Volume.factor(percent: $0) }
        #expect(factors == factors.sorted())
        #expect(SampleScaler.gain(1) == SampleScaler.unity)
        #expect(SampleScaler.scaled(Int16(-32768), gain: SampleScaler.unity) == -32768)
        #expect(SampleScaler.scaled(Int16(1000), gain: SampleScaler.gain(0.125)) == 125)
        #expect(SampleScaler.scaled(Int16(1001), gain: SampleScaler.gain(0.125)) == 125, "rounded to the nearest")
        #expect(SampleScaler.scaled(Int16(1004), gain: SampleScaler.gain(0.125)) == 126)
        #expect(SampleScaler.scaled(Int16(30000), gain: SampleScaler.gain(2)) == 32767, "clamped, not wrapped")
        #expect(SampleScaler.scaled(Int32.min, gain: SampleScaler.gain(1.5)) == Int32.min)
    }

    @Test("the engine writes every sample scaled by the volume's gain", arguments: [100, 73, 50, 10, 0])
    func scaled(percent: Int) throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 1)
        let gain = SampleScaler.gain(Volume.factor(percent: percent))
        let expected = try Fixture.reference(mp3, in: folder).map { SampleScaler.scaled($0, gain: gain) }
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
