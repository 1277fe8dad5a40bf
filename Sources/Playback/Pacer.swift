/// Real-time pacing for sinks without a clock of their own: behaves like a sound card with a
/// `bufferNanoseconds` buffer. It takes frames while the buffer has room, says when there will
/// be room again (an absolute `CLOCK_MONOTONIC` deadline, so the schedule never drifts), and
/// how much has been accepted but not "heard" yet.
struct Pacer {
    /// How far ahead of real time the writer may get, like a device buffer.
    var bufferNanoseconds: UInt64 = 200_000_000
    private(set) var sampleRate = 44_100
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

    /// The buffer in frames.
    var bufferFrames: Int { Int(bufferNanoseconds * UInt64(sampleRate) / 1_000_000_000) }

    /// About 50 ms: less room than that is waited for.
    var minimumWrite: Int { sampleRate / 20 }

    /// When the last accepted frame will have been heard.
    private func endTime() -> UInt64? {
        guard let origin else { return nil }
        return origin + frames * 1_000_000_000 / UInt64(sampleRate)
    }

    /// Frames the virtual buffer takes now.
    func room() -> Int {
        guard pausedAt == nil else { return 0 }
        return max(0, bufferFrames - delayFrames())
    }

    /// Accounts for `count` frames written now.
    mutating func accept(_ count: Int) {
        let now = PlaybackEvent.now()
        if endTime().map({ $0 <= now }) ?? true {
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

    /// When there will be room for `minimumWrite` frames (nil: there is room now, or paused).
    func roomDeadline() -> UInt64? {
        guard pausedAt == nil, let end = endTime() else { return nil }
        let needed = bufferNanoseconds - min(bufferNanoseconds, UInt64(minimumWrite) * 1_000_000_000 / UInt64(sampleRate))
        return end > needed ? end - needed : nil
    }

    /// When everything accepted will have been heard (nil: already).
    func endDeadline() -> UInt64? {
        guard let end = endTime(), end > PlaybackEvent.now() else { return nil }
        return end
    }

    mutating func pause() {
        if pausedAt == nil, origin != nil { pausedAt = PlaybackEvent.now() }
    }

    mutating func resume() {
        guard let pausedAt else { return }
        self.pausedAt = nil
        if let origin { self.origin = origin + (PlaybackEvent.now() - pausedAt) }
    }
}
