import Glibc
import IntentKit

/// The confidence measure: a logistic combination of the grammar-versus-phone-loop gaps, the
/// phone agreement between the heard words and the phone loop, how stretched the words are and
/// how voiced they are. `score ≥ threshold` accepts; from `confirmThreshold` up to it the app asks
/// back ("Did you say “play disc five”?"); below that it says "Sorry, I didn't catch that." A
/// sentence with a number is acted on only when the phone loop backs its number words against
/// their sound-alike rivals (`RivalBacking`), or from `numberThreshold` when it backs a rival as
/// well or almost as well.
///
/// Weights are fitted on tuning clips (`cdchanger-bench voice-eval --fit`) and checked on test
/// and held-out clips; the values in `standard` and how they were chosen are in docs/voice.md.
public struct RejectionModel: Sendable, Hashable {
    /// The measurements, in this order: speech gap ×1000, worst word gap ×1000, utterance gap
    /// ×1000, phone distance, frames per phone (capped at 30), words heard, the voiced share of
    /// the words' frames, and how the phone loop backs the heard number words (`numberBacking`).
    public static let featureNames = [
        "speechGap", "worstWordGap", "utteranceGap", "phoneDistance", "framesPerPhone", "words", "voiced", "numberBacking",
    ]

    /// The highest value of the number-backing feature, which a sentence without a number has.
    public static let fullNumberBacking = 0.2

    /// The number-backing feature of a recognition: the rival margin of its number words
    /// (`Recognition.rivalMargin`) up to `fullNumberBacking`; 0 for a number the check does not
    /// know, `fullNumberBacking` for a sentence without a number. Misheard numbers are the
    /// grammar's commonest wrong answer, so a sentence with one needs more of the other evidence.
    static func numberBacking(of recognition: Recognition) -> Double {
        let backing = RivalBacking(sentence: recognition.text ?? "", margin: recognition.rivalMargin)
        return backing == .noRivals ? fullNumberBacking : min(recognition.rivalMargin ?? 0, fullNumberBacking)
    }

    /// The model fitted on the clips of all four corpus sets of `cdchanger-bench voice-eval`
    /// (espeak-ng, flite, festival's diphone and HTS voices; wrong answers weighted ×4), after a
    /// fit on two of them and a check on the other two showed it carries over between
    /// synthesizers. The acting, asking and number thresholds act wrongly and ask back speech
    /// outside the grammar no more often on those clips than the model fitted on espeak-ng alone
    /// did (docs/voice.md, "Rejection").
    /// Its gaps are measured against each word's usual fit (`WordFitCalibration.standard`).
    public static let standard = RejectionModel(
        weights: [1.0163, 0.6073, 0.4756, -9.2261, 0.0061, -0.0298, 0.8429, 5.8729], bias: 9.2544, threshold: 0.4, confirmThreshold: -0.5,
        numberThreshold: 1.15, secondHearingThreshold: 1.6, calibration: .standard
    )

    public var weights: [Double]
    public var bias: Double
    /// The lowest score acted on without asking.
    public var threshold: Double
    /// The lowest score asked back ("Did you say …?"); at or above `threshold`, nothing is asked.
    public var confirmThreshold: Double
    /// The lowest score acted on without asking for a sentence with a number in it whose number
    /// words the phone loop does not back better than their rivals ("fifth" and "eighth", "first"
    /// and "third" are the grammar's closest sound-alikes): such a sentence needs more evidence.
    /// One whose numbers the phone loop backs needs `threshold`; one where a rival fits better
    /// is asked back (`RivalBacking`, docs/voice.md).
    public var numberThreshold: Double
    /// The lowest score at which a turn heard again at another speed (`Listener.hearAgain`) is
    /// acted on, when its own hearing was not: the best of several hearings is more often wrong
    /// than one hearing of the same score, so it needs more (docs/voice.md, "Heard again at other
    /// speeds"). Infinite: no turn is heard again.
    public var secondHearingThreshold: Double
    /// Each word's usual fit, which the gap features are measured against.
    public var calibration: WordFitCalibration

    public init(
        weights: [Double], bias: Double, threshold: Double, confirmThreshold: Double? = nil, numberThreshold: Double? = nil,
        secondHearingThreshold: Double? = nil, calibration: WordFitCalibration = .none
    ) {
        self.weights = weights
        self.bias = bias
        self.threshold = threshold
        self.confirmThreshold = min(confirmThreshold ?? threshold, threshold)
        self.numberThreshold = max(numberThreshold ?? threshold, threshold)
        self.secondHearingThreshold = max(secondHearingThreshold ?? threshold, threshold)
        self.calibration = calibration
    }

