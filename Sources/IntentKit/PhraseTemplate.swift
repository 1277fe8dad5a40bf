/// One part of a parsed phrase template.
public indirect enum PhraseElement: Sendable, Hashable {
    /// Literal words: the text as written (for display) and its normalised tokens.
    case words(display: String, tokens: [String])
    /// Exactly one of the alternatives, each a sequence: `(next|skip to)`.
    case choice([[PhraseElement]])
    /// Nothing, or one of the alternatives: `[the]`, `[this|that]`.
    case optional([[PhraseElement]])
    /// The app-name slot `{app}`, with the connector word written just before it ("in"), if any.
    /// The connector belongs to the slot: in the app, "in CD Changer" is left out as a whole.
    case appName(connector: String?)
    /// A parameter slot `{disc}`: one entity name or enum case.
    case parameter(String)
    /// A fixed value `{mode=off}`: matches no words and binds the parameter to that enum case.
    case fixedValue(parameter: String, caseIdentifier: String)
    /// A named fragment `<volume_verb>`, shared by many templates: its name and its parsed body,
    /// which matches exactly as if written in its place.
    case fragment(name: String, elements: [PhraseElement])
}

/// A phrase template parsed into a small expression tree.
///
/// Syntax (see docs/intents.md):
/// - plain words: `play disc` (normalised like sentences: case, punctuation, number words);
/// - alternatives: `(next|skip to)`; optional parts: `[the]`, `[this|that]`; both nest;
/// - the app name: `{app}`; a connector word right before it (`in {app}`) belongs to it;
/// - a parameter slot: `{disc}`, with the phrase's own example for listings: `{mode:off}`;
///   a fixed enum value: `{mode=off}`;
/// - a named fragment: `<the>`, defined once in a ``PhraseFragments`` table and shared.
public struct PhraseTemplate: Sendable, Hashable {
    /// The template exactly as written.
    public let source: String
    /// The parsed sequence.
    public let elements: [PhraseElement]
    /// The phrase's own example for a slot, shown in listings and suggestions (`{mode:off}`).
    public let exampleHints: [String: String]

    /// Words that join the app name to a phrase ("in CD Changer", "using CD Changer").
    public static let appConnectors: Set<String> = ["in", "on", "with", "using", "via", "through", "from"]

    /// Parses `source`, whose `<name>` references come from `fragments`; the error says what is
    /// wrong and where.
    public init(_ source: String, fragments: PhraseFragments = PhraseFragments()) throws(PhraseSyntaxError) {
        try self.init(source, parsedFragments: fragments.parsed)
    }

    /// A template made of parsed elements (a fragment's body, to render it).
    init(source: String, elements: [PhraseElement], exampleHints: [String: String] = [:]) {
        self.source = source
        self.elements = elements
        self.exampleHints = exampleHints
    }

    /// Parses `source` with fragments already parsed (a fragment body refers only to those).
    init(_ source: String, parsedFragments: [String: [PhraseElement]]) throws(PhraseSyntaxError) {
        self.source = source
        var parser = Parser(source: source, fragments: parsedFragments)
        elements = try parser.parseTemplate()
        exampleHints = parser.hints
    }

    /// Parameter names referenced by slots and fixed values, in order of appearance.
    public var parameterNames: [String] {
        var names: [String] = []
        PhraseTemplate.visit(elements) { element in
            switch element {
            case .parameter(let name), .fixedValue(let name, _): names.append(name)
            default: break
            }
        }
        return names
    }

    /// The parameters one way through the template binds, with how often: every distinct such
    /// set (a parameter may sit in two alternatives, `(disc {disc}|{disc} disc)`, and is bound
    /// once either way).
    var parameterBindingsPerPath: [[String: Int]] { PhraseTemplate.bindings(elements) }

