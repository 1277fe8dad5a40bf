/// Typed words that are in no phrase and no name, read as typos of words that are.
///
/// "nxt song" is never run as "next song": when nothing accepts a sentence and some of its words
/// are unknown, each unknown word is compared with the words of the phrases, the enums and the
/// magazine-like names (those that do not yield to phrases); the nearest ones (one edit for
/// words up to five letters, two for longer ones; a swap of two neighbours is one edit) are put in
/// its place, and every corrected sentence that resolves to exactly one intent becomes a
/// candidate of the question "Did you mean “next song”?". Answering "yes", or the candidate's
/// number, runs it.
extension ShortcutRegistry {
    /// At most this many unknown words are corrected in one sentence.
    static let maximumCorrectedWords = 2
    /// At most this many spellings are tried for one unknown word.
    static let maximumSpellingsPerWord = 3
    /// At most this many corrected sentences are offered.
    static let maximumCorrections = 3

    /// The question offering corrected sentences, or nil when no correction resolves.
    func corrections(for prepared: PreparedSentence, mode: ResolutionMode, snapshot: CompiledSnapshot) -> Ambiguity? {
        let unknown = prepared.tokens.indices.filter { prepared.tokens[$0] < 0 }
        guard !unknown.isEmpty, unknown.count <= ShortcutRegistry.maximumCorrectedWords else { return nil }
        var spellings: [[String]] = []
        for position in unknown {
            let near = ShortcutRegistry.nearestWords(to: prepared.words[position], among: correctable, snapshot.correctableNames)
            guard !near.isEmpty else { return nil }
            spellings.append(near)
        }
        var combinations: [[String]] = [[]]
        for options in spellings {
            combinations = combinations.flatMap { prefix in options.map { prefix + [$0] } }
        }
        var found: [(words: [String], invocation: IntentInvocation)] = []
        for combination in combinations {
            var corrected = prepared
            for (offset, position) in unknown.enumerated() {
                corrected.words[position] = combination[offset]
                corrected.tokens[position] = snapshot.vocabulary.id(of: combination[offset])
            }
            let readings = self.readings(of: corrected, appOptional: mode == .inApp || corrected.appAddressed, allowSkipping: true, snapshot: snapshot)
            var best = bestReadings(readings)
            if best.count > 1 {
                let invocations = best.map { self.invocation(intent: $0.intent, bindings: $0.bindings, snapshot: snapshot) }
                best = distinctActions(invocations, snapshot: snapshot).map { best[$0] }
            }
            guard best.count == 1 else { continue }
            let invocation = self.invocation(intent: best[0].intent, bindings: best[0].bindings, snapshot: snapshot)
            guard !found.contains(where: { $0.invocation == invocation }) else { continue }
            found.append((corrected.words, invocation))
            if found.count == ShortcutRegistry.maximumCorrections { break }
        }
        guard !found.isEmpty else { return nil }
        let choices = ambiguity(among: found.map(\.invocation), snapshot: snapshot)
        let quoted = found.map { "\u{201C}" + $0.words.joined(separator: " ") + "\u{201D}" }
        let listing = quoted.count == 1
            ? quoted[0]
            : quoted.enumerated().dropLast().map { "\($0.offset + 1). \($0.element)" }.joined(separator: ", ") + ", or \(quoted.count). \(quoted.last!)"
        return Ambiguity(candidates: choices.candidates, question: "Did you mean \(listing)?", isCorrection: true)
    }

    /// Whether a word can be a correction: not a number, longer than one letter.
    static func isCorrectable(_ word: String) -> Bool {
        word.count > 1 && Normalizer.number(in: word) == nil
    }

    /// The known words nearest to `word`, nearest first, within the allowed number of edits.
    static func nearestWords(to word: String, among lists: CorrectableWords...) -> [String] {
        let typed = Array(word.utf8)
        guard typed.count >= 3, Normalizer.number(in: word) == nil else { return [] }
        let limit = typed.count <= 5 ? 1 : 2
        var scored: [(distance: Int, word: String)] = []
        for list in lists {
            for length in max(0, typed.count - limit)...(typed.count + limit) where length < list.byLength.count {
                for (candidate, bytes) in list.byLength[length] {
                    guard let distance = editDistance(typed, bytes, limit: limit), !scored.contains(where: { $0.word == candidate }) else { continue }
                    scored.append((distance + (bytes.first == typed.first ? 0 : 1), candidate))
                }
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word < $1.word }
        return scored.prefix(maximumSpellingsPerWord).map(\.word)
    }

    /// The optimal-string-alignment distance (insert, delete, substitute, swap neighbours), or nil
    /// when it is above `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        let columns = b.count + 1
        var previousRow = [Int](repeating: 0, count: columns)
        var row = Array(0...b.count)
        var current = [Int](repeating: 0, count: columns)
        for i in 1...max(1, a.count) where !a.isEmpty {
            current[0] = i
            var rowMinimum = i
            for j in 1..<columns {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previousRow[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previousRow, row, current) = (row, current, previousRow)
        }
        let distance = a.isEmpty ? b.count : row[b.count]
        return distance <= limit ? distance : nil
    }
}

/// Words a typo may be corrected to, kept by length with their bytes, so a lookup compares only
/// words of about the typed length and allocates nothing per candidate.
struct CorrectableWords: Sendable {
    /// Length in bytes → (word, its bytes).
    let byLength: [[(String, [UInt8])]]

    init<Words: Sequence<String>>(_ words: Words) {
        var buckets: [[(String, [UInt8])]] = []
        var seen: Set<String> = []
        for word in words where ShortcutRegistry.isCorrectable(word) && seen.insert(word).inserted {
            let bytes = Array(word.utf8)
            while buckets.count <= bytes.count { buckets.append([]) }
            buckets[bytes.count].append((word, bytes))
        }
        byLength = buckets
    }
}
