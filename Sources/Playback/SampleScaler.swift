import AudioDecoding

/// The volume stage: scales interleaved samples by a gain (volume × ReplayGain) and writes them
/// in the sample format the sink takes.
///
/// Gains are fixed point, `unity` = 1.0 (Q28), up to 8.0; products are 64-bit and rounded to the
/// nearest value, then clamped to the output's range. 16-bit audio stays 16-bit, 32-bit stays
/// 32-bit; 32-bit audio for a device that takes only 16 bits is reduced with TPDF dither
/// (triangular noise of ±1 16-bit step before rounding, so the lost bits become a steady noise
/// floor instead of distortion), and 16-bit audio for a device that takes only 32 bits is widened.
/// The output thread skips this stage when the gain is unity and the formats agree. No allocation.
struct SampleScaler {
    /// A gain of 1.0.
    static let unity: Int64 = 1 << 28

    /// The fixed-point gain for an amplitude factor, clamped to 0…8.
    static func gain(_ factor: Double) -> Int64 {
        Int64((min(max(factor, 0), 8) * Double(unity)).rounded())
    }

    /// The dither's random state (xorshift32), carried from one call to the next.
    private var noise: UInt32 = 0x2545_F491

    /// Writes `source` (whole frames in `input`) scaled by `gain` into `destination` as `output`
    /// samples; returns the bytes written. `destination` holds at least as many samples.
    mutating func process(
        _ source: UnsafeRawBufferPointer, as input: AudioFormat.SampleFormat, gain: Int64,
        into destination: UnsafeMutableRawBufferPointer, as output: AudioFormat.SampleFormat
    ) -> Int {
        let count = source.count / input.bytesPerSample
        let bytes = count * output.bytesPerSample
        precondition(destination.count >= bytes)
        guard count > 0, let from = source.baseAddress, let to = destination.baseAddress else { return 0 }
        if gain == 0 {
            to.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
            return bytes
        }
        switch (input, output) {
        case (.signed16, .signed16):
            let samples = from.assumingMemoryBound(to: Int16.self), out = to.assumingMemoryBound(to: Int16.self)
            for index in 0..<count { out[index] = SampleScaler.scaled(samples[index], gain: gain) }
        case (.signed32, .signed32):
            let samples = from.assumingMemoryBound(to: Int32.self), out = to.assumingMemoryBound(to: Int32.self)
            for index in 0..<count { out[index] = SampleScaler.scaled(samples[index], gain: gain) }
        case (.signed32, .signed16):
            let samples = from.assumingMemoryBound(to: Int32.self), out = to.assumingMemoryBound(to: Int16.self)
            for index in 0..<count {
                let scaled = (Int64(samples[index]) * gain) >> 28
                out[index] = Int16(clamping: (scaled + nextDither() + 0x8000) >> 16)
            }
        case (.signed16, .signed32):
            let samples = from.assumingMemoryBound(to: Int16.self), out = to.assumingMemoryBound(to: Int32.self)
            for index in 0..<count { out[index] = Int32(clamping: (Int64(samples[index]) * gain + (1 << 11)) >> 12) }
        default:
            preconditionFailure("the volume stage takes signed 16- and 32-bit samples, not \(input) to \(output)")
        }
        return bytes
    }

    /// One 16-bit sample scaled by `gain`, rounded to the nearest and clamped.
    @inline(__always)
    static func scaled(_ sample: Int16, gain: Int64) -> Int16 {
        Int16(clamping: (Int64(sample) * gain + (1 << 27)) >> 28)
    }

    /// One 32-bit sample scaled by `gain`, rounded to the nearest and clamped.
    @inline(__always)
    static func scaled(_ sample: Int32, gain: Int64) -> Int32 {
        Int32(clamping: (Int64(sample) * gain + (1 << 27)) >> 28)
    }

    /// Triangular noise of ±1 16-bit step, in 32-bit units: the sum of two uniform values.
    @inline(__always)
    private mutating func nextDither() -> Int64 {
        noise ^= noise << 13
        noise ^= noise >> 17
        noise ^= noise << 5
        return Int64(Int16(truncatingIfNeeded: noise)) + Int64(Int16(truncatingIfNeeded: noise >> 16))
    }
}
