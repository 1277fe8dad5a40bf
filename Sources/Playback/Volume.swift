/// Software volume: a percentage mapped to an amplitude factor.
///
/// The curve is cubic (factor = (percent / 100)³), as PulseAudio maps its volume slider, so
/// equal steps sound roughly equally loud; 100 % leaves samples untouched, 0 % and mute are
/// silence. The output thread multiplies it with the ReplayGain factor and applies the product in
/// its volume stage (`SampleScaler`), or skips the stage when the product is exactly 1.
public enum Volume {
    /// The amplitude factor for `percent` (clamped to 0...100); 0 when muted.
    public static func factor(percent: Int, muted: Bool = false) -> Double {
        guard !muted else { return 0 }
        let fraction = Double(max(0, min(100, percent))) / 100
        return fraction * fraction * fraction
    }
}
