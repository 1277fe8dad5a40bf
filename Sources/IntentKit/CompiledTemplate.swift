/// Where a slot's names come from: the cases of a registered enum or the entities of a type.
enum SlotSource: Sendable, Hashable {
    case enumeration(Int)
    case entity(Int)
}

/// One edge of a template automaton. Every edge leads to a higher-numbered state, so one pass
/// over the states in order at each sentence position settles all the moves that consume nothing.
/// Packed into 16 bytes: a registry's templates have about 150,000 edges.
struct Transition: Sendable {
    enum Kind: UInt8, Sendable {
        case epsilon, word, slot, fixed, app
    }

    let kind: Kind
    /// Whether a `word` edge counts towards the ranking score (skip words do not).
    let counts: Bool
    /// The intent parameter index bound by a `slot` or `fixed` edge.
    let parameter: Int8
    /// `source` in one byte: 0 for none, 2i + 1 for enum i, 2i + 2 for entity type i.
    private let sourceCode: UInt8
    let target: Int32
    /// The literal token of a `word` edge.
    let token: Int32
    /// The enum case index bound by a `fixed` edge.
    let caseIndex: Int32

    init(kind: Kind, target: Int32, token: Int32 = -1, counts: Bool = false, parameter: Int8 = -1, source: SlotSource? = nil, caseIndex: Int32 = -1) {
        self.kind = kind
        self.counts = counts
        self.parameter = parameter
        switch source {
        case nil: sourceCode = 0
        case .enumeration(let index): sourceCode = UInt8(2 * index + 1)
        case .entity(let index): sourceCode = UInt8(2 * index + 2)
        }
        self.target = target
        self.token = token
        self.caseIndex = caseIndex
    }

    /// Where a `slot` edge's names come from.
    var source: SlotSource? {
        guard sourceCode > 0 else { return nil }
        let index = Int(sourceCode - 1) / 2
        return sourceCode % 2 == 1 ? .enumeration(index) : .entity(index)
    }
}

/// Up to two parameter bindings (parameter index → value index), kept in parameter order.
struct Bindings: Hashable, Sendable {
    var firstParameter: Int8 = -1
    var firstValue: Int32 = -1
    var secondParameter: Int8 = -1
    var secondValue: Int32 = -1

    static let empty = Bindings()

    var count: Int { (firstParameter >= 0 ? 1 : 0) + (secondParameter >= 0 ? 1 : 0) }

    var pairs: [(parameter: Int, value: Int32)] {
        var result: [(parameter: Int, value: Int32)] = []
        if firstParameter >= 0 { result.append((Int(firstParameter), firstValue)) }
        if secondParameter >= 0 { result.append((Int(secondParameter), secondValue)) }
        return result
    }

    func value(of parameter: Int8) -> Int32? {
        if firstParameter == parameter { return firstValue }
        if secondParameter == parameter { return secondValue }
        return nil
    }

    /// A copy with one more binding; registration guarantees at most two per template.
    func adding(_ parameter: Int8, _ value: Int32) -> Bindings {
        var result = self
        if firstParameter < 0 {
            result.firstParameter = parameter
            result.firstValue = value
        } else if parameter < firstParameter {
            result.secondParameter = firstParameter
            result.secondValue = firstValue
            result.firstParameter = parameter
            result.firstValue = value
        } else {
            result.secondParameter = parameter
            result.secondValue = value
        }
        return result
    }

    /// A copy without the binding of `parameter`.
    func removing(_ parameter: Int8) -> Bindings {
        var result = Bindings.empty
        for pair in pairs where pair.parameter != Int(parameter) {
            result = result.adding(Int8(pair.parameter), pair.value)
        }
        return result
    }
}

