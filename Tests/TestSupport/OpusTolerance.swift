import Foundation

/// How close an Opus decode is to `opusdec`'s. Both decode the same packets with libopus and
/// round to 16 bits with a noise-shaped TPDF dither of their own (libopusfile's is adapted from
/// opusdec's, seeded differently), so samples differ by the two dithers' noise and nothing else:
/// the difference stays below −60 dBFS at its peak and −75 dBFS RMS. Audio shifted by one sample,
/// or a lost or repeated packet, would show at about −20 dBFS.
public struct OpusTolerance: Sendable, CustomStringConvertible {
    public var peakDecibels: Double
    public var rmsDecibels: Double

    /// Compares two decodes (32-bit scale samples of 16-bit audio); different lengths never pass.
    public static func measure(_ decoded: [Int32], _ reference: [Int32]) -> OpusTolerance {
        guard decoded.count == reference.count else { return OpusTolerance(peakDecibels: 0, rmsDecibels: 0) }
        var peak = 0.0, sum = 0.0
        for (a, b) in zip(decoded, reference) {
            let difference = Double(Int64(a >> 16) - Int64(b >> 16))
            peak = max(peak, abs(difference))
            sum += difference * difference
        }
        let rms = (sum / Double(max(1, decoded.count))).squareRoot()
        func decibels(_ value: Double) -> Double { 20 * log10(max(value, 1e-9) / 32768) }
        return OpusTolerance(peakDecibels: decibels(peak), rmsDecibels: decibels(rms))
    }

    public var isWithinTolerance: Bool { peakDecibels < -60 && rmsDecibels < -75 }

    public var description: String { String(format: "difference from opusdec: peak %.1f dBFS, RMS %.1f dBFS", peakDecibels, rmsDecibels) }
}
