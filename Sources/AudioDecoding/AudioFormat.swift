/// The shape of decoded audio: sample rate, channel count and how each sample is stored.
/// Samples are always interleaved (left, right, left, right… for stereo), in native byte order.
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
    /// How one sample is stored.
    public enum SampleFormat: Hashable, Sendable, CustomStringConvertible {
        /// Signed 16-bit integers.
        case signed16
        /// Signed 32-bit integers; a source with fewer bits (24-bit FLAC) fills the top ones.
        case signed32
        /// 32-bit floating point, full scale −1…1.
        case float32

        public var bytesPerSample: Int {
            switch self {
            case .signed16: 2
            case .signed32, .float32: 4
            }
        }

        public var description: String {
            switch self {
            case .signed16: "16-bit"
            case .signed32: "32-bit"
            case .float32: "32-bit float"
            }
        }
    }

    public var sampleRate: Int
    public var channels: Int
    public var sampleFormat: SampleFormat

    public init(sampleRate: Int, channels: Int, sampleFormat: SampleFormat) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
    }

    /// Bytes of one frame: one sample for every channel.
    public var bytesPerFrame: Int { channels * sampleFormat.bytesPerSample }

    /// "44100 Hz, stereo, 16-bit".
    public var description: String {
        let layout = channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels"
        return "\(sampleRate) Hz, \(layout), \(sampleFormat)"
    }
}