/// A phrase template compiled into a small automaton over token numbers.
struct CompiledTemplate: Sendable {
    let shortcutIndex: Int
    let phraseIndex: Int
    let intentIndex: Int
    let template: PhraseTemplate
    /// The transitions in one array, state by state (`edgeStart[state]..<edgeStart[state + 1]`).
    let edges: [Transition]
    let edgeStart: [Int32]
    let acceptState: Int32
    /// Tokens every accepted sentence contains: a cheap filter before running the automaton.
    let requiredTokens: [Int32]
    /// Every literal token anywhere in the template: a cheap first ranking for suggestions.
    let literalTokens: Set<Int32>

    var stateCount: Int { edgeStart.count - 1 }

    /// The transitions leaving `state`.
    func transitions(from state: Int32) -> ArraySlice<Transition> {
        edges[Int(edgeStart[Int(state)])..<Int(edgeStart[Int(state) + 1])]
    }

    init(
        template: PhraseTemplate,
        shortcutIndex: Int,
        phraseIndex: Int,
        intentIndex: Int,
        vocabulary: inout Vocabulary,
        skipTokens: Set<Int32>,
        fillerFragments: Set<String> = [],
        parameterIndex: @escaping (String) -> Int8,
        slotSource: @escaping (String) -> SlotSource?,
        fixedCase: @escaping (String, String) -> Int32
    ) {
        self.template = template
        self.shortcutIndex = shortcutIndex
        self.phraseIndex = phraseIndex
        self.intentIndex = intentIndex
        var builder = Builder(
            skipTokens: skipTokens, fillerFragments: fillerFragments, parameterIndex: parameterIndex, slotSource: slotSource, fixedCase: fixedCase
        )
        acceptState = builder.compile(template.elements, from: 0, vocabulary: &vocabulary)
        edges = builder.transitions.flatMap { $0 }
        var starts: [Int32] = [0]
        for state in builder.transitions { starts.append(starts.last! + Int32(state.count)) }
        edgeStart = starts
        literalTokens = Set(edges.lazy.filter { $0.kind == .word }.map(\.token))
        requiredTokens = Array(CompiledTemplate.required(template.elements, vocabulary: &vocabulary)).sorted()
    }

    private static func required(_ elements: [PhraseElement], vocabulary: inout Vocabulary) -> Set<Int32> {
        var result: Set<Int32> = []
        for element in elements {
            switch element {
            case .words(_, let tokens):
                for token in tokens { result.insert(vocabulary.intern(token)) }
            case .choice(let alternatives):
                var common: Set<Int32>? = nil
                for alternative in alternatives {
                    let inner = required(alternative, vocabulary: &vocabulary)
                    common = common.map { $0.intersection(inner) } ?? inner
                }
                result.formUnion(common ?? [])
            case .fragment(_, let inner):
                result.formUnion(required(inner, vocabulary: &vocabulary))
            default:
                break
            }
        }
        return result
    }

    private struct Builder {
        let skipTokens: Set<Int32>
        /// Fragments whose words count like skip words (see ``ShortcutsProvider/fillerFragments``).
        let fillerFragments: Set<String>
        /// How deep the compiler is inside filler fragments.
        var fillerDepth = 0
        let parameterIndex: (String) -> Int8
        let slotSource: (String) -> SlotSource?
        let fixedCase: (String, String) -> Int32
        var transitions: [[Transition]] = [[]]

        /// Whether a word edge for `token` counts towards the ranking here.
        func counts(_ token: Int32) -> Bool { fillerDepth == 0 && !skipTokens.contains(token) }

        mutating func newState() -> Int32 {
            transitions.append([])
            return Int32(transitions.count - 1)
        }

        mutating func add(_ from: Int32, _ transition: Transition) {
            transitions[Int(from)].append(transition)
        }

