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
}

/// One reading of a sentence by one template.
struct Reading {
    let template: Int
    let intent: Int
    let bindings: Bindings
    let score: Int32
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

    func resolve(_ prepared: PreparedSentence, mode: ResolutionMode, snapshot: CompiledSnapshot) -> Resolution {
        let readings = self.readings(of: prepared, appOptional: mode == .inApp || prepared.appAddressed, allowSkipping: true, snapshot: snapshot)
        guard !readings.isEmpty else {
            return .unsupported(Unsupported(response: unsupportedResponse, suggestions: suggestions(for: prepared, mode: mode, snapshot: snapshot)))
        }
        let best = bestReadings(readings)
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
    /// 1. Highest score (sentence words consumed by literal template words and by names).
    /// 2. Fewest required parameters left to ask (a complete reading beats a follow-up).
    /// 3. Within one intent, a reading whose bindings extend another's replaces it
    ///    ("disc 2 from Road Trip" binds the magazine too). Different intents or different values
    ///    are never ranked against each other beyond this: they stay tied, hence ambiguous.
    func bestReadings(_ readings: [Reading]) -> [Reading] {
        guard let topScore = readings.map(\.score).max() else { return [] }
        let scored = readings.filter { $0.score == topScore }
        let missing = scored.map { missingCount(intent: $0.intent, bindings: $0.bindings) }
        let fewestMissing = missing.min() ?? 0
        let complete = scored.enumerated().filter { missing[$0.offset] == fewestMissing }.map(\.element)
        return complete.filter { reading in
            !complete.contains { other in
                other.intent == reading.intent && other.bindings.count > reading.bindings.count
                    && reading.bindings.pairs.allSatisfy { other.bindings.value(of: Int8($0.parameter)) == $0.value }
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

    /// Candidates with unique summaries and the question listing them by number.
    func ambiguity(among invocations: [IntentInvocation], snapshot: CompiledSnapshot) -> Ambiguity {
        let plain = invocations.map { summary(of: $0) }
        var summaries = plain
        for (index, text) in plain.enumerated() where plain.filter({ $0 == text }).count > 1 {
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
        return Ambiguity(candidates: candidates, question: "Did you mean \(listing)?")
    }
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

    let registry: ShortcutRegistry
    let snapshot: CompiledSnapshot
    let tokens: [Int32]
    let appOptional: Bool
    let allowSkipping: Bool
    private var heads: [Int32] = []
    private var pool: [Thread] = []
    private var stateCount = 0

    init(registry: ShortcutRegistry, snapshot: CompiledSnapshot, tokens: [Int32], appOptional: Bool, allowSkipping: Bool) {
        self.registry = registry
        self.snapshot = snapshot
        self.tokens = tokens
        self.appOptional = appOptional
        self.allowSkipping = allowSkipping
    }

    @inline(__always)
    private func isSkip(_ token: Int32) -> Bool {
        token >= 0 && Int(token) < registry.skipFlags.count && registry.skipFlags[Int(token)]
    }

    private mutating func add(_ position: Int, _ state: Int32, _ bindings: Bindings, _ score: Int32) {
        let head = position * stateCount + Int(state)
        var index = heads[head]
        while index >= 0 {
            if pool[Int(index)].bindings == bindings {
                if score > pool[Int(index)].score { pool[Int(index)].score = score }
                return
            }
            index = pool[Int(index)].next
        }
        pool.append(Thread(state: state, bindings: bindings, score: score, next: heads[head]))
        heads[head] = Int32(pool.count - 1)
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
        heads.removeAll(keepingCapacity: true)
        heads.append(contentsOf: repeatElement(-1, count: (count + 1) * stateCount))
        pool.removeAll(keepingCapacity: true)
        add(0, 0, .empty, 0)
        for position in 0...count {
            for state in 0..<stateCount {
                var index = heads[position * stateCount + state]
                while index >= 0 {
                    let thread = pool[Int(index)]
                    advance(thread, at: position, template: template)
                    index = thread.next
                }
            }
        }
        var results: [(Bindings, Int32)] = []
        var index = heads[count * stateCount + Int(template.acceptState)]
        while index >= 0 {
            results.append((pool[Int(index)].bindings, pool[Int(index)].score))
            index = pool[Int(index)].next
        }
        return results
    }

    private mutating func advance(_ thread: Thread, at position: Int, template: CompiledTemplate) {
        let count = tokens.count
        if allowSkipping, position < count, isSkip(tokens[position]) {
            add(position + 1, thread.state, thread.bindings, thread.score)
        }
        for transition in template.transitions[Int(thread.state)] {
            switch transition.kind {
            case .epsilon:
                add(position, transition.target, thread.bindings, thread.score)
            case .word:
                if position < count, tokens[position] == transition.token {
                    add(position + 1, transition.target, thread.bindings, thread.score + (transition.counts ? 1 : 0))
                }
            case .fixed:
                add(position, transition.target, thread.bindings.adding(transition.parameter, transition.caseIndex), thread.score)
            case .app:
                if appOptional { add(position, transition.target, thread.bindings, thread.score) }
                for end in appClauseEnds(at: position) {
                    add(end, transition.target, thread.bindings, thread.score)
                }
            case .slot:
                guard let source = transition.source else { continue }
                for (end, values) in registry.names(for: source, in: snapshot).names(in: tokens, from: position) {
                    for value in values {
                        add(end, transition.target, thread.bindings.adding(transition.parameter, value), thread.score + Int32(end - position))
                    }
                }
            }
        }
    }
}
