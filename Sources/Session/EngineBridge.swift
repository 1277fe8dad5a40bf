import AudioDecoding
import ChangerKit
import MusicLibrary
import Playback

/// The changer's `PlaybackEngine`, played by the real audio engine (`Playback.Player`).
///
/// The player's threads call `wake` when they post events (it only writes a byte to the main
/// loop's pipe); the loop then calls `takeEvents()` and hands them to the changer.
///
/// Used from the main loop's thread only.
public final class EngineBridge: PlaybackEngine {
    public let player: Player

    /// Where the engine was last told to play from, until it reports hearing that place: for a few
    /// milliseconds after a seek or a start the engine's own position is still the old place, or
    /// none (and while paused, until resumed). `since` is when it was asked, on the events' clock.
    private var expected: (item: UInt64, seconds: Double, since: UInt64)?

    /// How many times the position jumped within a track (a seek, a restart, a track started
    /// somewhere other than its beginning), so front ends can tell clients (MPRIS `Seeked`).
    public private(set) var positionJumps = 0

    public init(output: OutputChoice, replayGain: ReplayGainMode, wake: @escaping @Sendable () -> Void) {
        player = Player(output: output, replayGain: replayGain, onEvent: wake)
    }

    /// Which ReplayGain the engine applies (the `replaygain` setting).
    public var replayGain: ReplayGainMode {
        get { player.replayGain }
        set { player.replayGain = newValue }
    }

    /// The mode whose gain is being applied to what is heard now, or nil when none is (off, or
    /// the track's tags give no gain): what the dashboard's RG lamp shows.
    public var replayGainInUse: ReplayGainMode? {
        let mode = player.replayGain
        guard let position = player.position, position.replayGain.appliedDecibels(for: mode) != nil else { return nil }
        return mode
    }

    public func play(_ track: EngineTrack, from offset: Double, next: EngineTrack?, paused: Bool) {
        expected = (track.id, max(0, offset), PlaybackEvent.now())
        if offset > 0 { positionJumps += 1 }
        player.play(item(track), from: offset > 0 ? .seconds(offset) : .start, next: next.map(item), paused: paused)
    }

    public func replaceNext(_ track: EngineTrack?) { player.setNext(track.map(item)) }
    public func pause() { player.pause() }
    public func resume() { player.resume() }

    public func stop() {
        expected = nil
        player.stop()
    }

    public func seek(to offset: Double) {
        let since = PlaybackEvent.now()
        player.seek(to: .seconds(offset))
        // The engine seeks in what is heard, which just after a handover is the previous item.
        if let item = player.currentItem { expected = (item, max(0, offset), since) }
        positionJumps += 1
    }

    public func setVolume(_ percent: Int, muted: Bool) {
        player.volume = percent
        player.isMuted = muted
    }

    /// Seconds heard of the item the changer thinks is current: where it was asked to play from
    /// until the engine hears that place, then the engine's position.
    public var heardSeconds: Double {
        let current = player.currentItem
        if let expected, expected.item == current { return expected.seconds }
        guard let position = player.position, position.item == current else { return 0 }
        return position.elapsedSeconds
    }

    /// The engine's waiting events, as the changer understands them.
    public func takeEvents() -> [EngineEvent] {
        player.takeEvents().compactMap { event in
            switch event.kind {
            case .started(let item):
                // Heard from the place asked for (or a later item is): the engine's position is right again.
                if let expected, event.time >= expected.since { self.expected = nil }
                return .started(id: item)
            case .skipped(let item, let message): return .failed(id: item, reason: message)
            case .drained: return .finished
            case .notice(let notice) where notice.kind == .deviceLost: return .deviceLost(notice.message)
            case .notice(let notice): return .notice(notice.message)
            case .lengthRefined, .finished: return nil
            }
        }
    }

    /// The exact length of the item being heard, when the engine knows it (an info frame, or a scan).
    public var currentExactLength: Double? {
        guard let position = player.position, position.item == player.currentItem, position.lengthIsExact else { return nil }
        return position.lengthSeconds
    }

    /// "alsa:default", "silent (no sound device)", "wav:/tmp/x.wav".
    public var outputDescription: String { player.outputDescription }

    /// Plays through another output from now on (what is playing continues there).
    public func setOutput(_ output: OutputChoice) { player.setOutput(output) }

    /// Stops the audio threads (the WAV sink writes its final header).
    public func shutdown() { player.shutdown() }

    private func item(_ track: EngineTrack) -> PlaybackItem {
        PlaybackItem(id: track.id, path: track.path.bytes)
    }
}