        mutating func compile(_ elements: [PhraseElement], from start: Int32, vocabulary: inout Vocabulary) -> Int32 {
            var current = start
            for element in elements {
                switch element {
                case .words(_, let tokens):
                    for token in tokens {
                        let id = vocabulary.intern(token)
                        let next = newState()
                        add(current, Transition(kind: .word, target: next, token: id, counts: counts(id)))
                        current = next
                    }
                case .choice(let alternatives), .optional(let alternatives):
                    if let sequences = Builder.wordSequences(alternatives) {
                        current = compileWords(sequences, from: current, optional: { if case .optional = element { true } else { false } }(), vocabulary: &vocabulary)
                        continue
                    }
                    var ends: [Int32] = []
                    for alternative in alternatives {
                        let branch = newState()
                        add(current, Transition(kind: .epsilon, target: branch))
                        ends.append(compile(alternative, from: branch, vocabulary: &vocabulary))
                    }
                    let end = newState()
                    for branchEnd in ends { add(branchEnd, Transition(kind: .epsilon, target: end)) }
                    if case .optional = element { add(current, Transition(kind: .epsilon, target: end)) }
                    current = end
                case .fragment(let name, let inner):
                    let filler = fillerFragments.contains(name)
                    if filler { fillerDepth += 1 }
                    current = compile(inner, from: current, vocabulary: &vocabulary)
                    if filler { fillerDepth -= 1 }
                case .appName:
                    let next = newState()
                    add(current, Transition(kind: .app, target: next))
                    current = next
                case .parameter(let name):
                    let next = newState()
                    add(current, Transition(kind: .slot, target: next, parameter: parameterIndex(name), source: slotSource(name)))
                    current = next
                case .fixedValue(let name, let identifier):
                    let next = newState()
                    add(current, Transition(kind: .fixed, target: next, parameter: parameterIndex(name), caseIndex: fixedCase(name, identifier)))
                    current = next
                }
            }
            return current
        }

        /// Alternatives that are only words ("(music|media player|stereo)", also through nested
        /// choices and fragments) become a small trie of word edges instead of one empty-move
        /// branch each: a sentence word then meets one edge per alternative, and no thread is made
        /// for an alternative that does not match. Returns the state after the alternatives.
        mutating func compileWords(_ sequences: [[String]], from start: Int32, optional: Bool, vocabulary: inout Vocabulary) -> Int32 {
            var children: [Int32: [Int32: Int32]] = [:]
            var ends: [Int32] = []
            for sequence in sequences {
                var node = start
                for token in sequence {
                    let id = vocabulary.intern(token)
                    if let next = children[node]?[id] {
                        node = next
                    } else {
                        let next = newState()
                        add(node, Transition(kind: .word, target: next, token: id, counts: counts(id)))
                        children[node, default: [:]][id] = next
                        node = next
                    }
                }
                if !ends.contains(node) { ends.append(node) }
            }
            let end = newState()
            for node in ends { add(node, Transition(kind: .epsilon, target: end)) }
            if optional, !ends.contains(start) { add(start, Transition(kind: .epsilon, target: end)) }
            return end
        }

        /// Every word sequence of `alternatives` when they hold nothing but words, choices of
        /// words and fragments of those (at most 512 sequences); nil otherwise.
        static func wordSequences(_ alternatives: [[PhraseElement]]) -> [[String]]? {
            var result: [[String]] = []
            for alternative in alternatives {
                var sequences: [[String]] = [[]]
                for element in alternative {
                    let options: [[String]]
                    switch element {
                    case .words(_, let tokens): options = [tokens]
                    case .choice(let inner):
                        guard let expanded = wordSequences(inner) else { return nil }
                        options = expanded
                    case .fragment(_, let body):
                        guard let expanded = wordSequences([body]) else { return nil }
                        options = expanded
                    case .optional, .appName, .parameter, .fixedValue:
                        return nil
                    }
                    sequences = sequences.flatMap { prefix in options.map { prefix + $0 } }
                    if sequences.count > 512 { return nil }
                }
                result += sequences
                if result.count > 512 { return nil }
            }
            return result.contains(where: \.isEmpty) ? nil : result
        }
    }
}
