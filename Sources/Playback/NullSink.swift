#if canImport(Glibc)
import Glibc
#endif
import MPEGAudio

/// Real-time pacing for sinks without a clock of their own: behaves like a sound card with a
/// small buffer, so writes block while more than `bufferNanoseconds` of audio is waiting, and
/// `delayFrames` says how much has been accepted but not "heard" yet.
///
/// Sleeps with `clock_nanosleep` against absolute `CLOCK_MONOTONIC` deadlines, so the schedule
/// never drifts however long each write takes.
struct Pacer {
    /// How far ahead of real time the writer may get, like a device buffer.
    var bufferNanoseconds: UInt64 = 200_000_000
    private var sampleRate = 44_100
    /// When frame 0 of the current run is heard; nil until the first write of a run.
    private var origin: UInt64?
    /// Frames accepted in the current run.
    private var frames: UInt64 = 0
    /// When the pause began.
    private var pausedAt: UInt64?

    mutating func configure(sampleRate: Int) {
        self.sampleRate = sampleRate
        reset()
    }

    mutating func reset() {
        origin = nil
        frames = 0
        pausedAt = nil
    }

    /// When the last accepted frame will have been heard.
    private func endTime() -> UInt64? {
        guard let origin else { return nil }
        return origin + frames * 1_000_000_000 / UInt64(sampleRate)
    }

    /// Accounts for `count` frames, sleeping first while the virtual buffer is full.
    mutating func accept(_ count: Int) {
        let now = PlaybackEvent.now()
        if let end = endTime(), end > now {
            if end > now + bufferNanoseconds { Pacer.sleep(until: end - bufferNanoseconds) }
        } else {
            // First write of a run, or the writer fell behind (an underrun): restart the clock.
            origin = now
            frames = 0
        }
        frames += UInt64(count)
    }

    func delayFrames() -> Int {
        guard let end = endTime() else { return 0 }
        let now = pausedAt ?? PlaybackEvent.now()
        guard end > now else { return 0 }
        return Int((end - now) * UInt64(sampleRate) / 1_000_000_000)
    }

    mutating func pause() {
        if pausedAt == nil, origin != nil { pausedAt = PlaybackEvent.now() }
    }

    mutating func resume() {
        guard let pausedAt else { return }
        self.pausedAt = nil
        if let origin { self.origin = origin + (PlaybackEvent.now() - pausedAt) }
    }

    /// Sleeps until everything accepted has been heard.
    mutating func drain() {
        if let end = endTime() { Pacer.sleep(until: end) }
        reset()
    }

    static func sleep(until deadline: UInt64) {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }
}

/// Discards audio. Paced, it takes as long as playing would (a silent sound card: the fallback
/// when no device can be opened); fast, it returns at once.
final class NullSink: AudioSink {
    private let paced: Bool
    private let label: String
    private var pacer = Pacer()
    private var frameBytes = 4

    init(paced: Bool, label: String? = nil) {
        self.paced = paced
        self.label = label ?? (paced ? "null" : "null (fast)")
    }

    var description: String { label }

    func configure(_ format: AudioFormat) throws(SinkError) {
        pacer.configure(sampleRate: format.sampleRate)
        frameBytes = 2 * max(1, format.channels)
    }

    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) {
        if paced { pacer.accept(frames.count / frameBytes) }
    }

    func delayFrames() -> Int { paced ? pacer.delayFrames() : 0 }
    func pause() { pacer.pause() }
    func resume() throws(SinkError) { pacer.resume() }
    func drop() { pacer.reset() }
    func drain() { if paced { pacer.drain() } }
    func close() { pacer.reset() }
}
