#if canImport(Glibc)
import Glibc
#endif
import AudioDecoding
import CALSA
import CAudioShim

/// One open ALSA playback PCM, configured for interleaved frames of signed 16- or 32-bit
/// little-endian samples: the audio's own when the device takes it, else the other of the two
/// (`snd_pcm_hw_params_test_format` decides; the output thread converts).
///
/// Wraps one `snd_pcm_t`: opened with `snd_pcm_open` in non-blocking mode (a busy device fails
/// at once instead of hanging, and writes never block: the output thread polls the device's
/// descriptors beside its own doorbell, so commands are seen while the device is full), set up
/// with `snd_pcm_hw_params` and `snd_pcm_sw_params`, and closed with `snd_pcm_close` when the
/// value goes away.
final class ALSADevice {
    private let pcm: OpaquePointer
    /// The format the device was opened for.
    let requestedFormat: AudioFormat
    /// The format it plays: the requested one, or the same rate and channels in the other sample format.
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
        var sampleFormat = format.sampleFormat
        if snd_pcm_hw_params_test_format(pcm, hardware, ALSADevice.pcmFormat(sampleFormat)) != 0 {
            // 32-bit audio for a 16-bit device is dithered down; 16-bit audio for a 32-bit one widened.
            let other: AudioFormat.SampleFormat = sampleFormat == .signed16 ? .signed32 : .signed16
            if snd_pcm_hw_params_test_format(pcm, hardware, ALSADevice.pcmFormat(other)) == 0 { sampleFormat = other }
        }
        status = snd_pcm_hw_params_set_format(pcm, hardware, ALSADevice.pcmFormat(sampleFormat))
        guard status >= 0 else { throw fail("can't play \(format.sampleFormat) samples", status) }
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
        requestedFormat = format
        self.format = AudioFormat(sampleRate: format.sampleRate, channels: format.channels, sampleFormat: sampleFormat)
        self.canPause = canPause
        bufferFrames = Int(buffer)
        periodFrames = max(1, Int(period))
    }

    deinit {
        snd_pcm_close(pcm)
    }

    /// ALSA's name for a sample format, little-endian.
    private static func pcmFormat(_ sampleFormat: AudioFormat.SampleFormat) -> snd_pcm_format_t {
        switch sampleFormat {
        case .signed16: SND_PCM_FORMAT_S16_LE
        case .signed32: SND_PCM_FORMAT_S32_LE
        case .float32: SND_PCM_FORMAT_FLOAT_LE
        }
    }

    /// Writes as many of `frameCount` frames as fit now, recovering from underruns and suspends;
    /// returns the frames written and whether a recovery was needed.
    /// The corresponding C functions are `snd_pcm_writei` and `snd_pcm_recover`.
    func write(_ frames: UnsafeRawPointer, frameCount: Int) throws(SinkError) -> (frames: Int, recovered: Bool) {
        var recovered = false
        for _ in 0..<4 {
            let result = snd_pcm_writei(pcm, frames, snd_pcm_uframes_t(frameCount))
            if result >= 0 { return (result, recovered) }
            if result == -Int(EAGAIN) { return (0, recovered) }
            try recover(Int32(result))
            recovered = true
        }
        throw ALSADevice.failure(nil, "the device keeps failing", -EIO)
    }

    /// Frames that can be written now. The corresponding C function is `snd_pcm_avail_update`.
    func available() throws(SinkError) -> (frames: Int, recovered: Bool) {
        let frames = snd_pcm_avail_update(pcm)
        if frames >= 0 { return (frames, false) }
        try recover(Int32(frames))
        return (max(0, snd_pcm_avail_update(pcm)), true)
    }

    /// Underrun → prepare, suspend → resume (or prepare), interrupted → retry; anything else
    /// is a device that stopped working. The corresponding C function is `snd_pcm_recover`.
    private func recover(_ error: Int32) throws(SinkError) {
        let recovered = snd_pcm_recover(pcm, error, 1)
        if recovered < 0 { throw ALSADevice.failure(nil, "the device stopped working", recovered) }
    }

    /// The device's poll descriptors, written into `slots`; returns how many.
    /// The corresponding C function is `snd_pcm_poll_descriptors`.
    func pollDescriptors(into slots: UnsafeMutableBufferPointer<pollfd>) -> Int {
        guard let base = slots.baseAddress, slots.count > 0 else { return 0 }
        return max(0, Int(snd_pcm_poll_descriptors(pcm, base, UInt32(slots.count))))
    }

    /// Lets the plugin chain interpret what `poll` reported.
    /// The corresponding C function is `snd_pcm_poll_descriptors_revents`.
    func acknowledge(_ slots: UnsafeMutableBufferPointer<pollfd>) {
        guard let base = slots.baseAddress, slots.count > 0 else { return }
        var events: UInt16 = 0
        _ = snd_pcm_poll_descriptors_revents(pcm, base, UInt32(slots.count), &events)
    }

    /// Whether the device is still playing out a drain. The corresponding C function is `snd_pcm_state`.
    var isDraining: Bool { snd_pcm_state(pcm) == SND_PCM_STATE_DRAINING }

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
    /// Starts draining; true when it finished at once (non-blocking mode returns -EAGAIN while
    /// the device plays out). The corresponding C function is `snd_pcm_drain`.
    func drain() -> Bool { snd_pcm_drain(pcm) != -EAGAIN }
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
