import AudioDecoding

/// Where playback is, as heard: the item at the loudspeaker and how far into it, with the
/// device delay subtracted.
public struct PlaybackPosition: Sendable, Equatable {
    /// The caller's id of the item being heard.
    public var item: UInt64
    /// Frames of the item heard so far (counted from the item's start, so a seek moves it).
    public var elapsedFrames: Int
    public var sampleRate: Int
    /// The item's length in frames: exact when `lengthIsExact`, else estimated from the file
    /// size until the background scan refines it (see `PlaybackEvent.Kind.lengthRefined`).
    public var lengthFrames: Int?
    public var lengthIsExact: Bool
    /// Whether time is passing (playing, not paused or stopped).
    public var isRunning: Bool
    /// What the item's tags say about its loudness (`Player.replayGain` chooses what is applied).
    public var replayGain: ReplayGain

    public var elapsedSeconds: Double { Double(elapsedFrames) / Double(max(1, sampleRate)) }
    public var lengthSeconds: Double? { lengthFrames.map { Double($0) / Double(max(1, sampleRate)) } }
}
