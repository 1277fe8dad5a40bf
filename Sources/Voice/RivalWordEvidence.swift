import IntentKit

/// Whether the phone loop heard, under each number word of a recognition, that number rather
/// than a rival one: number words are the grammar's closest sound-alikes ("fifth" and "eighth",
/// "first" and "third"), and the grammar path can settle on the wrong one with confidence.
struct RivalWordEvidence {
    /// The grammar's number words: whether each is an ordinal (its rivals are the numbers of its
    /// kind) and its pronunciations as phone codes.
    private let words: [String: (ordinal: Bool, phones: [[UInt8]])]

    /// The number words among `pronunciations` (dictionary word, "the(2)" for a variant → phones).
    init(pronunciations: [String: [String]]) {
        var words: [String: (ordinal: Bool, phones: [[UInt8]])] = [:]
        for (word, phones) in pronunciations {
            let base = Recognizer.baseWord(word)
            let tokens = Normalizer.tokens(of: base)
            guard tokens.count == 1, let value = Normalizer.number(in: tokens[0]) else { continue }
            let ordinal = tokens[0] == Normalizer.ordinalToken(value)
            words[base, default: (ordinal, [])].phones.append(PhoneticDistance.codes(phones))
        }
        self.words = words
    }

    /// The smallest margin over the heard number words: how much closer the phone loop's phones
    /// under the word are to it than to the nearest rival (an ordinal's rivals are ordinals, a
    /// cardinal's cardinals: the grammar has each kind in its own places). Phone distance, 0–1;
    /// negative when a rival fits better. Nil when no number word was heard.
    func margin(heard: [Segment], loop: [Segment]) -> Double? {
        var smallest: Double?
        for segment in heard {
            let word = Recognizer.baseWord(segment.word)
            guard let own = words[word] else { continue }
            let under = PhoneticDistance.codes(loop.filter { phone in
                let middle = (phone.startFrame + phone.endFrame) / 2
                return phone.word != "SIL" && (segment.startFrame...max(segment.startFrame, segment.endFrame)).contains(middle)
            }.map(\.word))
            let heardDistance = own.phones.map { PhoneticDistance.distance(codes: under, $0) }.min() ?? 1
            var nearestRival = Double.infinity
            for (other, rival) in words where other != word && rival.ordinal == own.ordinal {
                for phones in rival.phones { nearestRival = min(nearestRival, PhoneticDistance.distance(codes: under, phones)) }
            }
            guard nearestRival.isFinite else { continue }
            let margin = nearestRival - heardDistance
            smallest = min(smallest ?? margin, margin)
        }
        return smallest
    }
}
