/// A dialogue with the resolver that remembers the last open question.
///
/// - After ``Resolution/needsValue(_:)`` the next sentence is first tried as the answer: "3",
///   "three", "disc 3", "the third one" complete PlayDisc's "Which disc?".
/// - After ``Resolution/ambiguous(_:)`` the next sentence is first tried as a choice: a number
///   ("2", "the second one") or enough words of one candidate's summary ("the magazine").
/// - After a correction ("Did you mean “next song”?") or any single-candidate question, "yes"
///   runs it.
/// - "No", "cancel" or "never mind" drops the open question: ``Resolution/declined(_:)``.
/// - A sentence the voice recognizer is not sure of is asked back before it runs
///   ("Did you say “play disc five”?", or "Did you say “four”?" as the answer to "Which disc?"):
///   ``confirm(_:)``.
/// - Anything else is resolved afresh, and the open question is dropped.
///
/// The app may open a question itself after running an intent ("Which album by Amber Lane?
/// 1. Greatest Hits, or 2. Coastal Morning?"): ``ask(_:)``.
///
/// A conversation is a value; keep one per front end (prompt bar, remote client).
public struct Conversation: Sendable {
    /// The question left open by the last answer.
    public enum Pending: Sendable, Hashable {
        case value(ValueRequest)
        case choice(Ambiguity)
    }

    /// The registry sentences are resolved with.
    public let registry: ShortcutRegistry
    /// Siri-style or in-app.
    public var mode: ResolutionMode
    /// The open question, if any.
    public private(set) var pending: Pending?

    public init(registry: ShortcutRegistry, mode: ResolutionMode = .inApp) {
        self.registry = registry
        self.mode = mode
    }

    /// Resolves `sentence`, as an answer to the open question when it fits.
    public mutating func respond(to sentence: String) -> Resolution {
        if let open = pending {
            pending = nil
            if registry.isRefusal(sentence) { return .declined(ShortcutRegistry.declinedResponse) }
            if let answered = answer(sentence, to: open) { return settle(answered) }
        }
        return settle(registry.resolve(sentence, mode: mode))
    }

    /// `sentence` read as the answer to `open`, or nil when it is not one.
    private func answer(_ sentence: String, to open: Pending) -> Resolution? {
        switch open {
        case .value(let request): registry.answer(sentence, to: request)
        case .choice(let ambiguity): registry.choose(sentence, among: ambiguity)
        }
    }

    /// `respond(to:)` for a sentence the voice recognizer is not sure it heard rightly: what it
    /// would run is asked back first ("Did you say “play disc five”?") and left open, so "yes"
    /// runs it and "no" drops it; a question of its own ("Which disc?") is asked as usual.
    /// With a question open, the sentence is read as its answer: "four" to "Which disc?" is
    /// asked back as "Did you say “four”?".
    /// Nil, and the open question stays open, when the sentence is not understood, is not an
    /// answer to the open question, or comes while an unsure sentence is being asked back (an
    /// unsure "yes" confirms nothing): the caller says it did not catch that, and guesses nothing.
    public mutating func confirm(_ sentence: String) -> Resolution? {
        let resolution: Resolution?
        if let open = pending {
            if case .choice(let asked) = open, asked.isAskingBack { return nil }
            guard !registry.isRefusal(sentence) else { return nil }
            resolution = answer(sentence, to: open)
        } else {
            resolution = registry.resolve(sentence, mode: mode)
        }
        guard let resolution else { return nil }
        switch resolution {
        case .matched(let invocation): return settle(.ambiguous(registry.confirmation(of: invocation, heard: sentence)))
        case .needsValue, .ambiguous: return settle(resolution)
        case .unsupported, .declined: return nil
        }
    }

    /// Drops the open question.
    public mutating func cancel() { pending = nil }

    /// Leaves `question` open, as if the last sentence had asked it: the app asks a follow-up of
    /// its own after running an intent.
    public mutating func ask(_ question: Pending) { pending = question }

    private mutating func settle(_ resolution: Resolution) -> Resolution {
        switch resolution {
        case .needsValue(let request): pending = .value(request)
        case .ambiguous(let ambiguity): pending = .choice(ambiguity)
        case .matched, .unsupported, .declined: pending = nil
        }
        return resolution
    }
}

extension ShortcutRegistry {
    static let choiceWords: Set<String> = ["number", "option", "choice", "no"]
    /// Whole answers that take the one offered candidate.
    static let affirmatives: Set<[String]> = [
        ["yes"], ["yeah"], ["yep"], ["yup"], ["sure"], ["ok"], ["correct"], ["right"], ["exactly"], ["yes", "please"],
        ["do", "it"], ["go", "ahead"], ["that", "1"], ["thats", "it"], ["thats", "right"], ["yes", "thats", "right"], ["i", "did"], ["yes", "i", "did"],
    ]
    /// Whole answers that drop an open question.
    static let refusals: Set<[String]> = [
        ["no"], ["nope"], ["nah"], ["no", "thanks"], ["no", "thank", "you"], ["cancel"], ["never", "mind"], ["nevermind"],
        ["forget", "it"], ["neither"], ["none"], ["none", "of", "them"], ["i", "didnt"], ["no", "i", "didnt"], ["wrong"], ["stop", "asking"],
    ]
    /// What a dropped question answers.
    static let declinedResponse = "OK, never mind."

