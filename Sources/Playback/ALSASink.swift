import AudioDecoding
import CALSA
import CAudioShim

/// Plays through an ALSA device by name.
///
/// The device stays open while the format stays the same, so consecutive tracks join with no
/// sample added or lost; `configure` with a new rate, channel count or sample format closes and
/// reopens it.
/// Pause uses `snd_pcm_pause` where the device can; elsewhere it drops the buffer and, on
/// resume, replays the frames that were dropped unheard from a copy of the last buffer's worth
/// of audio, so pausing loses nothing either way.
final class ALSASink: AudioSink {
    let deviceName: String
    private var device: ALSADevice?
    private var needsPrepare = false
    private var draining = false
    private var drainStarted: UInt64 = 0
    private var notice: PlaybackEvent.Notice?
    /// The last `history.count` bytes written, for replay after a drop-style pause (only when
    /// the device cannot pause).
    private var history: UnsafeMutableRawBufferPointer?
    private var historyEnd = 0
    private var historyFilled = 0
    private var replayFrames = 0
    private var paused = false

    init(device: String) {
        deviceName = device
    }

    deinit { history?.deallocate() }

    var description: String { "alsa:\(deviceName)" }

    func configure(_ format: AudioFormat) throws(SinkError) -> AudioFormat {
        if let device, device.requestedFormat == format { return device.format }
        close()
        let opened = try ALSADevice(name: deviceName, format: format)
        device = opened
        if !opened.canPause {
            history = UnsafeMutableRawBufferPointer.allocate(byteCount: opened.bufferFrames * opened.format.bytesPerFrame, alignment: 16)
        }
        collectLibraryMessage()
        return opened.format
    }

    func room() throws(SinkError) -> Int {
        guard let device, !paused else { return 0 }
        prepareIfNeeded(device)
        let (frames, recovered) = try device.available()
        if recovered { collectLibraryMessage() }
        return frames
    }

    var minimumWrite: Int { device?.periodFrames ?? 1 }

    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) -> Int {
        guard let device else { throw SinkError(message: "\"\(deviceName)\" is not open") }
        prepareIfNeeded(device)
        let frameBytes = device.format.bytesPerFrame
        let (written, recovered) = try device.write(frames.baseAddress!, frameCount: frames.count / frameBytes)
        if recovered { collectLibraryMessage() }
        let bytes = written * frameBytes
        if let history, bytes > 0 { remember(UnsafeRawBufferPointer(rebasing: frames[0..<bytes]), in: history) }
        return bytes
    }

    func waitCondition(descriptors: UnsafeMutableBufferPointer<pollfd>) -> (count: Int, deadline: UInt64?) {
        guard let device else { return (0, nil) }
        if draining {
            // Look again when the delay should have played out (at most every 50 ms).
            let delay = UInt64(device.delay()) * 1_000_000_000 / UInt64(device.format.sampleRate)
            return (0, PlaybackEvent.now() + min(50_000_000, max(2_000_000, delay)))
        }
        return (device.pollDescriptors(into: descriptors), nil)
    }

    func acknowledge(_ descriptors: UnsafeMutableBufferPointer<pollfd>) {
        device?.acknowledge(descriptors)
    }

    func delayFrames() -> Int {
        guard let device else { return 0 }
        return device.delay() + replayFrames
    }

    func pause() {
        guard let device, !paused else { return }
        paused = true
        if device.canPause, !needsPrepare, device.pause(true) { return }
        // Drop-style pause: remember how much was queued unheard, to replay it on resume.
        replayFrames = min(device.delay(), historyFilled / device.format.bytesPerFrame)
        device.drop()
        needsPrepare = true
    }

    func resume() throws(SinkError) {
        guard let device, paused else { return }
        paused = false
        if device.canPause, !needsPrepare {
            if device.pause(false) { return }
            device.drop()
            needsPrepare = true
        }
        guard replayFrames > 0, let history else { return }
        prepareIfNeeded(device)
        let frameBytes = device.format.bytesPerFrame
        let bytes = replayFrames * frameBytes
        replayFrames = 0
        // The tail of the history ring, possibly in two pieces; the buffer is empty, so it fits.
        let start = (historyEnd - bytes + history.count) % history.count
        let firstCount = min(bytes, history.count - start)
        _ = try device.write(history.baseAddress! + start, frameCount: firstCount / frameBytes)
        if bytes > firstCount {
            _ = try device.write(history.baseAddress!, frameCount: (bytes - firstCount) / frameBytes)
        }
    }

    func drop() {
        guard let device else { return }
        if paused, device.canPause, !needsPrepare { _ = device.pause(false) }
        paused = false
        draining = false
        replayFrames = 0
        historyFilled = 0
        device.drop()
        // Prepare now, not at the next write: the next play's first frame goes straight out.
        needsPrepare = device.prepare() < 0
    }

    func beginDrain() {
        guard let device, !needsPrepare else { return }
        draining = !device.drain()
        drainStarted = PlaybackEvent.now()
        historyFilled = 0
        // Drained at once, or later in `isDrained`: either way prepared again right after.
        needsPrepare = draining || device.prepare() < 0
    }

    func isDrained() -> Bool {
        guard draining, let device else { return true }
        // A plugin that never leaves the draining state is given its buffer time and a second.
        let limit = UInt64(device.bufferFrames) * 1_000_000_000 / UInt64(device.format.sampleRate) + 1_000_000_000
        if !device.isDraining || PlaybackEvent.now() - drainStarted > limit {
            draining = false
            device.drop()
            needsPrepare = device.prepare() < 0
        }
        return !draining
    }

    func close() {
        device = nil
        history?.deallocate()
        history = nil
        historyEnd = 0
        historyFilled = 0
        replayFrames = 0
        paused = false
        draining = false
        needsPrepare = false
    }

    func takeNotice() -> PlaybackEvent.Notice? {
        defer { notice = nil }
        return notice
    }

    private func prepareIfNeeded(_ device: ALSADevice) {
        guard needsPrepare else { return }
        needsPrepare = false
        draining = false
        _ = device.prepare()
    }

    private func collectLibraryMessage() {
        if let message = ALSADevice.takeLibraryMessage() {
            notice = PlaybackEvent.Notice(kind: .deviceMessage, message: "ALSA: \(message)")
        }
    }

    private func remember(_ frames: UnsafeRawBufferPointer, in history: UnsafeMutableRawBufferPointer) {
        var source = frames
        if source.count > history.count { source = UnsafeRawBufferPointer(rebasing: source.suffix(history.count)) }
        let firstCount = min(source.count, history.count - historyEnd)
        (history.baseAddress! + historyEnd).copyMemory(from: source.baseAddress!, byteCount: firstCount)
        if source.count > firstCount {
            history.baseAddress!.copyMemory(from: source.baseAddress! + firstCount, byteCount: source.count - firstCount)
        }
        historyEnd = (historyEnd + source.count) % history.count
        historyFilled = min(history.count, historyFilled + source.count)
    }
}
