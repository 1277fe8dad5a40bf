#if canImport(Glibc)
import Glibc
#endif
import CALSA
import CShim
import MPEGAudio

/// One open ALSA playback PCM, configured for interleaved signed 16-bit little-endian frames.
///
/// Wraps one `snd_pcm_t`: opened with `snd_pcm_open` (asking for non-blocking open, so a busy
/// device fails at once instead of hanging, then switched to blocking I/O with
/// `snd_pcm_nonblock`), set up with `snd_pcm_hw_params` and `snd_pcm_sw_params`, and closed
/// with `snd_pcm_close` when the value goes away.
final class ALSADevice {
    private let pcm: OpaquePointer
    let format: AudioFormat
    /// Whether the device can pause in place (`snd_pcm_hw_params_can_pause`).
    let canPause: Bool
    /// The device buffer and period, in frames.
    let bufferFrames: Int
    let periodFrames: Int

    /// Opens `name` for `format` with a buffer of about `bufferMicroseconds` in periods of about
    /// `periodMicroseconds`. The error says what failed in ALSA's words.
    init(name: String, format: AudioFormat, bufferMicroseconds: UInt32 = 200_000, periodMicroseconds: UInt32 = 50_000) throws(SinkError) {
        ALSADevice.silenceLibraryOnce()
        var opened: OpaquePointer?
        var status = snd_pcm_open(&opened, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard status >= 0, let pcm = opened else { throw ALSADevice.failure(name, "can't open it", status) }
        func fail(_ what: String, _ status: Int32) -> SinkError {
            snd_pcm_close(pcm)
            return ALSADevice.failure(name, what, status)
        }
        status = snd_pcm_nonblock(pcm, 0)
        guard status >= 0 else { throw fail("can't switch to blocking writes", status) }

        var hardware: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hardware) >= 0, let hardware else { throw fail("out of memory", -ENOMEM) }
        defer { snd_pcm_hw_params_free(hardware) }
        var rate = UInt32(format.sampleRate)
        var direction: Int32 = 0
        var bufferTime = bufferMicroseconds
        var periodTime = periodMicroseconds
        status = snd_pcm_hw_params_any(pcm, hardware)
        if status >= 0 { status = snd_pcm_hw_params_set_access(pcm, hardware, SND_PCM_ACCESS_RW_INTERLEAVED) }
        guard status >= 0 else { throw fail("no interleaved access", status) }
        status = snd_pcm_hw_params_set_format(pcm, hardware, SND_PCM_FORMAT_S16_LE)
        guard status >= 0 else { throw fail("can't play 16-bit samples", status) }
        status = snd_pcm_hw_params_set_channels(pcm, hardware, UInt32(format.channels))
        guard status >= 0 else { throw fail("can't play \(format.channels) channels", status) }
        status = snd_pcm_hw_params_set_rate_near(pcm, hardware, &rate, &direction)
        guard status >= 0, rate == UInt32(format.sampleRate) else { throw fail("can't play \(format.sampleRate) Hz", status < 0 ? status : -EINVAL) }
        status = snd_pcm_hw_params_set_buffer_time_near(pcm, hardware, &bufferTime, &direction)
        if status >= 0 { status = snd_pcm_hw_params_set_period_time_near(pcm, hardware, &periodTime, &direction) }
        guard status >= 0 else { throw fail("can't set the buffer size", status) }
        status = snd_pcm_hw_params(pcm, hardware)
        guard status >= 0 else { throw fail("can't apply the settings", status) }
        var buffer: snd_pcm_uframes_t = 0
        var period: snd_pcm_uframes_t = 0
        snd_pcm_hw_params_get_buffer_size(hardware, &buffer)
        snd_pcm_hw_params_get_period_size(hardware, &period, &direction)
        let canPause = snd_pcm_hw_params_can_pause(hardware) == 1

        var software: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&software) >= 0, let software else { throw fail("out of memory", -ENOMEM) }
        defer { snd_pcm_sw_params_free(software) }
        status = snd_pcm_sw_params_current(pcm, software)
        // Start once a period is queued; wake the writer whenever a period is free.
        if status >= 0 { status = snd_pcm_sw_params_set_start_threshold(pcm, software, max(1, period)) }
        if status >= 0 { status = snd_pcm_sw_params_set_avail_min(pcm, software, max(1, period)) }
        if status >= 0 { status = snd_pcm_sw_params(pcm, software) }
        guard status >= 0 else { throw fail("can't apply the software settings", status) }

