/// A sentence after normalisation, wake-prefix stripping and interning.
struct PreparedSentence {
    var words: [String]
    var tokens: [Int32]
    /// A wake prefix or leading address named the app ("hey CD Changer", "ask CD Changer to").
    var appAddressed: Bool
    /// The sentence had more tokens than any phrase can accept.
    var tooLong: Bool
    /// Some token is in no template, enum or entity name: nothing can accept the sentence.
    var hasUnknownToken: Bool { tokens.contains(-1) }

    /// A sentence addressed as this one was, of `words`.
    func rewritten(as words: [String], in vocabulary: Vocabulary) -> PreparedSentence {
        PreparedSentence(words: words, tokens: words.map { vocabulary.id(of: $0) }, appAddressed: appAddressed, tooLong: false)
    }

    /// The sentence with each word said again right after itself left out once ("stop stop
    /// stop" → "stop", "louder louder please" → "louder please"); nil when no word repeats.
    var withRepeatsCollapsed: PreparedSentence? {
        let kept = words.indices.filter { $0 == 0 || words[$0] != words[$0 - 1] }
        guard kept.count < words.count else { return nil }
        return PreparedSentence(words: kept.map { words[$0] }, tokens: kept.map { tokens[$0] }, appAddressed: appAddressed, tooLong: tooLong)
    }
}

/// One reading of a sentence by one template.
struct Reading {
    let template: Int
    let intent: Int
    let bindings: Bindings
    /// ``Matcher/scoreUnit`` per counted word, less the name penalty: 64 per word of a name that
    /// yields to phrases, 1 per word of another entity name (see ``Matcher``).
    let score: Int32

    /// Sentence words consumed by literal template words and by names (skip words left out).
    var counted: Int32 { (score + Matcher.scoreUnit - 1) / Matcher.scoreUnit }
    /// Sentence words consumed by names that yield to phrases (library names).
    var yieldingNameWords: Int32 { (counted * Matcher.scoreUnit - score) / 64 }
    /// Sentence words consumed by other entity names (magazine names).
    var otherNameWords: Int32 { (counted * Matcher.scoreUnit - score) % 64 }

    /// Whether `other` reads the sentence with fewer library-name words without using more of
    /// the user's own names: a phrase's words outrank a library name ("stop" stops with a song
    /// called "Stop"), while a magazine name and a library name of the same words stay tied.
    func isOutranked(by other: Reading) -> Bool {
        other.yieldingNameWords < yieldingNameWords && other.otherNameWords <= otherNameWords
    }
}

extension ShortcutRegistry {
    /// No phrase accepts more words than this; longer sentences are unsupported at once.
    static let maximumSentenceTokens = 48
    static let addressLeads: Set<String> = ["ask", "tell", "in", "using", "with", "on", "open"]
    static let addressTails: Set<String> = ["to", "and"]

    // MARK: - Public entry points

    /// Resolves one sentence against the last snapshot.
    ///
    /// Every template that accepts the whole sentence yields a reading; readings rank by the
    /// number of sentence words consumed by literal template words (skip words excluded) and by
    /// entity or enum names, then by the fewest required parameters left to ask. A tie between
    /// different intents or values is ``Resolution/ambiguous(_:)``, never silently picked.
    public func resolve(_ sentence: String, mode: ResolutionMode = .inApp) -> Resolution {
        let snapshot = compiledSnapshot
        let prepared = prepare(sentence, snapshot: snapshot)
        return resolve(prepared, mode: mode, snapshot: snapshot)
    }

    /// Resolves `sentence` and wraps it with its spoken response, ready for `resolve --json`.
    public func report(_ sentence: String, mode: ResolutionMode = .inApp) -> ResolveReport {
        report(for: sentence, resolution: resolve(sentence, mode: mode))
    }

    /// Wraps a resolution with its spoken response (see ``ResolveReport``).
    public func report(for sentence: String, resolution: Resolution) -> ResolveReport {
        let response: String
        switch resolution {
        case .matched(let invocation): response = dryRunResponse(for: invocation)
        case .needsValue(let request): response = request.question
        case .ambiguous(let ambiguity): response = ambiguity.question
        case .unsupported(let unsupported): response = unsupported.response
        case .declined(let acknowledgement): response = acknowledgement
        }
        return ResolveReport(sentence: sentence, resolution: resolution, response: response)
    }

