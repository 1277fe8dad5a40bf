import CALSA
import CAudioShim
import Glibc

/// Where a listener's audio comes from: 16 kHz mono 16-bit samples, a chunk at a time.
public protocol AudioSource {
    /// Fills the start of `buffer`; returns how many samples it wrote, 0 at the end of the input.
    mutating func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws(DecoderError) -> Int
}

/// Samples held in memory, optionally released at the pace of real time (as a microphone would).
public struct SampleSource: AudioSource {
    private let samples: [Int16]
    private var position = 0
    private let paced: Bool
    private var start: ContinuousClock.Instant?

    public init(_ samples: [Int16], paced: Bool) {
        self.samples = samples
        self.paced = paced
    }

    public mutating func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws(DecoderError) -> Int {
        let count = min(buffer.count, samples.count - position)
        guard count > 0 else { return 0 }
        if paced {
            let origin = start ?? ContinuousClock.now
            start = origin
            // The chunk is "recorded" once its last sample's time has come.
            let due = origin + .microseconds(Int64(position + count) * 1_000_000 / Int64(SpeechAudio.sampleRate))
            let now = ContinuousClock.now
            if due > now { usleep(UInt32(DurationMath.microseconds(due - now))) }
        }
        for index in 0..<count { buffer[index] = samples[position + index] }
        position += count
        return count
    }
}

/// An ALSA capture device (`snd_pcm_open` for capture, `snd_pcm_set_params` at 16 kHz mono S16
/// with ALSA's resampling allowed, `snd_pcm_readi`, `snd_pcm_recover` after an overrun).
public final class CaptureDevice: AudioSource {
    private let pcm: OpaquePointer

    /// Opens `name` ("default", "hw:1,0", or a configured PCM such as a `file` plugin).
    public init(name: String) throws(DecoderError) {
        cdc_alsa_capture_errors()
        var handle: OpaquePointer?
        var status = snd_pcm_open(&handle, name, SND_PCM_STREAM_CAPTURE, 0)
        guard status >= 0, let handle else {
            throw DecoderError("cannot open the microphone “\(name)”: \(String(cString: snd_strerror(status))) (see `arecord -l`)")
        }
        status = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                    UInt32(SpeechAudio.sampleRate), 1, 100_000)
        guard status >= 0 else {
            snd_pcm_close(handle)
            throw DecoderError("the microphone “\(name)” cannot record 16 kHz mono: \(String(cString: snd_strerror(status)))")
        }
        pcm = handle
    }

    deinit { snd_pcm_close(pcm) }

    public func read(into buffer: UnsafeMutableBufferPointer<Int16>) throws(DecoderError) -> Int {
        while true {
            let frames = snd_pcm_readi(pcm, buffer.baseAddress, snd_pcm_uframes_t(buffer.count))
            if frames >= 0 { return Int(frames) }
            if snd_pcm_recover(pcm, Int32(frames), 1) < 0 {
                throw DecoderError("reading the microphone failed: \(String(cString: snd_strerror(Int32(frames))))")
            }
        }
    }
}

/// Small time helpers.
enum DurationMath {
    static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }
}
