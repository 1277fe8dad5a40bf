import MusicLibrary

/// What the changer asks of an audio engine. The real one decodes and plays on its own threads
/// (`Playback.Player`, glued in by the app); tests use a fake that records the calls.
///
/// Calls return at once. The engine reports back with `EngineEvent`s, which the app hands to
/// `Changer.handle(_:)` on the changer's thread.
public protocol PlaybackEngine: AnyObject {
    /// Plays `track` from `offset` seconds, with `next` queued to follow it without a gap; when
    /// `paused`, the track is made ready but nothing is heard until `resume()`.
    func play(_ track: EngineTrack, from offset: Double, next: EngineTrack?, paused: Bool)
    /// Replaces (or clears) the track queued to follow the current one.
    func replaceNext(_ track: EngineTrack?)
    func pause()
    func resume()
    func stop()
    /// Moves within the current track.
    func seek(to offset: Double)
    /// Software volume, 0…100 percent.
    func setVolume(_ percent: Int, muted: Bool)
    /// Seconds of the current track that have been heard (the device's delay subtracted).
    var heardSeconds: Double { get }
}

extension PlaybackEngine {
    /// Plays `track` from `offset` seconds at once, with `next` queued to follow it without a gap.
    public func play(_ track: EngineTrack, from offset: Double, next: EngineTrack?) {
        play(track, from: offset, next: next, paused: false)
    }
}

/// One file handed to the engine, with an id the changer chose to recognise it in events.
public struct EngineTrack: Equatable, Sendable {
    public var id: UInt64
    public var path: LibraryPath

    public init(id: UInt64, path: LibraryPath) {
        self.id = id
        self.path = path
    }
}

/// What an engine reports.
public enum EngineEvent: Equatable, Sendable {
    /// The track with this id began to be heard (after a gapless handover, the queued one).
    case started(id: UInt64)
    /// The track could not be played (corrupt, vanished…); the reason is for the user.
    case failed(id: UInt64, reason: String)
    /// Everything queued has been played and the device drained.
    case finished
    /// Something about the sound device the user should know ("playing silently").
    case notice(String)
    /// The device failed mid-track; the engine paused itself. Resuming tries the device again.
    case deviceLost(String)
}
