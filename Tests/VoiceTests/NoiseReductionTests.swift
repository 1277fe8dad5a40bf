import Foundation
import Testing
@testable import Voice

/// The noise reduction in front of the decoders (`NoiseReduction`) and its transform.
@Suite struct NoiseReductionTests {
    /// Reproducible noise: uniform in [-amplitude, amplitude].
    struct Noise {
        var state: UInt64 = 0x1234_5678
        mutating func next(_ amplitude: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * amplitude
        }
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1))).squareRoot()
    }

    /// All of `samples` through `reduction`, fed `chunk` samples at a time, then finished.
    static func run(_ samples: [Int16], chunk: Int, reduction: NoiseReduction = NoiseReduction()) -> [Int16] {
        var reduction = reduction
        var output: [Int16] = []
        var start = 0
        while start < samples.count {
            let end = min(start + chunk, samples.count)
            samples[start..<end].withUnsafeBufferPointer { reduction.process($0, into: &output) }
            start = end
        }
        reduction.finish(into: &output)
        return output
    }

    @Test(arguments: [8, 16, 64])
    func transformMatchesTheDefinition(size: Int) {
        var noise = Noise()
        let input = (0..<size).map { _ in noise.next(1) }
        var real = input, imaginary = [Double](repeating: 0, count: size)
        FourierTransform(size: size).transform(real: &real, imaginary: &imaginary)
        for k in 0..<size {
            let angle = { (n: Int) in -2 * Double.pi * Double(k * n) / Double(size) }
            let expectedReal = (0..<size).reduce(0.0) { $0 + input[$1] * cos(angle($1)) }
            let expectedImaginary = (0..<size).reduce(0.0) { $0 + input[$1] * sin(angle($1)) }
            #expect(abs(real[k] - expectedReal) < 1e-9 && abs(imaginary[k] - expectedImaginary) < 1e-9)
        }
        FourierTransform(size: size).transform(real: &real, imaginary: &imaginary, inverse: true)
        #expect(zip(real, input).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(imaginary.allSatisfy { abs($0) < 1e-12 })
    }

    /// With nothing taken out (a gain floor of one), the overlapping windows add back to the
    /// input exactly, sample for sample, whatever the chunks and length.
    @Test(arguments: [(320, 16_000), (77, 5_001), (1_000, 300), (320, 0)])
    func passesAudioThroughWhenNothingIsTakenOut(chunk: Int, length: Int) {
        var noise = Noise()
        let input = (0..<length).map { _ in Int16(noise.next(20_000).rounded()) }
        var reduction = NoiseReduction()
        reduction.gainFloor = 1
        #expect(Self.run(input, chunk: chunk, reduction: reduction) == input)
    }

    /// Steady noise alone is turned down by more than 6 dB once the estimate has a little history,
    /// while a tone 9 dB above it keeps nearly all its level; the start of a turn is left as it was.
    /// Digital silence before it (the quiet `hear` adds around a file cut close) changes none of
    /// that: a frame partly silent would otherwise pass for very quiet noise.
    @Test(arguments: [0, 4_877])
    func turnsDownSteadyNoiseAndKeepsTheTone(silenceBefore: Int) {
        var noise = Noise()
        let rate = 16_000.0
        let sound: [Int16] = (0..<32_000).map { index in
            let time = Double(index) / rate
            let tone = time >= 1.2 && time < 1.6 ? 4_000 * sin(2 * Double.pi * 1_000 * time) : 0
            return Int16((noise.next(1_000 * 3.0.squareRoot()) + tone).rounded())   // noise RMS 1000
        }
        let whole = Self.run([Int16](repeating: 0, count: silenceBefore) + sound, chunk: 320)
        #expect(whole.count == silenceBefore + sound.count)
        let output = Array(whole[silenceBefore...]), input = sound
        let noiseOnly = 12_800..<19_200   // 0.8–1.2 s
        #expect(Self.rms(output[noiseOnly]) < Self.rms(input[noiseOnly]) / 2)
        let toneOnly = 20_000..<25_000   // 1.25–1.55 s; the tone's RMS is 2828
        #expect(Self.rms(output[toneOnly]) > 0.9 * 2_828)
        #expect(Self.rms(output[toneOnly]) < 1.1 * Self.rms(input[toneOnly]))
        let start = 0..<160   // the first 10 ms, while the gain eases in
        let change = zip(output[start], input[start]).map { Int16(clamping: Int($0) - Int($1)) }
        #expect(Self.rms(change[...]) < 0.05 * Self.rms(input[start]))
    }

    /// Speech over little noise is left as it is: tone bursts 50 dB above a faint hiss, where the
    /// minimum of a short turn would otherwise take steady parts of the speech for noise.
    @Test func leavesSpeechOverLittleNoiseAlone() {
        var noise = Noise()
        let input: [Int16] = (0..<32_000).map { index in
            let time = Double(index) / 16_000
            let burst = Int(time / 0.25) % 2 == 1 ? 4_000 * sin(2 * Double.pi * 440 * time) : 0
            return Int16((noise.next(10 * 3.0.squareRoot()) + burst).rounded())   // hiss RMS 10
        }
        let output = Self.run(input, chunk: 320)
        let change = zip(output, input).map { Int16(clamping: Int($0) - Int($1)) }
        #expect(Self.rms(change[...]) < 0.01 * Self.rms(input[...]))
    }
}
