import AudioDecoding
import BuiltInDecoders
import Foundation
@testable import Playback
import Testing
import TestSupport

/// ReplayGain in the volume stage: the album's gain by default, the track's or none when asked,
/// limited by the peak, combined with the volume, changed from one track to the next at the
/// boundary, and reported with the position.
@Suite("ReplayGain through the engine")
struct ReplayGainTests {
    private let decoders = DecoderRegistry.builtIn.adding(ToneDecoder.self)

    private func tone(_ frames: Int, start: Int = 0, gain: ReplayGain) -> ToneDecoder.Tone {
        var tone = ToneDecoder.Tone(frames: frames, start: start)
        tone.tags.replayGain = gain
        return tone
    }

    private func expected(_ tone: ToneDecoder.Tone, factor: Double) -> [Int16] {
        let gain = SampleScaler.gain(factor)
        return tone.samples().map { SampleScaler.scaled($0, gain: gain) }
    }

    @Test("each mode scales by its gain: album (else track), track (else album), or off", arguments: [
        (ReplayGainMode.album, -6.0), (.track, -3.0), (.off, 0.0),
    ])
    func modes(_ mode: ReplayGainMode, decibels: Double) throws {
        let folder = TestSupport.TemporaryFolder("cdc-rg")
        let source = tone(20_000, gain: ReplayGain(trackGain: -3, trackPeak: 0.5, albumGain: -6, albumPeak: 0.5))
        try source.write(to: folder.file("1.tone"))
        let (wav, _) = try renderGaplessly([folder.file("1.tone").path], into: folder.file("out.wav").path, decoders: decoders, replayGain: mode)
        #expect(wav.samples == expected(source, factor: ReplayGain.amplitude(decibels: decibels)))
    }

    @Test("a gain that would clip the peak is limited to it; without a peak, a gain never raises the level")
    func clipping() throws {
        let folder = TestSupport.TemporaryFolder("cdc-rg")
        let limited = tone(10_000, gain: ReplayGain(trackGain: 12, trackPeak: 0.8))
        let unknown = tone(10_000, start: 10_000, gain: ReplayGain(trackGain: 12))
        try limited.write(to: folder.file("1.tone"))
        try unknown.write(to: folder.file("2.tone"))
        let (wav, _) = try renderGaplessly(["1.tone", "2.tone"].map { folder.file($0).path }, into: folder.file("out.wav").path, decoders: decoders)
        #expect(wav.samples == expected(limited, factor: 1.25) + unknown.samples())
    }

    @Test("gains change exactly at the boundary between gapless tracks, and combine with the volume")
    func boundaries() throws {
        let folder = TestSupport.TemporaryFolder("cdc-rg")
        let tones = [tone(12_345, gain: ReplayGain(trackGain: -6)), tone(10_001, start: 12_345, gain: ReplayGain()), tone(9_999, start: 22_346, gain: ReplayGain(trackGain: -2))]
        for (index, tone) in tones.enumerated() { try tone.write(to: folder.file("\(index + 1).tone")) }
        let paths = tones.indices.map { folder.file("\($0 + 1).tone").path }
        let (wav, _) = try renderGaplessly(paths, into: folder.file("out.wav").path, volume: 80, decoders: decoders, replayGain: .track)
        let volume = Volume.factor(percent: 80)
        let expectedSamples = zip(tones, [-6.0, 0, -2]).flatMap { expected($0, factor: volume * ReplayGain.amplitude(decibels: $1)) }
        #expect(wav.samples == expectedSamples)
    }

    @Test("the mode can change while playing, and the position reports the heard item's ReplayGain")
    func liveChange() throws {
        let folder = TestSupport.TemporaryFolder("cdc-rg")
        let gain = ReplayGain(trackGain: -4, albumGain: -8)
        try tone(441_000, gain: gain).write(to: folder.file("1.tone"))
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), decoders: decoders, onEvent: recorder.wake)
        #expect(player.replayGain == .album)
        player.play(PlaybackItem(id: 1, path: folder.file("1.tone").path))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        let position = try #require(player.position)
        #expect(position.replayGain == gain)
        #expect(position.replayGain.appliedDecibels(for: player.replayGain) == -8)
        player.replayGain = .off
        #expect(player.replayGain == .off)
        #expect(position.replayGain.appliedDecibels(for: player.replayGain) == nil)
        player.shutdown()
    }

    @Test("a FLAC with REPLAYGAIN_* comments plays at its album gain")
    func flacFile() throws {
        let folder = TestSupport.TemporaryFolder("cdc-rg")
        let file = try CodecFixtures.make(folder.file("1.flac"), as: .flac, seconds: 0.5, comments: [
            ("REPLAYGAIN_TRACK_GAIN", "-1.00 dB"), ("REPLAYGAIN_ALBUM_GAIN", "-6.02 dB"), ("REPLAYGAIN_ALBUM_PEAK", "0.5"),
        ])
        let reference = try CodecFixtures.referenceDecode(file, as: .flac).samples
        let (wav, _) = try renderGaplessly([file.path], into: folder.file("out.wav").path)
        let gain = SampleScaler.gain(ReplayGain.amplitude(decibels: -6.02))
        #expect(wav.samples == reference.map { SampleScaler.scaled($0, gain: gain) })
    }
}