    /// The question asked before running `invocation`, which a recognizer heard as `sentence`
    /// without being sure: "Did you say “play disc five”?", with the invocation as the one
    /// candidate, so "yes" (or "one") runs it.
    public func confirmation(of invocation: IntentInvocation, heard sentence: String) -> Ambiguity {
        let offered = ambiguity(among: [invocation], snapshot: compiledSnapshot)
        return Ambiguity(candidates: offered.candidates, question: "Did you say \u{201C}\(sentence)\u{201D}?", isAskingBack: true)
    }

    /// Whether `sentence` as a whole says no to an open question.
    func isRefusal(_ sentence: String) -> Bool {
        ShortcutRegistry.refusals.contains(prepare(sentence, snapshot: compiledSnapshot).words.filter { $0 != "please" })
    }

    /// `sentence` read as the answer to `request`, or nil when it is not one.
    public func answer(_ sentence: String, to request: ValueRequest) -> Resolution? {
        guard let intentIdx = intentIndex[request.invocation.intent],
              let parameterIdx = intents[intentIdx].parameters.firstIndex(where: { $0.name == request.parameter }) else { return nil }
        let parameter = intents[intentIdx].parameters[parameterIdx]
        let snapshot = compiledSnapshot
        let words = prepare(sentence, snapshot: snapshot).words
        guard !words.isEmpty, words.count <= 12 else { return nil }
        let meaningful = words.filter { !skipWords.contains($0) }
        let namingWords = Set(
            ([parameter.name, parameter.title] + typeTitles(of: parameter)).flatMap { Normalizer.tokens(of: $0) }
        ).union(ShortcutRegistry.choiceWords)
        let core = ShortcutRegistry.droppingOrdinalOne(meaningful.filter { !namingWords.contains($0) })

        var values: [ParameterValue] = []
        for candidateWords in [core, meaningful, words] where values.isEmpty && !candidateWords.isEmpty {
            values = namedValues(candidateWords, intent: intentIdx, parameter: parameterIdx, snapshot: snapshot)
        }
        if values.isEmpty, core.count == 1, let number = Normalizer.number(in: core[0]) {
            if case .integer(let range) = parameter.answerType, range.contains(number) { values = [.integer(number)] }
        }
        if values.isEmpty, case .text = parameter.answerType {
            let text = sentence.trimmed
            if !text.isEmpty { values = [.text(text)] }
        }
        guard !values.isEmpty else { return nil }
        let completed = values.map { request.invocation.binding(parameter.name, to: $0) }
        if completed.count > 1 { return .ambiguous(ambiguity(among: completed, snapshot: snapshot)) }
        return settled(completed[0])
    }

    /// `sentence` read as a choice among `ambiguity`'s candidates, or nil when it is not one.
    public func choose(_ sentence: String, among ambiguity: Ambiguity) -> Resolution? {
        let words = prepare(sentence, snapshot: compiledSnapshot).words
        guard !words.isEmpty, words.count <= 12 else { return nil }
        if ambiguity.candidates.count == 1,
           ShortcutRegistry.affirmatives.contains(words) || ShortcutRegistry.affirmatives.contains(words.filter { $0 != "please" }) {
            return settled(ambiguity.candidates[0].invocation)
        }
        let core = ShortcutRegistry.droppingOrdinalOne(
            words.filter { !skipWords.contains($0) && !ShortcutRegistry.choiceWords.contains($0) }
        )
        if core.count == 1, let number = Normalizer.number(in: core[0]), (1...ambiguity.candidates.count).contains(number) {
            return settled(ambiguity.candidates[number - 1].invocation)
        }
        guard !core.isEmpty else { return nil }
        let fitting = ambiguity.candidates.filter { candidate in
            let known = Set(Normalizer.tokens(of: candidate.summary)
                + candidate.invocation.parameters.values.flatMap { Normalizer.tokens(of: $0.displayName) })
            return core.allSatisfy(known.contains)
        }
        guard fitting.count == 1 else { return nil }
        return settled(fitting[0].invocation)
    }

    /// Matched, or a request for the next missing parameter.
    private func settled(_ invocation: IntentInvocation) -> Resolution {
        if let missing = missingParameter(of: invocation) {
            return .needsValue(ValueRequest(invocation: invocation, parameter: missing.name, question: missing.question))
        }
        return .matched(invocation)
    }

    private func typeTitles(of parameter: ParameterDefinition) -> [String] {
        switch parameter.type {
        case .enumeration(let definition): return [definition.title]
        case .entity(let identifier): return entityTypes.first { $0.identifier == identifier }.map { [$0.title] } ?? []
        case .integer, .text: return []
        }
    }

    /// Values whose whole name is exactly `words`, from the parameter's slot type.
    private func namedValues(_ words: [String], intent: Int, parameter: Int, snapshot: CompiledSnapshot) -> [ParameterValue] {
        let tokens = words.map { snapshot.vocabulary.id(of: $0) }
        guard !tokens.contains(-1) else { return [] }
        guard let source = parameterSources[intent][parameter] else { return [] }
        let trie = names(for: source, in: snapshot)
        guard let node = trie.node(for: tokens[...]) else { return [] }
        return trie.values(at: node).compactMap { parameterValue(intent: intent, parameter: parameter, value: $0, snapshot: snapshot) }
    }

    /// "3rd 1" ("the third one") → "3rd".
    static func droppingOrdinalOne(_ words: [String]) -> [String] {
        if words.count == 2, words[1] == "1", Normalizer.number(in: words[0]) != nil, words[0] != "1" { return [words[0]] }
        return words
    }
}