    // MARK: - Preparation

    func prepare(_ sentence: String, snapshot: CompiledSnapshot) -> PreparedSentence {
        let limit = ShortcutRegistry.maximumSentenceTokens
        var words = Normalizer.tokens(of: sentence, limit: limit)
        let tooLong = words.count > limit
        if tooLong { words = Array(words.prefix(limit)) }
        var addressed = false
        for prefix in wakePrefixes where words.count > prefix.count && words.starts(with: prefix) {
            words.removeFirst(prefix.count)
            if appNameWords.contains(Array(prefix.dropFirst())) { addressed = true }
            break
        }
        let start = words.first.map { ShortcutRegistry.addressLeads.contains($0) } == true ? 1 : 0
        for name in appNameWords where words.count > start + name.count && Array(words[start..<(start + name.count)]) == name {
            var end = start + name.count
            if end < words.count - 1, ShortcutRegistry.addressTails.contains(words[end]) { end += 1 }
            words.removeFirst(end)
            addressed = true
            break
        }
        let tokens = words.map { snapshot.vocabulary.id(of: $0) }
        return PreparedSentence(words: words, tokens: tokens, appAddressed: addressed, tooLong: tooLong)
    }

    // MARK: - Resolution

    /// `asSaid` (a part of a sentence tried on the way to the sentence's resolution) takes the
    /// words as they are: none of the rewritings below, and none of what only a person reads
    /// (typo questions, the suggestions of "Sorry"), so that trying parts costs one match each.
    func resolve(_ prepared: PreparedSentence, mode: ResolutionMode, snapshot: CompiledSnapshot, asSaid: Bool = false) -> Resolution {
        let readings = self.readings(of: prepared, appOptional: mode == .inApp || prepared.appAddressed, allowSkipping: true, snapshot: snapshot)
        guard !readings.isEmpty else {
            guard !asSaid else { return .unsupported(Unsupported(response: unsupportedResponse, suggestions: [])) }
            // Said twice over, as people do when a first word went unheard: only when the
            // sentence as said matches nothing, since a name may repeat a word ("Talk Talk").
            // Each rewriting leaves fewer words or fewer to rewrite, so they end.
            if let once = prepared.withRepeatsCollapsed { return resolve(once, mode: mode, snapshot: snapshot) }
            if let corrected = selfCorrection(of: prepared, mode: mode, snapshot: snapshot) { return .matched(corrected) }
            if let plain = withoutCourtesies(prepared, snapshot: snapshot) { return resolve(plain, mode: mode, snapshot: snapshot) }
            if let verbs = withVerbs(prepared, snapshot: snapshot) { return resolve(verbs, mode: mode, snapshot: snapshot) }
            if let unstretched = withoutStretchedLetters(prepared, snapshot: snapshot) { return resolve(unstretched, mode: mode, snapshot: snapshot) }
            if let corrected = corrections(for: prepared, mode: mode, snapshot: snapshot) { return .ambiguous(corrected) }
            return .unsupported(Unsupported(response: unsupportedResponse, suggestions: suggestions(for: prepared, mode: mode, snapshot: snapshot)))
        }
        var best = bestReadings(readings)
        if best.count > 1 {
            let invocations = best.map { invocation(intent: $0.intent, bindings: $0.bindings, snapshot: snapshot) }
            best = distinctActions(invocations, snapshot: snapshot).map { best[$0] }
        }
        if best.count == 1 {
            let reading = best[0]
            let invocation = self.invocation(intent: reading.intent, bindings: reading.bindings, snapshot: snapshot)
            if let missing = missingParameter(of: invocation) {
                return .needsValue(ValueRequest(invocation: invocation, parameter: missing.name, question: missing.question))
            }
            return .matched(invocation)
        }
        return .ambiguous(ambiguity(among: best, snapshot: snapshot))
    }

