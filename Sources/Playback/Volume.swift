/// Software volume: a percentage mapped to an amplitude factor and applied to 16-bit samples.
///
/// The curve is cubic (factor = (percent / 100)³), as PulseAudio maps its volume slider, so
/// equal steps sound roughly equally loud; 100 % leaves samples untouched, 0 % and mute are
/// silence. The factor is fixed-point Q15, so scaling is one multiply and shift per sample.
public enum Volume {
    /// The Q15 gain for `percent` (clamped to 0...100); 32768 is unity.
    public static func gain(percent: Int, muted: Bool = false) -> Int32 {
        guard !muted else { return 0 }
        let clamped = Int64(max(0, min(100, percent)))
        return Int32((clamped * clamped * clamped * 32768 + 500_000) / 1_000_000)
    }

    /// The scaled value of one sample.
    @inline(__always)
    public static func scale(_ sample: Int16, gain: Int32) -> Int16 {
        Int16(truncatingIfNeeded: (Int32(sample) &* gain) >> 15)
    }

    /// Writes `source` scaled by `gain` into `destination` (at least as large).
    static func apply(gain: Int32, from source: UnsafeRawBufferPointer, to destination: UnsafeMutableRawBufferPointer) {
        let count = source.count / 2
        let input = source.baseAddress!.assumingMemoryBound(to: Int16.self)
        let output = destination.baseAddress!.assumingMemoryBound(to: Int16.self)
        if gain == 0 {
            output.update(repeating: 0, count: count)
            return
        }
        for index in 0..<count {
            output[index] = scale(input[index], gain: gain)
        }
    }
}
