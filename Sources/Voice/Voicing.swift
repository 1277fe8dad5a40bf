/// How much of the heard words is voiced: periodic at a speaking pitch, as every vowel is, while
/// coughs, road noise, wind and clicks are not.
public enum Voicing {
    /// The fraction of the 10 ms frames in `frames` (PocketSphinx frame numbers, 100 a second,
    /// over 16 kHz `samples`) whose 30 ms window repeats itself at a pitch period of 2.5–12.5 ms
    /// (80–400 Hz): normalised autocorrelation ≥ `threshold`. 0 when there are no frames.
    /// Works on the audio at 8 kHz (pairs averaged), which keeps the pitch and quarters the work.
    public static func voicedFraction(of samples: [Int16], frames: [ClosedRange<Int>], threshold: Float = 0.5) -> Double {
        let half = samples.count / 2
        guard half > 0 else { return 0 }
        var low = [Float](repeating: 0, count: half)
        for index in 0..<half { low[index] = (Float(samples[2 * index]) + Float(samples[2 * index + 1])) / 2 }
        let window = 240, shortestPeriod = 20, longestPeriod = 100, hop = 80
        var voiced = 0, total = 0
        var segment = [Float](repeating: 0, count: window + longestPeriod)
        for range in frames {
            for frame in range {
                let start = frame * hop
                guard start >= 0, start + window + longestPeriod <= half else { continue }
                total += 1
                // The window and what follows it, without its mean.
                var mean: Float = 0
                for offset in 0..<segment.count { segment[offset] = low[start + offset]; mean += segment[offset] }
                mean /= Float(segment.count)
                for offset in 0..<segment.count { segment[offset] -= mean }
                var energy: Float = 0
                for offset in 0..<window { energy += segment[offset] * segment[offset] }
                guard energy > 0 else { continue }
                var best: Float = 0
                for period in shortestPeriod...longestPeriod {
                    var cross: Float = 0, shifted: Float = 0
                    for offset in 0..<window {
                        let later = segment[offset + period]
                        cross += segment[offset] * later
                        shifted += later * later
                    }
                    if shifted > 0 { best = max(best, cross / (energy * shifted).squareRoot()) }
                }
                if best >= threshold { voiced += 1 }
            }
        }
        return total == 0 ? 0 : Double(voiced) / Double(total)
    }
}