    /// The command of a sentence its speaker corrected on the way ("play disc two no disc three",
    /// "turn it up no down", "pause, sorry, skip this song"): the words before a correction marker
    /// must be a command by themselves; the words after it either replace the end of it, from the
    /// first of their words it already has ("play disc three") or as many words as they are
    /// ("turn it down"), keeping its intent, or are a whole command of their own. Nil when none of
    /// that holds, so a remark after "no" or "sorry" still gets "Sorry".
    func selfCorrection(of prepared: PreparedSentence, mode: ResolutionMode, snapshot: CompiledSnapshot) -> IntentInvocation? {
        let words = prepared.words
        for marker in correctionMarkers {
            guard let at = (1..<max(words.count - marker.count, 1)).first(where: { words[$0...].starts(with: marker) }) else { continue }
            let said = Array(words[..<at]), correction = Array(words[(at + marker.count)...])
            let first: IntentInvocation
            switch resolve(said, like: prepared, mode: mode, snapshot: snapshot) {
            case .matched(let invocation): first = invocation
            case .needsValue(let request): first = request.invocation
            default: continue
            }
            var spliced: [[String]] = []
            if let from = said.lastIndex(of: correction[0]) { spliced.append(Array(said[..<from]) + correction) }
            if said.count > correction.count { spliced.append(Array(said.dropLast(correction.count)) + correction) }
            for words in spliced {
                if case .matched(let invocation) = resolve(words, like: prepared, mode: mode, snapshot: snapshot), invocation.intent == first.intent {
                    return invocation
                }
            }
            if case .matched(let invocation) = resolve(correction, like: prepared, mode: mode, snapshot: snapshot) { return invocation }
        }
        return nil
    }

    /// `prepared` without the courtesies it opens and closes with ("excuse me, would you mind …",
    /// "… thank you"); nil when it has none.
    func withoutCourtesies(_ prepared: PreparedSentence, snapshot: CompiledSnapshot) -> PreparedSentence? {
        var words = Array(prepared.words)
        while let opening = openingCourtesies.first(where: { words.count > $0.count && words.starts(with: $0) }) { words.removeFirst(opening.count) }
        // A closing courtesy ends the sentence, or only skip words follow it ("… thank you dear").
        var end = words.count
        while end > 0 {
            if let closing = closingCourtesies.first(where: { end > $0.count && words[..<end].suffix($0.count).elementsEqual($0) }) {
                words.removeSubrange((end - closing.count)..<end)
                end = words.count
            } else if isSkip(snapshot.vocabulary.id(of: words[end - 1])) {
                end -= 1
            } else {
                break
            }
        }
        guard words != prepared.words else { return nil }
        return prepared.rewritten(as: words, in: snapshot.vocabulary)
    }

    /// `prepared` with each "-ing" form read as a verb a phrase or name has ("would you mind
    /// turning it down" → "turn", "pausing" → "pause", "skipping" → "skip"); nil when it has none.
    func withVerbs(_ prepared: PreparedSentence, snapshot: CompiledSnapshot) -> PreparedSentence? {
        let words = prepared.words.map { Self.verb(of: $0, in: snapshot.vocabulary) ?? $0 }
        guard words != prepared.words else { return nil }
        return prepared.rewritten(as: words, in: snapshot.vocabulary)
    }

    /// `prepared` with each word no phrase or name has whose letters are drawn out ("pleeease",
    /// "louuuder", "nexxxt") read as the word a phrase or name has, with runs of three or more
    /// of a letter made two, or else one; nil when it has none.
    func withoutStretchedLetters(_ prepared: PreparedSentence, snapshot: CompiledSnapshot) -> PreparedSentence? {
        let words = prepared.words.map { word in
            guard snapshot.vocabulary.id(of: word) < 0 else { return word }
            // Read as a typed word is ("threee" → "three" → "3").
            let readings = [2, 1].lazy.map { Normalizer.tokens(of: Self.shortening(word, runsTo: $0)) }
            return readings.first { $0.count == 1 && snapshot.vocabulary.id(of: $0[0]) >= 0 }?[0] ?? word
        }
        guard words != prepared.words else { return nil }
        return prepared.rewritten(as: words, in: snapshot.vocabulary)
    }

