import Glibc

/// The confidence measure: a logistic combination of the grammar-versus-phone-loop gaps, the
/// phone agreement between the heard words and the phone loop, and how stretched the words are.
/// `score ≥ threshold` accepts; below it the app says "Sorry, I didn't catch that."
///
/// Weights and threshold are fitted on the tuning clips (`voice-lab report --fit`) and checked on
/// the test and held-out clips; the values in `standard` and how they were chosen are in
/// docs/voice.md.
public struct RejectionModel: Sendable, Hashable {
    /// The measurements, in this order: speech gap ×1000, worst word gap ×1000, utterance gap
    /// ×1000, phone distance, frames per phone (capped at 30), words heard.
    public static let featureNames = ["speechGap", "worstWordGap", "utteranceGap", "phoneDistance", "framesPerPhone", "words"]

    /// The model fitted in the prototype on its tuning clips (negatives weighted ×4) with the
    /// threshold that accepted none of its out-of-grammar and noise tuning clips (docs/voice.md).
    public static let standard = RejectionModel(
        weights: [-0.6786, 0.5969, 1.9840, -9.3471, -0.1427, 0.0254], bias: 9.7667, threshold: 2.80
    )

    public var weights: [Double]
    public var bias: Double
    public var threshold: Double

    public init(weights: [Double], bias: Double, threshold: Double) {
        self.weights = weights
        self.bias = bias
        self.threshold = threshold
    }

    /// The feature vector of one recognition.
    public static func features(
        speechGap: Double, worstWordGap: Double, utteranceGap: Double, phoneDistance: Double, framesPerPhone: Double, words: Int
    ) -> [Double] {
        func finite(_ value: Double, _ fallback: Double) -> Double { value.isFinite ? value : fallback }
        return [
            finite(speechGap * 1000, -20), finite(worstWordGap * 1000, -20), finite(utteranceGap * 1000, -20),
            finite(phoneDistance, 1), min(finite(framesPerPhone, 30), 30), Double(words),
        ]
    }

    /// The features of a recognition made with `Recognizer`.
    public static func features(of recognition: Recognition) -> [Double] {
        let loopPhones = recognition.phones.map(\.word).filter { $0 != "SIL" }
        let heard = recognition.heardPhones
        let words = recognition.text?.split(separator: " ").count ?? 0
        return features(
            speechGap: recognition.features.speechGap, worstWordGap: recognition.features.worstWordGap,
            utteranceGap: recognition.features.utteranceGap,
            phoneDistance: heard.isEmpty ? 1 : PhoneticDistance.distance(heard, loopPhones),
            framesPerPhone: heard.isEmpty ? 30 : Double(recognition.features.speechFrames) / Double(heard.count), words: words
        )
    }

    /// The model's score (log odds that the recognition is right).
    public func score(_ features: [Double]) -> Double {
        zip(weights, features).reduce(bias) { $0 + $1.0 * $1.1 }
    }

    /// Whether to act on a recognition with these features.
    public func accepts(_ features: [Double]) -> Bool { score(features) >= threshold }

    /// Fits weights by logistic regression (gradient descent on standardised features); examples
    /// labelled false count `negativeWeight` times as much, since acting wrongly costs more.
    public static func fit(_ examples: [(features: [Double], right: Bool)], negativeWeight: Double = 4, steps: Int = 3000) -> RejectionModel {
        let dimension = featureNames.count
        var mean = [Double](repeating: 0, count: dimension), spread = [Double](repeating: 0, count: dimension)
        for example in examples { for index in 0..<dimension { mean[index] += example.features[index] / Double(examples.count) } }
        for example in examples {
            for index in 0..<dimension { spread[index] += pow2(example.features[index] - mean[index]) / Double(examples.count) }
        }
        spread = spread.map { max($0.squareRoot(), 1e-9) }
        var weights = [Double](repeating: 0, count: dimension)
        var bias = 0.0
        let rate = 0.5
        for _ in 0..<steps {
            var gradient = [Double](repeating: 0, count: dimension)
            var biasGradient = 0.0
            var total = 0.0
            for example in examples {
                let x = (0..<dimension).map { (example.features[$0] - mean[$0]) / spread[$0] }
                let z = zip(weights, x).reduce(bias) { $0 + $1.0 * $1.1 }
                let p = 1 / (1 + exp(-z))
                let weight = example.right ? 1 : negativeWeight
                let error = (p - (example.right ? 1 : 0)) * weight
                for index in 0..<dimension { gradient[index] += error * x[index] }
                biasGradient += error
                total += weight
            }
            for index in 0..<dimension { weights[index] -= rate * gradient[index] / total }
            bias -= rate * biasGradient / total
        }
        // Back to raw feature units.
        let raw = (0..<dimension).map { weights[$0] / spread[$0] }
        let rawBias = bias - (0..<dimension).reduce(0.0) { $0 + weights[$1] * mean[$1] / spread[$1] }
        return RejectionModel(weights: raw, bias: rawBias, threshold: 0)
    }

    private static func pow2(_ value: Double) -> Double { value * value }
}