    private static func bindings(_ elements: [PhraseElement]) -> [[String: Int]] {
        var paths: [[String: Int]] = [[:]]
        func combine(_ options: [[String: Int]]) {
            var next: [[String: Int]] = []
            for path in paths {
                for option in options {
                    let merged = path.merging(option, uniquingKeysWith: +)
                    if !next.contains(merged) { next.append(merged) }
                }
            }
            paths = next
        }
        for element in elements {
            switch element {
            case .parameter(let name), .fixedValue(let name, _): combine([[name: 1]])
            case .choice(let alternatives): combine(alternatives.flatMap(bindings))
            case .optional(let alternatives): combine([[:]] + alternatives.flatMap(bindings))
            case .fragment(_, let inner): combine(bindings(inner))
            case .words, .appName: break
            }
        }
        return paths
    }

    /// Whether every way through the template passes the app-name slot.
    public var alwaysNamesApp: Bool { PhraseTemplate.alwaysNamesApp(elements) }

    /// How many app-name slots a single way through the template can pass at most.
    var maximumAppSlots: Int { PhraseTemplate.maximumAppSlots(elements) }

    /// Whether some way through the template has a word or slot besides the app name.
    var hasContent: Bool {
        var found = false
        PhraseTemplate.visit(elements) { element in
            switch element {
            case .words(_, let tokens): if !tokens.isEmpty { found = true }
            case .parameter: found = true
            default: break
            }
        }
        return found
    }

    /// Calls `body` with every element of `elements` and, depth first, every element inside
    /// their alternatives and fragments.
    public static func visit(_ elements: [PhraseElement], _ body: (PhraseElement) -> Void) {
        for element in elements {
            body(element)
            switch element {
            case .choice(let alternatives), .optional(let alternatives):
                for alternative in alternatives { visit(alternative, body) }
            case .fragment(_, let inner):
                visit(inner, body)
            default: break
            }
        }
    }

    private static func alwaysNamesApp(_ elements: [PhraseElement]) -> Bool {
        elements.contains { element in
            switch element {
            case .appName: return true
            case .choice(let alternatives): return alternatives.allSatisfy(alwaysNamesApp)
            case .fragment(_, let inner): return alwaysNamesApp(inner)
            default: return false
            }
        }
    }

    private static func maximumAppSlots(_ elements: [PhraseElement]) -> Int {
        elements.reduce(0) { total, element in
            switch element {
            case .appName: return total + 1
            case .choice(let alternatives), .optional(let alternatives):
                return total + (alternatives.map(maximumAppSlots).max() ?? 0)
            case .fragment(_, let inner):
                return total + maximumAppSlots(inner)
            default: return total
            }
        }
    }

    private struct Parser {
        let source: String
        let fragments: [String: [PhraseElement]]
        var scalars: ArraySlice<Unicode.Scalar>
        var position = 0
        var hints: [String: String] = [:]

        init(source: String, fragments: [String: [PhraseElement]]) {
            self.source = source
            self.fragments = fragments
            scalars = Array(source.unicodeScalars)[...]
        }

        func fail(_ problem: String) -> PhraseSyntaxError {
            PhraseSyntaxError(template: source, problem: problem, offset: position)
        }

        mutating func next() -> Unicode.Scalar? {
            guard let scalar = scalars.popFirst() else { return nil }
            position += 1
            return scalar
        }

        mutating func parseTemplate() throws(PhraseSyntaxError) -> [PhraseElement] {
            let (alternatives, terminator) = try parseAlternatives()
            if let terminator { throw fail("“\(terminator)” has no opening partner") }
            guard alternatives.count == 1 else { throw fail("“|” outside ( ) or [ ]") }
            return alternatives[0]
        }

