import CSampleRate
import CSndfile

/// Mono 16 kHz 16-bit audio, the decoder's input format.
public struct SpeechAudio: Sendable {
    /// The model's sample rate.
    public static let sampleRate = 16_000
    public var samples: [Int16]

    public init(samples: [Int16]) { self.samples = samples }

    /// Length in seconds.
    public var duration: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// Samples from -1…1 as 16-bit ones, clipped.
    static func quantized(_ samples: [Float]) -> [Int16] {
        samples.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }
}

/// Reads a sound file of any rate, mono or stereo (`sf_open`, `sf_readf_float`), mixes it to mono
/// and resamples it to 16 kHz with libsamplerate (`src_simple`, SRC_SINC_FASTEST).
public enum AudioFile {
    public static func read(_ path: String) throws(DecoderError) -> SpeechAudio {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw DecoderError("cannot read \(path): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        let channels = Int(info.channels)
        guard channels > 0, info.samplerate > 0 else { throw DecoderError("\(path) has no audio") }
        var interleaved = [Float](repeating: 0, count: Int(info.frames) * channels)
        let read = interleaved.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, info.frames) }
        var mono = [Float](repeating: 0, count: Int(read))
        for frame in 0..<Int(read) {
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
            mono[frame] = sum / Float(channels)
        }
        let resampled = try Resampler.resample(mono, from: Int(info.samplerate), to: SpeechAudio.sampleRate)
        return SpeechAudio(samples: SpeechAudio.quantized(resampled))
    }
}

/// Sample-rate conversion through libsamplerate (`src_simple`).
public enum Resampler {
    /// `samples` at `sourceRate` as samples at `targetRate` (SRC_SINC_FASTEST: band-limited,
    /// fast enough for a whole utterance in well under a millisecond per second of audio).
    public static func resample(_ samples: [Float], from sourceRate: Int, to targetRate: Int) throws(DecoderError) -> [Float] {
        if sourceRate == targetRate || samples.isEmpty { return samples }
        let ratio = Double(targetRate) / Double(sourceRate)
        var output = [Float](repeating: 0, count: Int(Double(samples.count) * ratio) + 64)
        let outputCount = output.count
        let (status, produced): (Int32, Int) = samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                var data = SRC_DATA()
                data.data_in = input.baseAddress
                data.input_frames = input.count
                data.data_out = out.baseAddress
                data.output_frames = outputCount
                data.src_ratio = ratio
                let status = src_simple(&data, Int32(SRC_SINC_FASTEST), 1)
                return (status, Int(data.output_frames_gen))
            }
        }
        if status != 0 { throw DecoderError("resampling failed: \(String(cString: src_strerror(status)))") }
        return Array(output.prefix(produced))
    }

    /// 16-bit `samples` at `sourceRate` as 16-bit samples at `targetRate`.
    public static func resample(_ samples: [Int16], from sourceRate: Int, to targetRate: Int) throws(DecoderError) -> [Int16] {
        SpeechAudio.quantized(try resample(samples.map { Float($0) / 32768 }, from: sourceRate, to: targetRate))
    }
}
