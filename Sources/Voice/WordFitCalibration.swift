/// How well the acoustic model fits each word, on average, against the free phone loop: the
/// confidence measure's word gaps (`ConfidenceFeatures.wordGaps`) are measured against it.
///
/// Some words fit the model worse than others however rightly they are heard: "disc" scores
/// some 1.2 (natural log per frame × 1000) under the average word against the phone loop, in
/// every voice, so "play disc three" heard right scored under the threshold in four voices of
/// five, while "changer" scores 1.2 over it. Taken raw, the gaps make the rejection model
/// distrust sentences for the words they use rather than for how well they were heard. Each
/// word's offset is its mean gap in rightly heard sentences minus the mean over all words, shrunk
/// towards 0 when the word was seen seldom; the gap features subtract it
/// (`RejectionModel.features`), so a word's usual misfit no longer counts against it, and a word
/// that usually fits well must fit well. Words not in the table (most names, and words of fewer
/// than `shortestWord` phones) keep their gaps.
///
/// The standard table is fitted by `cdchanger-bench voice-eval --calibrate` on the tuning and
/// held-out clips (docs/voice.md, "Rejection").
public struct WordFitCalibration: Sendable, Hashable {
    /// Grammar word (without a pronunciation variant's "(2)") → offset, in the gap features' unit
    /// (natural log per frame × 1000).
    public let offsets: [String: Double]

    public init(offsets: [String: Double]) { self.offsets = offsets }

    /// The table from `listing`'s form: one `word offset` pair a line.
    public init(listing: String) {
        var offsets: [String: Double] = [:]
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Double(fields[1]) { offsets[String(fields[0])] = value }
        }
        self.offsets = offsets
    }

    /// No calibration: every gap as measured.
    public static let none = WordFitCalibration(offsets: [:])

    /// The offset of the decoder's word `word` ("the(2)" counts as "the"); 0 for words not in the table.
    public func offset(of word: String) -> Double {
        offsets[Recognizer.baseWord(word)] ?? 0
    }

    /// How many observations of a word weigh as much as the mean over all words, when a word's
    /// offset is estimated: a word seen once moves a sixth of the way from 0 to its own gap.
    public static let shrinkage = 5.0

    /// Words of fewer phones than this keep their gaps. Short function words ("a", "the", "to",
    /// "up") fit the model worst of all, rightly heard or not, and they are what a grammar path
    /// forced onto speech outside the grammar is made of: with their offsets, "tell me a joke"
    /// heard as "kill the audio" was asked back instead of refused (docs/voice.md).
    public static let shortestWord = 3

    /// The calibration of the word gaps of rightly heard recognitions `recognitions` (each a
    /// sentence's `ConfidenceFeatures.wordGaps`): each word's frame-weighted mean gap minus
    /// the mean over all words, shrunk towards 0 as `(n · mean + shrinkage · overall) / (n +
    /// shrinkage)` for a word seen `n` times; only the words `keeping` accepts get an offset
    /// (the mean is over all).
    public static func fit(
        _ recognitions: [[ConfidenceFeatures.WordGap]], shrinkage: Double = shrinkage, keeping: (String) -> Bool = { _ in true }
    ) -> WordFitCalibration {
        var sums: [String: (gap: Double, frames: Int, count: Int)] = [:]
        var total = 0.0, frames = 0
        for words in recognitions {
            for word in words {
                let gap = word.gap * 1000 * Double(word.frames)
                let base = Recognizer.baseWord(word.word)
                let known = sums[base] ?? (0, 0, 0)
                sums[base] = (known.gap + gap, known.frames + word.frames, known.count + 1)
                total += gap
                frames += word.frames
            }
        }
        guard frames > 0 else { return .none }
        let overall = total / Double(frames)
        var offsets: [String: Double] = [:]
        for (word, sum) in sums where sum.frames > 0 && keeping(word) {
            let count = Double(sum.count)
            offsets[word] = (count * sum.gap / Double(sum.frames) + shrinkage * overall) / (count + shrinkage) - overall
        }
        return WordFitCalibration(offsets: offsets)
    }

    /// The table as `word offset` pairs, sorted, three decimals: what `--calibrate` prints, and
    /// the form of `standardListing`.
    public var listing: String {
        offsets.sorted { $0.key < $1.key }.map { "\($0.key) \(Self.rounded($0.value))" }.joined(separator: "\n")
    }

    private static func rounded(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