        /// Parses sequences separated by `|` until `)`, `]` or the end; returns the terminator.
        mutating func parseAlternatives() throws(PhraseSyntaxError) -> ([[PhraseElement]], Unicode.Scalar?) {
            var alternatives: [[PhraseElement]] = []
            var sequence: [PhraseElement] = []
            var text = String.UnicodeScalarView()

            func flushText() {
                let display = String(text).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
                text = String.UnicodeScalarView()
                guard !display.isEmpty else { return }
                let tokens = Normalizer.tokens(of: display)
                guard !tokens.isEmpty else { return }
                sequence.append(.words(display: display, tokens: tokens))
            }

            while let scalar = next() {
                switch scalar {
                case "(", "[":
                    flushText()
                    let (inner, terminator) = try parseAlternatives()
                    let expected: Unicode.Scalar = scalar == "(" ? ")" : "]"
                    guard terminator == expected else { throw fail("“\(scalar)” is never closed with “\(expected)”") }
                    if inner.contains(where: \.isEmpty) {
                        throw fail(scalar == "(" ? "an alternative in ( ) is empty; use [ ] for optional words" : "an optional part [ ] is empty")
                    }
                    sequence.append(scalar == "(" ? .choice(inner) : .optional(inner))
                case ")", "]":
                    flushText()
                    alternatives.append(sequence)
                    return (alternatives, scalar)
                case "|":
                    flushText()
                    alternatives.append(sequence)
                    sequence = []
                case "{":
                    flushText()
                    var inside = String.UnicodeScalarView()
                    var closed = false
                    while let next = next() {
                        if next == "}" { closed = true; break }
                        inside.append(next)
                    }
                    guard closed else { throw fail("“{” is never closed with “}”") }
                    try appendSlot(String(inside), to: &sequence, hints: &hints)
                case "}":
                    throw fail("“}” has no opening “{”")
                case "<":
                    flushText()
                    var inside = String.UnicodeScalarView()
                    var closed = false
                    while let next = next() {
                        if next == ">" { closed = true; break }
                        inside.append(next)
                    }
                    guard closed else { throw fail("“<” is never closed with “>”") }
                    let name = String(inside).trimmed
                    guard PhraseFragments.isValidName(name) else {
                        throw fail("a fragment reference must be <name> (letters, digits, _), not <\(String(inside))>")
                    }
                    guard let body = fragments[name] else { throw fail("there is no fragment <\(name)>") }
                    sequence.append(.fragment(name: name, elements: body))
                case ">":
                    throw fail("“>” has no opening “<”")
                default:
                    text.append(scalar)
                }
            }
            flushText()
            alternatives.append(sequence)
            return (alternatives, nil)
        }

        func appendSlot(_ inside: String, to sequence: inout [PhraseElement], hints: inout [String: String]) throws(PhraseSyntaxError) {
            let example = inside.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).trimmed }
            if example.count == 2 {
                guard !example[1].isEmpty, !example[0].contains("=") else { throw fail("a slot's example must be {parameterName:example}, not {\(inside)}") }
                try appendSlot(example[0], to: &sequence, hints: &hints)
                guard case .parameter(let name)? = sequence.last else { throw fail("only a parameter slot can have an example, not {\(inside)}") }
                hints[name] = example[1]
                return
            }
            let parts = inside.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).trimmed }
            let name = parts[0]
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }) else {
                throw fail("a slot must be {app}, {parameterName} or {parameterName=value}, not {\(inside)}")
            }
            if parts.count == 2 {
                guard !parts[1].isEmpty, name != "app" else { throw fail("a fixed value must be {parameterName=value}, not {\(inside)}") }
                sequence.append(.fixedValue(parameter: name, caseIdentifier: parts[1]))
                return
            }
            guard name == "app" else {
                sequence.append(.parameter(name))
                return
            }
            // A connector word written right before {app} belongs to the app-name slot.
            if case .words(let display, let tokens)? = sequence.last, let last = tokens.last,
               PhraseTemplate.appConnectors.contains(last) {
                var words = display.split(separator: " ").map(String.init)
                let connector = words.removeLast()
                if Normalizer.tokens(of: connector) == [last] {
                    sequence.removeLast()
                    if !words.isEmpty {
                        let rest = words.joined(separator: " ")
                        sequence.append(.words(display: rest, tokens: Array(tokens.dropLast())))
                    }
                    sequence.append(.appName(connector: connector))
                    return
                }
            }
            sequence.append(.appName(connector: nil))
        }
    }
}

/// A phrase template that cannot be parsed.
public struct PhraseSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template as written.
    public let template: String
    /// What is wrong.
    public let problem: String
    /// The character position (counted in Unicode scalars) where parsing stopped.
    public let offset: Int
    public var description: String { "Phrase “\(template)”: \(problem) (at character \(offset))." }
}