        self.pcm = pcm
        self.format = format
        self.canPause = canPause
        bufferFrames = Int(buffer)
        periodFrames = max(1, Int(period))
    }

    deinit {
        snd_pcm_close(pcm)
    }

    /// Writes all `frameCount` frames, recovering from underruns and suspends.
    /// The corresponding C functions are `snd_pcm_writei` and `snd_pcm_recover`.
    func write(_ frames: UnsafeRawPointer, frameCount: Int) throws(SinkError) -> Int {
        var done = 0
        var recoveries = 0
        let frameBytes = 2 * format.channels
        while done < frameCount {
            let result = snd_pcm_writei(pcm, frames + done * frameBytes, snd_pcm_uframes_t(frameCount - done))
            if result >= 0 {
                done += result
                continue
            }
            recoveries += 1
            let recovered = snd_pcm_recover(pcm, Int32(result), 1)
            if recovered < 0 || recoveries > 8 {
                throw ALSADevice.failure(nil, "the device stopped working", Int32(recovered < 0 ? recovered : Int32(result)))
            }
        }
        return recoveries
    }

    /// Frames queued but not yet heard. The corresponding C function is `snd_pcm_delay`.
    func delay() -> Int {
        var frames: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(pcm, &frames) >= 0 else { return 0 }
        return max(0, frames)
    }

    /// The corresponding C function is `snd_pcm_pause`.
    func pause(_ on: Bool) -> Bool { snd_pcm_pause(pcm, on ? 1 : 0) >= 0 }
    /// The corresponding C function is `snd_pcm_drop`.
    func drop() { snd_pcm_drop(pcm) }
    /// The corresponding C function is `snd_pcm_drain`.
    func drain() { snd_pcm_drain(pcm) }
    /// The corresponding C function is `snd_pcm_prepare`.
    func prepare() -> Int32 { snd_pcm_prepare(pcm) }

    /// Keeps ALSA's own messages off stderr from now on; they are collected for our notices.
    private static let silenced: Bool = {
        cdc_alsa_capture_errors()
        return true
    }()

    static func silenceLibraryOnce() { _ = silenced }

    /// The latest message ALSA printed (to our handler), if any, taken once.
    static func takeLibraryMessage() -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            guard cdc_alsa_take_last_error(buffer.baseAddress, buffer.count) > 0 else { return nil }
            return String(cString: buffer.baseAddress!)
        }
    }

    /// A user-facing description: ALSA's own message when it printed one, else `snd_strerror`.
    private static func failure(_ name: String?, _ what: String, _ status: Int32) -> SinkError {
        let library = takeLibraryMessage()
        let reason = String(cString: snd_strerror(status))
        var text = name.map { "\"\($0)\": " } ?? ""
        text += what
        text += ": " + (library ?? reason)
        return SinkError(message: text)
    }
}

/// Plays through an ALSA device by name.
///
/// The device stays open while the format stays the same, so consecutive tracks join with no
/// sample added or lost; `configure` with a new rate or channel count closes and reopens it.
/// Pause uses `snd_pcm_pause` where the device can; elsewhere it drops the buffer and, on
/// resume, replays the frames that were dropped unheard from a copy of the last buffer's worth
/// of audio, so pausing loses nothing either way.
final class ALSASink: AudioSink {
    let deviceName: String
    private var device: ALSADevice?
    private var needsPrepare = false
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

    func configure(_ format: AudioFormat) throws(SinkError) {
        if let device, device.format == format { return }
        close()
        let opened = try ALSADevice(name: deviceName, format: format)
        device = opened
        if !opened.canPause {
            history = UnsafeMutableRawBufferPointer.allocate(byteCount: opened.bufferFrames * 2 * format.channels, alignment: 16)
        }
        collectLibraryMessage()
    }

    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) {
        guard let device else { throw SinkError(message: "\"\(deviceName)\" is not open") }
        if needsPrepare {
            needsPrepare = false
            _ = device.prepare()
        }
        let frameBytes = 2 * device.format.channels
        let recoveries = try device.write(frames.baseAddress!, frameCount: frames.count / frameBytes)
        if recoveries > 0 { collectLibraryMessage() }
        if let history { remember(frames, in: history) }
    }

    func delayFrames() -> Int {
        guard let device else { return 0 }
        return device.delay() + replayFrames
    }

    func pause() {
        guard let device, !paused else { return }
        paused = true
        if device.canPause, device.pause(true) { return }
        // Drop-style pause: remember how much was queued unheard, to replay it on resume.
        replayFrames = min(device.delay(), historyFilled / (2 * device.format.channels))
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
        needsPrepare = false
        _ = device.prepare()
        let bytes = replayFrames * 2 * device.format.channels
        replayFrames = 0
        // The tail of the history ring, possibly in two pieces.
        let start = (historyEnd - bytes + history.count) % history.count
        let firstCount = min(bytes, history.count - start)
        _ = try device.write(history.baseAddress! + start, frameCount: firstCount / (2 * device.format.channels))
        if bytes > firstCount {
            _ = try device.write(history.baseAddress!, frameCount: (bytes - firstCount) / (2 * device.format.channels))
        }
    }

    func drop() {
        guard let device else { return }
        if paused, device.canPause, !needsPrepare { _ = device.pause(false) }
        paused = false
        replayFrames = 0
        historyFilled = 0
        device.drop()
        needsPrepare = true
    }

    func drain() {
        guard let device else { return }
        if !needsPrepare { device.drain() }
        needsPrepare = true
        historyFilled = 0
    }

    func close() {
        device = nil
        history?.deallocate()
        history = nil
        historyEnd = 0
        historyFilled = 0
        replayFrames = 0
        paused = false
        needsPrepare = false
    }

    func takeNotice() -> PlaybackEvent.Notice? {
        defer { notice = nil }
        return notice
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
