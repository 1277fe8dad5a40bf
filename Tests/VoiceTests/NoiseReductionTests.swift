import Foundation
import Testing
@testable import Voice

/// The noise reduction in front of the decoders (`NoiseReduction`) and its transform.
@Suite struct NoiseReductionTests {
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
        let input = NoiseFloor(rms: 1_000).applied(to: [Int16](repeating: 0, count: size)).map { Double($0) / 1_000 }
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
        let input = NoiseFloor(rms: 11_547).applied(to: [Int16](repeating: 0, count: length))   // uniform in ±20,000
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
        let tone: [Int16] = (0..<32_000).map { index in
            let time = Double(index) / 16_000
            return time >= 1.2 && time < 1.6 ? Int16((4_000 * sin(2 * Double.pi * 1_000 * time)).rounded()) : 0
        }
        let sound = NoiseFloor(rms: 1_000).applied(to: tone)
        let whole = Self.run([Int16](repeating: 0, count: silenceBefore) + sound, chunk: 320)
        #expect(whole.count == silenceBefore + sound.count)
        let output = Array(whole[silenceBefore...]), input = sound
        let noiseOnly = 12_800..<19_200   // 0.8–1.2 s
        #expect(Listener.rms(output[noiseOnly]) < Listener.rms(input[noiseOnly]) / 2)
        let toneOnly = 20_000..<25_000   // 1.25–1.55 s; the tone's RMS is 2828
        #expect(Listener.rms(output[toneOnly]) > 0.9 * 2_828)
        #expect(Listener.rms(output[toneOnly]) < 1.1 * Listener.rms(input[toneOnly]))
        let start = 0..<160   // the first 10 ms, while the gain eases in
        let change = zip(output[start], input[start]).map { Int16(clamping: Int($0) - Int($1)) }
        #expect(Listener.rms(change[...]) < 0.05 * Listener.rms(input[start]))
    }

    /// Speech over little noise is left as it is: tone bursts 50 dB above a faint hiss, where the
    /// minimum of a short turn would otherwise take steady parts of the speech for noise.
    @Test func leavesSpeechOverLittleNoiseAlone() {
        let bursts: [Int16] = (0..<32_000).map { index in
            let time = Double(index) / 16_000
            return Int(time / 0.25) % 2 == 1 ? Int16((4_000 * sin(2 * Double.pi * 440 * time)).rounded()) : 0
        }
        let input = NoiseFloor(rms: 10).applied(to: bursts)   // a hiss of RMS 10
        let output = Self.run(input, chunk: 320)
        let change = zip(output, input).map { Int16(clamping: Int($0) - Int($1)) }
        #expect(Listener.rms(change[...]) < 0.01 * Listener.rms(input[...]))
    }
}
