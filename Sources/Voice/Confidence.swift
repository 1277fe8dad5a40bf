/// The measurements a rejection rule looks at, for one utterance.
///
/// Gaps compare the grammar path's acoustic score with the free phone loop's over the same frames,
/// in natural log per frame: 0 means the grammar explains the audio as well as any phone
/// sequence; the more negative, the more the grammar had to force its sentence onto the audio.
public struct ConfidenceFeatures: Sendable, Hashable {
    /// (grammar path acoustic score − phone loop acoustic score) / frames, whole utterance.
    public var utteranceGap: Double
    /// The same over the words only (silence and filler frames left out).
    public var speechGap: Double
    /// Each word's gap and frames, in order (fillers left out): what `RejectionModel.features`
    /// takes against each word's usual fit (`WordFitCalibration`).
    public var wordGaps: [WordGap] = []
    /// The worst word's gap (its frames only): one misheard word ("four" for "three") shows here.
    public var worstWordGap: Double { wordGaps.map(\.gap).min() ?? -.infinity }
    /// The word with the worst gap.
    public var worstWord: String { wordGaps.min { $0.gap < $1.gap }?.word ?? "" }
    /// Frames of the words, and of the utterance.
    public var speechFrames: Int
    public var frames: Int

    /// Compares grammar segments with phone-loop segments of the same audio.
    /// `unit` turns the decoder's log scores into natural logs (`Decoder.naturalLogPerUnit`).
    public init(grammar: [Segment], phones: [Segment], frames: Int, unit: Double) {
        // The phone loop's acoustic score spread evenly over each segment's frames.
        var perFrame = [Double](repeating: 0, count: max(frames, 1) + 1)
        func span(of segment: Segment) -> Range<Int> {
            let first = max(0, segment.startFrame), last = min(segment.endFrame, perFrame.count - 1)
            return first <= last ? first..<last + 1 : 0..<0
        }
        for segment in phones {
            let share = Double(segment.acousticScore) / Double(max(segment.frameCount, 1))
            for frame in span(of: segment) { perFrame[frame] = share }
        }
        func loopScore(_ segment: Segment) -> Double {
            span(of: segment).reduce(0.0) { $0 + perFrame[$1] }
        }
        var grammarTotal = 0.0, speechGrammar = 0.0, speechLoop = 0.0
        var speechFrames = 0
        for segment in grammar {
            let loop = loopScore(segment)
            grammarTotal += Double(segment.acousticScore)
            guard !Self.isFiller(segment.word) else { continue }
            speechGrammar += Double(segment.acousticScore)
            speechLoop += loop
            speechFrames += segment.frameCount
            let gap = (Double(segment.acousticScore) - loop) / Double(max(segment.frameCount, 1))
            wordGaps.append(WordGap(word: segment.word, gap: gap * unit, frames: segment.frameCount))
        }
        // Against the phone loop's whole path: frames the grammar path leaves uncovered count
        // against it (it explained nothing there).
        let allLoop = phones.reduce(0.0) { $0 + Double($1.acousticScore) }
        utteranceGap = (grammarTotal - allLoop) * unit / Double(max(frames, 1))
        speechGap = speechFrames == 0 ? -.infinity : (speechGrammar - speechLoop) * unit / Double(speechFrames)
        self.speechFrames = speechFrames
        self.frames = frames
    }

    /// One word's gap (natural log per frame) over its frames.
    public struct WordGap: Sendable, Hashable {
        public var word: String
        public var gap: Double
        public var frames: Int
    }

    /// Silence, noise and sentence markers.
    public static func isFiller(_ word: String) -> Bool {
        word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+") || word.hasPrefix("ph_")
    }
}
