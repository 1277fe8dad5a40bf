/// Adds a fixed, quiet noise floor to audio before decoding. Real microphones always have one;
/// synthesized and digitally silent audio does not, and the model's log filterbank energies of
/// near-zero bands are far outside anything it was trained on (measured: docs/voice.md).
public struct NoiseFloor: Sendable {
    /// RMS of the added noise in 16-bit sample units (100 ≈ −50 dBFS).
    public var rms: Double
    private var state: UInt64

    public init(rms: Double, seed: UInt64 = 0x5EED) {
        self.rms = rms
        state = seed
    }

    /// `samples` with the noise added (white, from a fixed-seed generator: reproducible).
    public mutating func apply(to samples: inout [Int16]) {
        // Uniform noise in [-a, a] has RMS a / sqrt(3).
        let amplitude = rms * 3.0.squareRoot()
        for index in samples.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53) * 2 - 1
            let value = Double(samples[index]) + unit * amplitude
            samples[index] = Int16(max(-32768, min(32767, value.rounded())))
        }
    }

    /// A copy of `samples` with the noise added.
    public func applied(to samples: [Int16]) -> [Int16] {
        var copy = samples
        var generator = self
        generator.apply(to: &copy)
        return copy
    }
}