    /// `word` with every run of three or more of a character cut to `length`; shorter runs stay.
    static func shortening(_ word: String, runsTo length: Int) -> String {
        var result = ""
        var characters = word[...]
        while let first = characters.first {
            let run = characters.prefix { $0 == first }
            result += run.count >= 3 ? String(repeating: first, count: length) : String(run)
            characters = characters.dropFirst(run.count)
        }
        return result
    }

    /// The verb in `vocabulary` whose "-ing" form `word` is.
    static func verb(of word: String, in vocabulary: Vocabulary) -> String? {
        guard word.count > 5, word.hasSuffix("ing") else { return nil }
        let stem = String(word.dropLast(3))
        var candidates = [stem, stem + "e"]
        if let last = stem.last, stem.dropLast().last == last { candidates.append(String(stem.dropLast())) }
        return candidates.first { vocabulary.id(of: $0) >= 0 }
    }

    /// Resolves `words`, taken as said, as a sentence addressed as `prepared` was.
    private func resolve(_ words: [String], like prepared: PreparedSentence, mode: ResolutionMode, snapshot: CompiledSnapshot) -> Resolution {
        resolve(prepared.rewritten(as: words, in: snapshot.vocabulary), mode: mode, snapshot: snapshot, asSaid: true)
    }

    /// Readings merged per (intent, bindings), keeping the best score.
    func readings(of prepared: PreparedSentence, appOptional: Bool, allowSkipping: Bool, snapshot: CompiledSnapshot, only templateFilter: Set<Int>? = nil) -> [Reading] {
        guard !prepared.tooLong, !prepared.tokens.isEmpty, !prepared.hasUnknownToken else { return [] }
        let present = Set(prepared.tokens)
        var matcher = Matcher(registry: self, snapshot: snapshot, tokens: prepared.tokens, appOptional: appOptional, allowSkipping: allowSkipping)
        var merged: [ReadingKey: Reading] = [:]
        var order: [ReadingKey] = []
        for (index, template) in templates.enumerated() {
            if let templateFilter, !templateFilter.contains(index) { continue }
            guard template.requiredTokens.allSatisfy(present.contains) else { continue }
            for (bindings, score) in matcher.run(template) {
                let key = ReadingKey(intent: template.intentIndex, bindings: bindings)
                if let existing = merged[key] {
                    if score > existing.score { merged[key] = Reading(template: existing.template, intent: key.intent, bindings: bindings, score: score) }
                } else {
                    merged[key] = Reading(template: index, intent: key.intent, bindings: bindings, score: score)
                    order.append(key)
                }
            }
        }
        return order.map { merged[$0]! }
    }

    /// The readings that tie for first place.
    ///
    /// 1. Most words consumed by literal template words and by names (a library name's skip
    ///    words do not count); then a reading is dropped when another uses fewer library-name
    ///    words and no more magazine-name words (``Reading/isOutranked(by:)``).
    /// 2. Fewest required parameters left to ask (a complete reading beats a follow-up).
    /// 3. Within one intent, a reading whose bindings extend another's replaces it
    ///    ("disc 2 from Road Trip" binds the magazine too). Different intents or different values
    ///    are never ranked against each other beyond this: they stay tied, hence ambiguous.
    func bestReadings(_ readings: [Reading]) -> [Reading] {
        guard let topCount = readings.map(\.counted).max() else { return [] }
        let counted = readings.filter { $0.counted == topCount }
        // Outranked: another reading uses fewer library-name words and no more other names'
        // words. Per count of library-name words, the fewest other-name words of readings below it.
        let yieldCounts = Set(counted.map(\.yieldingNameWords)).sorted()
        var fewestOtherBelow: [Int32: Int32] = [:]
        var runningFewest = Int32.max
        for yield in yieldCounts {
            fewestOtherBelow[yield] = runningFewest
            for reading in counted where reading.yieldingNameWords == yield { runningFewest = min(runningFewest, reading.otherNameWords) }
        }
        let scored = counted.filter { fewestOtherBelow[$0.yieldingNameWords]! > $0.otherNameWords }
        let missing = scored.map { missingCount(intent: $0.intent, bindings: $0.bindings) }
        let fewestMissing = missing.min() ?? 0
        let complete = scored.enumerated().filter { missing[$0.offset] == fewestMissing }.map(\.element)
        // Within one intent, a reading whose bindings another extends gives way to it (at most two
        // bindings: none gives way to any with one or two, one to a pair that holds it).
        let boundIntents = Set(complete.filter { $0.bindings.count > 0 }.map(\.intent))
        var pairsHeld: Set<[Int32]> = []
        for reading in complete where reading.bindings.count == 2 {
            for pair in reading.bindings.pairs { pairsHeld.insert([Int32(reading.intent), Int32(pair.parameter), pair.value]) }
        }
        return complete.filter { reading in
            switch reading.bindings.count {
            case 0: !boundIntents.contains(reading.intent)
            case 1: !pairsHeld.contains([Int32(reading.intent), Int32(reading.bindings.pairs[0].parameter), reading.bindings.pairs[0].value])
            default: true
            }
        }
    }

