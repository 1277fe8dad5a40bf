/// What the player shows to MPRIS clients (desktop media keys, `playerctl`, phone bridges):
/// a plain value the app builds from its changer state.
///
/// Times are in microseconds, as MPRIS counts them.
public struct MPRISStatus: Sendable, Equatable {
    /// MPRIS `PlaybackStatus`.
    public enum Playback: String, Sendable, CaseIterable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    /// MPRIS `LoopStatus`: `track` is the changer's repeat-track, `playlist` its repeat-disc or
    /// repeat-magazine, `none` no repeat.
    public enum Loop: String, Sendable, CaseIterable {
        case none = "None"
        case track = "Track"
        case playlist = "Playlist"
    }

    public var playback: Playback
    /// The current track, or nil when nothing is loaded (then `Metadata` is empty).
    public var track: MPRISTrack?
    /// Where playback is in the current track.
    public var positionMicroseconds: Int64
    /// 0…1.
    public var volume: Double
    public var loop: Loop
    public var shuffle: Bool
    public var canGoNext: Bool
    public var canGoPrevious: Bool
    public var canPlay: Bool
    public var canPause: Bool
    public var canSeek: Bool

    public init(
        playback: Playback = .stopped, track: MPRISTrack? = nil, positionMicroseconds: Int64 = 0, volume: Double = 1,
        loop: Loop = .none, shuffle: Bool = false, canGoNext: Bool = true, canGoPrevious: Bool = true,
        canPlay: Bool = true, canPause: Bool = true, canSeek: Bool = true
    ) {
        self.playback = playback
        self.track = track
        self.positionMicroseconds = positionMicroseconds
        self.volume = volume
        self.loop = loop
        self.shuffle = shuffle
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
        self.canPlay = canPlay
        self.canPause = canPause
        self.canSeek = canSeek
    }
}
