import Glibc

/// Takes steady background noise (road, fan, hum) out of 16 kHz audio before it is decoded,
/// streaming: 32 ms frames, half overlapping, under square-root Hann windows (which add back to
/// the input where nothing is taken out). Each frequency bin's noise is the lowest of its
/// smoothed power over the last 1.5 s ("minimum statistics": speech comes and goes, the noise
/// stays), and each bin is scaled by a Wiener gain whose a-priori signal-to-noise ratio is
/// estimated decision-directed (Ephraim and Malah), never below `gainFloor`. The gain eases in over
/// the turn's first `rampFrames` frames of sound (the minimum needs some history before it tells
/// noise from speech), and acts only as far as the turn is noisy (`cleanRange`, `noisyRange`): in
/// clean speech the minimum of a short turn is speech, and taking it out harms the words.
/// Output lags input by 16–32 ms; `finish` hands back the rest. Measured: docs/voice.md.
public struct NoiseReduction: Sendable {
    public static let frameLength = 512
    public static let hop = 256
    /// The least a bin is scaled by (0.2 ≈ −14 dB): lower gains leave "musical" noise and
    /// distort speech more than they help.
    public var gainFloor = 0.2
    /// How much of the previous frame's cleaned power the a-priori estimate keeps.
    public var decisionWeight = 0.98
    /// The minimum of a bin's smoothed power is multiplied by this to estimate its mean noise.
    public var minimumBias = 1.5
    /// Frames of sound (16 ms each) over which the gain eases in from none at the start of a turn.
    public var rampFrames = 30.0
    /// A turn whose loudest frame is this many dB or more above its quietest recent one is left
    /// as it is; at `noisyRange` or less the noise is taken out fully, in between partly.
    public var cleanRange = 30.0
    public var noisyRange = 20.0

    private let transform = FourierTransform(size: frameLength)
    private let window: [Double]
    private var frame: [Double]
    private var real: [Double]
    private var imaginary: [Double]
    private var tail: [Double]
    private var pending: [Double] = []
    private var smoothed: [Double]
    private var history: [[Double]]
    /// Each history frame's power summed over its bins (unsmoothed: a smoothed one falls too
    /// slowly to show the short pauses of speech).
    private var energyHistory: [Double]
    private var loudestEnergy = 0.0
    private var historyIndex = 0
    private var historyCount = 0
    private var cleanPower: [Double]
    private var frames = 0
    private var previousHopHadSound = false
    private var samplesIn = 0
    private var samplesOut = 0

    private static let bins = frameLength / 2 + 1
    /// 1.5 s of frames.
    private static let historyDepth = 94
    /// The least noise power a bin is given (digital silence has none).
    private static let leastNoise = 1.0