    private func missingCount(intent: Int, bindings: Bindings) -> Int {
        intents[intent].parameters.indices.filter { index in
            intents[intent].parameters[index].isRequired && bindings.value(of: Int8(index)) == nil
        }.count
    }

    func ambiguity(among readings: [Reading], snapshot: CompiledSnapshot) -> Ambiguity {
        let invocations = readings.map { invocation(intent: $0.intent, bindings: $0.bindings, snapshot: snapshot) }
        return ambiguity(among: invocations, snapshot: snapshot)
    }

    /// Candidates with unique summaries and the question listing them by number: the first
    /// ``maximumChoices`` of them, and how many more there are (a title thousands of songs share).
    func ambiguity(among allInvocations: [IntentInvocation], snapshot: CompiledSnapshot) -> Ambiguity {
        let invocations = Array(allInvocations.prefix(ShortcutRegistry.maximumChoices))
        let plain = invocations.map { summary(of: $0) }
        let uses = Dictionary(plain.map { ($0, 1) }, uniquingKeysWith: +)
        var summaries = plain
        for (index, text) in plain.enumerated() where uses[text, default: 0] > 1 {
            let subtitles = invocations[index].parameters.keys.sorted().compactMap { name -> String? in
                guard case .entity(let type, let id, _)? = invocations[index][name],
                      let typeIdx = entityTypeIndex[type],
                      let entity = snapshot.entities[typeIdx].first(where: { $0.id == id }) else { return nil }
                return entity.subtitle
            }
            summaries[index] = text + (subtitles.isEmpty ? " (choice \(index + 1))" : " (\(subtitles.joined(separator: ", ")))")
        }
        let candidates = invocations.enumerated().map { index, invocation in
            ResolutionCandidate(invocation: invocation, missingParameter: missingParameter(of: invocation)?.name, summary: summaries[index])
        }
        let numbered = summaries.enumerated().map { "\($0.offset + 1). \($0.element)" }
        let listing = numbered.count == 2
            ? "\(numbered[0]), or \(numbered[1])"
            : numbered.dropLast().joined(separator: ", ") + ", or " + numbered.last!
        let more = allInvocations.count - invocations.count
        let rest = more == 0 ? "" : " \(more) more match too: say more of the name to narrow it down."
        return Ambiguity(candidates: candidates, question: "Did you mean \(listing)?" + rest)
    }

    /// The most choices a question lists (each answerable with one digit).
    public static let maximumChoices = 9
}

struct ReadingKey: Hashable {
    let intent: Int
    let bindings: Bindings
}

/// Runs template automata over one sentence, yielding every complete reading.
///
/// At each sentence position the live threads (state, bindings, score) are kept per state; a
/// thread is dropped when another with the same state and bindings scores at least as well, so
/// the work per template is bounded by positions × states × distinct bindings.
struct Matcher {
    struct Thread {
        var state: Int32
        var bindings: Bindings
        var score: Int32
        var next: Int32
    }

    /// What one counted word adds to a score. Below it, a penalty records the words read as names:
    /// 64 per word of a name that yields to phrases (``EntityType/namesYieldToPhrases``), 1 per word
    /// of another entity's name, so that (with at most 48 tokens) the two counts can be read back.
    /// Threads keep the best score, which also keeps the fewest name words.
    static let scoreUnit: Int32 = 4096

