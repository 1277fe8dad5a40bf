import IntentKit

/// Whether the phone loop heard, under each number word of a recognition, that number rather
/// than a rival one: number words are the grammar's closest sound-alikes ("fifth" and "eighth",
/// "first" and "third"), and the grammar path can settle on the wrong one with confidence.
struct RivalWordEvidence {
    /// The grammar's number words: whether each is an ordinal (its rivals are the numbers of its
    /// kind) and its pronunciations as phone codes.
    private let words: [String: (ordinal: Bool, phones: [[UInt8]])]
    /// Every word of the grammar as the decoder names it ("the(2)" for a variant) → phones, for
    /// a number's neighbours (coded when heard, not for every word at each grammar load).
    private let pronunciations: [String: [String]]

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
        self.pronunciations = pronunciations
    }

    /// The smallest margin over the heard number words: how much closer the phone loop's phones
    /// under the word and its neighbours are to what was heard than to the nearest rival (an
    /// ordinal's rivals are ordinals, a cardinal's cardinals: the grammar has each kind in its own
    /// places; and no number at all). A rival may take a neighbour's place too: the grammar path
    /// can settle on "the eighth" where "fifth" was said, or on "cartridge eight" where
    /// "cartridges" was. Phone distance, 0–1; negative when a rival fits better. Nil when no
    /// number word was heard.
    func margin(heard: [Segment], loop: [Segment]) -> Double? {
        let spoken = heard.filter { !ConfidenceFeatures.isFiller($0.word) }
        var smallest: Double?
        for (index, segment) in spoken.enumerated() {
            let word = Recognizer.baseWord(segment.word)
            guard let own = words[word] else { continue }
            let before = index > 0 ? spoken[index - 1] : nil
            let after = index + 1 < spoken.count ? spoken[index + 1] : nil
            let first = before ?? segment, last = after ?? segment
            let span = first.startFrame...max(first.startFrame, last.endFrame)
            let under = PhoneticDistance.codes(loop.filter { phone in
                phone.word != "SIL" && span.contains((phone.startFrame + phone.endFrame) / 2)
            }.map(\.word))
            let left = PhoneticDistance.codes(before.flatMap { pronunciations[$0.word] } ?? [])
            let right = PhoneticDistance.codes(after.flatMap { pronunciations[$0.word] } ?? [])
            let heardDistance = own.phones.map { PhoneticDistance.distance(codes: under, left + $0 + right) }.min() ?? 1
            // Each rival with both neighbours, or in the place of one of them; or the neighbours alone.
            var nearestRival = PhoneticDistance.distance(codes: under, left + right)
            for (other, rival) in words where other != word && rival.ordinal == own.ordinal {
                for phones in rival.phones {
                    for candidate in [left + phones + right, phones + right, left + phones] {
                        nearestRival = min(nearestRival, PhoneticDistance.distance(codes: under, candidate))
                    }
                }
            }
            let margin = nearestRival - heardDistance
            smallest = min(smallest ?? margin, margin)
        }
        return smallest
    }
}