    public init() {
        let length = Self.frameLength
        window = (0..<length).map { (0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(length))).squareRoot() }
        frame = [Double](repeating: 0, count: length)
        real = frame
        imaginary = frame
        tail = [Double](repeating: 0, count: Self.hop)
        smoothed = [Double](repeating: 0, count: Self.bins)
        cleanPower = smoothed
        history = [[Double]](repeating: smoothed, count: Self.historyDepth)
        energyHistory = [Double](repeating: 0, count: Self.historyDepth)
        pending.reserveCapacity(Self.frameLength * 4)
    }

    /// Takes in `input` and appends to `output` the cleaned samples that are ready.
    public mutating func process(_ input: UnsafeBufferPointer<Int16>, into output: inout [Int16]) {
        for sample in input { pending.append(Double(sample)) }
        samplesIn += input.count
        drain(into: &output)
    }

    /// A whole recording cleaned, from this state (`process`, then `finish`).
    public func cleaned(_ samples: [Int16]) -> [Int16] {
        var reduction = self
        var output: [Int16] = []
        output.reserveCapacity(samples.count + 2 * Self.frameLength)
        samples.withUnsafeBufferPointer { reduction.process($0, into: &output) }
        reduction.finish(into: &output)
        return output
    }

    /// Appends the cleaned samples still held back, so that output and input are the same length.
    public mutating func finish(into output: inout [Int16]) {
        let missing = samplesIn - samplesOut
        guard missing > 0 else { return }
        pending.append(contentsOf: repeatElement(0, count: 2 * Self.hop))
        drain(into: &output, limit: missing)
    }

    private mutating func drain(into output: inout [Int16], limit: Int = .max) {
        var written = 0
        while pending.count >= Self.hop, written < limit {
            // The frame moves on by a hop: the first frame starts a hop before the input. Element
            // by element, in place: replacing a range with a slice of the same array copied it.
            let kept = Self.frameLength - Self.hop
            for index in 0..<kept { frame[index] = frame[index + Self.hop] }
            for index in 0..<Self.hop { frame[kept + index] = pending[index] }
            let newHopHasSound = pending[0..<Self.hop].contains { $0 != 0 }
            pending.removeFirst(Self.hop)
            cleanFrame(hasSound: newHopHasSound && previousHopHadSound)
            previousHopHadSound = newHopHasSound
            // The first half of this frame completes the samples the previous frame's second half began.
            let isFirst = frames == 1
            for index in 0..<Self.hop where !isFirst && written < limit {
                let value = (tail[index] + real[index] * window[index]).rounded()
                output.append(Int16(max(-32768, min(32767, value))))
                written += 1
            }
            for index in 0..<Self.hop { tail[index] = real[Self.hop + index] * window[Self.hop + index] }
        }
        samplesOut += written
    }

    /// Transforms the windowed frame, scales each bin by its gain and transforms back into `real`.
    private mutating func cleanFrame(hasSound: Bool) {
        for index in 0..<Self.frameLength {
            real[index] = frame[index] * window[index]
            imaginary[index] = 0
        }
        transform.transform(real: &real, imaginary: &imaginary)
        var energy = 0.0
        for bin in 0..<Self.bins {
            let power = real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
            smoothed[bin] = historyCount == 0 ? power : 0.8 * smoothed[bin] + 0.2 * power
            energy += power
        }
        // Digital silence (quiet added around a recording, a muted input) says nothing about the
        // noise, and a frame partly of it would pass for very quiet noise: only frames with sound
        // all through join the history.
        if hasSound {
            for bin in 0..<Self.bins { history[historyIndex][bin] = smoothed[bin] }
            energyHistory[historyIndex] = energy
            historyCount = min(historyCount + 1, Self.historyDepth)
            historyIndex = (historyIndex + 1) % Self.historyDepth
            loudestEnergy = max(loudestEnergy, energy)
        }
        // How far the turn's loudest frame stands above its quietest recent one: speech over
        // little noise spans more than `cleanRange` and is left alone (taking out what the
        // minimum mistakes for noise only harms it), over loud noise less than `noisyRange`.
        let quietest = energyHistory[0..<historyCount].min() ?? 0
        let range = quietest > 0 ? 10 * log10(loudestEnergy / quietest) : .infinity
        let noisiness = min(1, max(0, (cleanRange - range) / (cleanRange - noisyRange)))
        let ease = min(1, Double(historyCount) / rampFrames) * noisiness
        for bin in 0..<Self.bins {
            var lowest = Double.infinity
            for past in 0..<historyCount { lowest = min(lowest, history[past][bin]) }
            let noise = max(lowest * minimumBias, Self.leastNoise)
            let power = real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
            let posterior = max(power / noise - 1, 0)
            let prior = decisionWeight * cleanPower[bin] / noise + (1 - decisionWeight) * posterior
            let gain = 1 - ease * (1 - max(prior / (1 + prior), gainFloor))
            cleanPower[bin] = gain * gain * power
            real[bin] *= gain
            imaginary[bin] *= gain
            // The mirrored bin of a real signal's transform.
            if bin > 0, bin < Self.frameLength / 2 {
                real[Self.frameLength - bin] *= gain
                imaginary[Self.frameLength - bin] *= gain
            }
        }
        transform.transform(real: &real, imaginary: &imaginary, inverse: true)
        frames += 1
    }
}