    let registry: ShortcutRegistry
    let snapshot: CompiledSnapshot
    let tokens: [Int32]
    let appOptional: Bool
    let allowSkipping: Bool
    /// Per (position, state): the first thread there, or -1. Kept at -1 between runs: only the
    /// entries a run touched are reset (`touched`), so a run costs what it visits, not
    /// positions × states.
    private var heads: [Int32] = []
    /// Per position, one bit per state that has a thread: the states to visit, in order.
    private var live: [UInt64] = []
    private var touched: [Int32] = []
    private var pool: [Thread] = []
    private var stateCount = 0
    private var wordsPerPosition = 0

    init(registry: ShortcutRegistry, snapshot: CompiledSnapshot, tokens: [Int32], appOptional: Bool, allowSkipping: Bool) {
        self.registry = registry
        self.snapshot = snapshot
        self.tokens = tokens
        self.appOptional = appOptional
        self.allowSkipping = allowSkipping
    }

    private mutating func add(_ position: Int, _ state: Int32, _ bindings: Bindings, _ score: Int32) {
        let head = position * stateCount + Int(state)
        var index = heads[head]
        if index < 0 {
            touched.append(Int32(head))
            live[position * wordsPerPosition + Int(state) >> 6] |= 1 << UInt64(state & 63)
        }
        // The newest threads of a cell are compared one by one; past the first
        // `chainScanLimit`, a cell's threads are found through `deepThreads` (a name shared by
        // thousands of songs gives one cell thousands of bindings).
        var scanned = 0
        var lastScanned: Int32 = -1
        while index >= 0, scanned < Matcher.chainScanLimit {
            if pool[Int(index)].bindings == bindings {
                if score > pool[Int(index)].score { pool[Int(index)].score = score }
                return
            }
            lastScanned = index
            index = pool[Int(index)].next
            scanned += 1
        }
        if index >= 0, let deep = deepThreads[ThreadKey(cell: Int32(head), bindings: bindings)] {
            if score > pool[Int(deep)].score { pool[Int(deep)].score = score }
            return
        }
        pool.append(Thread(state: state, bindings: bindings, score: score, next: heads[head]))
        heads[head] = Int32(pool.count - 1)
        // The thread that just left the compared window is found by key from now on.
        if scanned == Matcher.chainScanLimit {
            deepThreads[ThreadKey(cell: Int32(head), bindings: pool[Int(lastScanned)].bindings)] = lastScanned
        }
    }

    /// How many of a cell's newest threads `add` compares directly.
    static let chainScanLimit = 16

    private struct ThreadKey: Hashable {
        let cell: Int32
        let bindings: Bindings
    }

    /// The threads of a cell beyond its newest `chainScanLimit`, by cell and bindings.
    private var deepThreads: [ThreadKey: Int32] = [:]

    /// What the words `start..<end` add to a score when a name reads them (see ``scoreUnit``).
    @inline(__always)
    private func nameGain(from start: Int, to end: Int, yields: Bool, isEntity: Bool) -> Int32 {
        let length = Int32(end - start)
        guard yields else { return length * Matcher.scoreUnit - (isEntity ? length : 0) }
        var counted: Int32 = 0
        for index in start..<end where !registry.isSkip(tokens[index]) { counted += 1 }
        return counted * Matcher.scoreUnit - 64 * length
    }

    /// Ends of the app clause (optional connector, then an app name) starting at `position`.
    private func appClauseEnds(at position: Int) -> [Int] {
        var ends: [Int] = []
        var starts = [position]
        if position < tokens.count, registry.connectorTokens.contains(tokens[position]) { starts.append(position + 1) }
        for start in starts {
            for name in registry.appNameTokens where start + name.count <= tokens.count {
                if tokens[start..<(start + name.count)].elementsEqual(name) { ends.append(start + name.count) }
            }
        }
        return ends
    }

