import ChangerKit
import MusicLibrary
import Playback

/// The changer's `PlaybackEngine`, played by the real audio engine (`Playback.Player`).
///
/// The player's threads call `wake` when they post events (it only writes a byte to the main
/// loop's pipe); the loop then calls `takeEvents()` and hands them to the changer.
public final class EngineBridge: PlaybackEngine {
    public let player: Player

    public init(output: OutputChoice, wake: @escaping @Sendable () -> Void) {
        player = Player(output: output, onEvent: wake)
    }

    public func play(_ track: EngineTrack, from offset: Double, next: EngineTrack?) {
        player.play(item(track), from: offset > 0 ? .seconds(offset) : .start, next: next.map(item))
    }

    public func replaceNext(_ track: EngineTrack?) { player.setNext(track.map(item)) }
    public func pause() { player.pause() }
    public func resume() { player.resume() }
    public func stop() { player.stop() }
    public func seek(to offset: Double) { player.seek(to: .seconds(offset)) }

    public func setVolume(_ percent: Int, muted: Bool) {
        player.volume = percent
        player.isMuted = muted
    }

    /// Seconds heard of the item the changer thinks is current: 0 until its first frame is heard.
    public var heardSeconds: Double {
        guard let position = player.position, position.item == player.currentItem else { return 0 }
        return position.elapsedSeconds
    }

    /// The engine's waiting events, as the changer understands them.
    public func takeEvents() -> [EngineEvent] {
        player.takeEvents().compactMap { event in
            switch event.kind {
            case .started(let item): return .started(id: item)
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