    /// The features of a recognition made with `Recognizer`, its word gaps taken against
    /// `calibration`: each word's offset comes off its gap, so off the speech gap (weighted by the
    /// word's frames), the worst word's and the utterance's (over all its frames).
    public func features(of recognition: Recognition) -> [Double] {
        func finite(_ value: Double, _ fallback: Double) -> Double { value.isFinite ? value : fallback }
        let loopPhones = recognition.phones.map(\.word).filter { $0 != "SIL" }
        let heard = recognition.heardPhones
        let words = recognition.text?.split(separator: " ").count ?? 0
        let gaps = recognition.features
        let offsets = gaps.wordGaps.map { calibration.offset(of: $0.word) }
        let worstWordGap = zip(gaps.wordGaps, offsets).map { $0.gap * 1000 - $1 }.min() ?? -.infinity
        let shift = zip(gaps.wordGaps, offsets).reduce(0.0) { $0 + $1.1 * Double($1.0.frames) }   // Σ offset × frames
        let speechGap = gaps.speechGap * 1000 - shift / Double(max(gaps.speechFrames, 1))
        let utteranceGap = gaps.utteranceGap * 1000 - shift / Double(max(gaps.frames, 1))
        return [
            finite(speechGap, -20), finite(worstWordGap, -20), finite(utteranceGap, -20),
            heard.isEmpty ? 1 : finite(PhoneticDistance.distance(heard, loopPhones), 1),
            heard.isEmpty ? 30 : min(finite(Double(gaps.speechFrames) / Double(heard.count), 30), 30), Double(words),
            recognition.voicedFraction, Self.numberBacking(of: recognition),
        ]
    }

    /// The model's score (log odds that the recognition is right).
    public func score(_ features: [Double]) -> Double {
        zip(weights, features).reduce(bias) { $0 + $1.0 * $1.1 }
    }

    /// What to do with a recognition of `score` whose number words are backed as `rivals` says.
    public func verdict(_ score: Double, rivals: RivalBacking = .noRivals) -> Verdict {
        guard score >= confirmThreshold else { return .reject }
        switch rivals {
        case .noRivals, .backed: return score >= threshold ? .accept : .confirm
        case .unclear: return score >= numberThreshold ? .accept : .confirm
        case .rivalFitsBetter: return .confirm
        }
    }

    /// Whether a second hearing of `score` is acted on: from `secondHearingThreshold`, and only
    /// when `verdict` would act on it too (its number words backed).
    public func acceptsSecondHearing(_ score: Double, rivals: RivalBacking = .noRivals) -> Bool {
        score >= secondHearingThreshold && verdict(score, rivals: rivals) == .accept
    }

    /// Whether `sentence` (as the resolver reads it) has a number in it: "disc three", "the
    /// third magazine", "Magazine One".
    public static func hasNumber(_ sentence: String) -> Bool {
        Normalizer.tokens(of: sentence).contains { Normalizer.number(in: $0) != nil }
    }

    /// How the phone loop backs the number words of a heard sentence against their rivals,
    /// the other numbers of their kind.
    public enum RivalBacking: Sendable, Hashable {
        /// The sentence has no number.
        case noRivals
        /// Under every number word the phone loop's phones fit it better than any rival, by more
        /// than `clearMargin`.
        case backed
        /// They fit some rival as well or barely worse (or the sentence has a number the check
        /// does not know).
        case unclear
        /// They fit a rival better: "eighth" heard where the phones say "fifth".
        case rivalFitsBetter

        /// The smallest margin (phone distance) by which a number word backed without doubt fits
        /// better than its nearest rival: misrouted numbers were backed by up to 0.034 ("load
        /// fifth cartridge" heard as "load the eighth cartridge" by 0.020), docs/voice.md.
        public static let clearMargin = 0.04

        /// The backing of `sentence`, whose number words have the smallest margin `margin`
        /// (`Recognition.rivalMargin`; nil when none of its words is a number word).
        public init(sentence: String, margin: Double?) {
            guard let margin else {
                self = RejectionModel.hasNumber(sentence) ? .unclear : .noRivals
                return
            }
            self = margin > Self.clearMargin ? .backed : margin >= 0 ? .unclear : .rivalFitsBetter
        }
    }

    /// Act on it, ask back first, or say it was not caught.
    public enum Verdict: Sendable, Hashable {
        case accept, confirm, reject
    }

    /// Fits weights by logistic regression (gradient descent on standardised features); examples
    /// labelled false count `negativeWeight` times as much, since acting wrongly costs more.
    /// The examples' features must have been taken against `calibration`, which the fitted model keeps.
    public static func fit(
        _ examples: [(features: [Double], right: Bool)], calibration: WordFitCalibration = .none, negativeWeight: Double = 4, steps: Int = 3000
    ) -> RejectionModel {
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
        return RejectionModel(weights: raw, bias: rawBias, threshold: 0, calibration: calibration)
    }

    private static func pow2(_ value: Double) -> Double { value * value }
}