    /// Every (bindings, score) with which `template` accepts the whole sentence.
    mutating func run(_ template: CompiledTemplate) -> [(Bindings, Int32)] {
        let count = tokens.count
        stateCount = template.stateCount
        wordsPerPosition = (stateCount + 63) >> 6
        let cells = (count + 1) * stateCount
        if heads.count < cells { heads.append(contentsOf: repeatElement(-1, count: cells - heads.count)) }
        let words = (count + 1) * wordsPerPosition
        if live.count < words { live.append(contentsOf: repeatElement(0, count: words - live.count)) }
        pool.removeAll(keepingCapacity: true)
        add(0, 0, .empty, 0)
        for position in 0...count {
            for word in 0..<wordsPerPosition {
                let cell = position * wordsPerPosition + word
                var done: UInt64 = 0
                while true {
                    // Threads added at this position go to higher states only, so re-reading the
                    // word picks up the ones added while visiting it.
                    let waiting = live[cell] & ~done
                    if waiting == 0 { break }
                    let bit = waiting.trailingZeroBitCount
                    done |= 1 << UInt64(bit)
                    var index = heads[position * stateCount + word << 6 + bit]
                    while index >= 0 {
                        let thread = pool[Int(index)]
                        advance(thread, at: position, template: template)
                        index = thread.next
                    }
                }
                live[cell] = 0
            }
        }
        var results: [(Bindings, Int32)] = []
        var index = heads[count * stateCount + Int(template.acceptState)]
        while index >= 0 {
            results.append((pool[Int(index)].bindings, pool[Int(index)].score))
            index = pool[Int(index)].next
        }
        for head in touched { heads[Int(head)] = -1 }
        touched.removeAll(keepingCapacity: true)
        if !deepThreads.isEmpty { deepThreads.removeAll() }
        return results
    }

    private mutating func advance(_ thread: Thread, at position: Int, template: CompiledTemplate) {
        let count = tokens.count
        if allowSkipping, position < count, registry.isSkip(tokens[position]) {
            add(position + 1, thread.state, thread.bindings, thread.score)
        }
        for transition in template.transitions(from: thread.state) {
            switch transition.kind {
            case .epsilon:
                add(position, transition.target, thread.bindings, thread.score)
            case .word:
                if position < count, tokens[position] == transition.token {
                    add(position + 1, transition.target, thread.bindings, thread.score + (transition.counts ? Matcher.scoreUnit : 0))
                }
            case .fixed:
                add(position, transition.target, thread.bindings.adding(transition.parameter, transition.caseIndex), thread.score)
            case .app:
                if appOptional { add(position, transition.target, thread.bindings, thread.score) }
                for end in appClauseEnds(at: position) {
                    add(end, transition.target, thread.bindings, thread.score)
                }
            case .slot:
                guard let source = transition.source, position < count else { continue }
                let trie = registry.names(for: source, in: snapshot)
                // Most slots start no name at most positions: one lookup before walking.
                guard trie.child(of: NameTrie.root, token: tokens[position]) != nil else { continue }
                let yields = registry.namesYield(source)
                let isEntity: Bool
                if case .entity = source { isEntity = true } else { isEntity = false }
                var qualifiers: Qualifiers?
                if case .entity(let type) = source { qualifiers = snapshot.qualifiers[type] }
                for (end, values) in trie.names(in: tokens, from: position) {
                    let gain = nameGain(from: position, to: end, yields: yields, isEntity: isEntity)
                    for value in values {
                        add(end, transition.target, thread.bindings.adding(transition.parameter, value), thread.score + gain)
                    }
                    // "Paper Boats by Amber Lane": the name, then a qualifier of some of its entities.
                    guard let qualifiers, end < count, qualifiers.trie.child(of: NameTrie.root, token: tokens[end]) != nil else { continue }
                    for (qualifiedEnd, ids) in qualifiers.trie.names(in: tokens, from: end) {
                        let gain = nameGain(from: position, to: qualifiedEnd, yields: yields, isEntity: isEntity)
                        for value in qualifiers.filter(values, by: ids) {
                            add(qualifiedEnd, transition.target, thread.bindings.adding(transition.parameter, value), thread.score + gain)
                        }
                    }
                }
            }
        }
    }
}
