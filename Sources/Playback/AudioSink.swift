#if canImport(Glibc)
import Glibc
#endif
import AudioDecoding

/// Where decoded audio goes: the output thread's only view of a device or file.
///
/// A sink is created, used and closed on the output thread alone. Audio is interleaved frames
/// of signed 16- or 32-bit little-endian samples (`DecoderWorker.playableSampleFormats`), in the
/// format `configure` returned. Nothing blocks for long:
/// `write` takes what fits now, and the output thread waits for room (or for a drain to end)
/// with `waitCondition`, polled together with its own doorbell, so commands are seen at once
/// even while the device is full. No method allocates except `configure`.
protocol AudioSink: AnyObject {
    /// What the user sees as the output, e.g. "alsa:default", "wav:/tmp/x.wav".
    var description: String { get }
    /// Prepares the sink for `format`; called before the first write and whenever the format
    /// changes (after a drain). Returns the format it takes: `format`, or the same rate and
    /// channels in the other sample format when the device can't play this one (the output thread
    /// converts). Throws a user-facing message when the device cannot be used.
    func configure(_ format: AudioFormat) throws(SinkError) -> AudioFormat
    /// Frames `write` would take now (`Int.max` when unlimited).
    func room() throws(SinkError) -> Int
    /// The fewest frames worth a write: smaller amounts of room are waited for (a device period).
    var minimumWrite: Int { get }
    /// Takes whole frames from `frames` as far as they fit now; returns the bytes taken.
    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) -> Int
    /// What to wait for before there is room (or the drain ends): descriptors written into
    /// `descriptors` (their count is returned) and an optional `CLOCK_MONOTONIC` deadline.
    func waitCondition(descriptors: UnsafeMutableBufferPointer<pollfd>) -> (count: Int, deadline: UInt64?)
    /// Lets the sink interpret what `poll` reported on its descriptors (ALSA plugins need this).
    func acknowledge(_ descriptors: UnsafeMutableBufferPointer<pollfd>)
    /// Frames accepted but not heard yet.
    func delayFrames() -> Int
    /// Stops playing, keeping what is buffered (or remembering it to replay on `resume`).
    func pause()
    /// Continues after `pause`.
    func resume() throws(SinkError)
    /// Discards what is buffered (a seek, a new play, stop).
    func drop()
    /// Starts playing out everything accepted (end of the queue, format change); poll
    /// `isDrained()` while waiting with `waitCondition`.
    func beginDrain()
    func isDrained() -> Bool
    /// Releases the device or finishes the file.
    func close()
    /// Messages for the user the sink collected (e.g. ALSA's own); taken once.
    func takeNotice() -> PlaybackEvent.Notice?
}

extension AudioSink {
    func takeNotice() -> PlaybackEvent.Notice? { nil }
    func acknowledge(_ descriptors: UnsafeMutableBufferPointer<pollfd>) {}
}

/// A failure of a sink, with a message a user can act on.
struct SinkError: Error, Sendable, CustomStringConvertible {
    var message: String
    var description: String { message }
}
