/// Named pieces of phrase templates shared by many phrases: determiners, the nouns for what is
/// playing, verb families, numbers with their units.
///
/// A fragment is written like a template body (words, `( | )`, `[ ]`, slots, other fragments) and
/// referenced as `<name>`. It matches exactly as if its body were written in its place; the parsed
/// template keeps the reference (``PhraseElement/fragment(name:elements:)``), so tools that walk
/// templates — a speech grammar, the listing — can see and reuse the shared rules.
///
/// ```swift
/// let fragments = try PhraseFragments([
///     "the": "(the|my|our|this)",
///     "music": "(music|song|track|tune)",
/// ])
/// let template = try PhraseTemplate("pause [<the>] [<music>] in {app}", fragments: fragments)
/// ```
///
/// A fragment may not name the app (`{app}`), and fragments may not refer to each other in a
/// circle; both are refused when the table is made.
public struct PhraseFragments: Sendable {
    /// Fragment name → the body as written.
    public let sources: [String: String]
    /// Fragment name → the parsed body.
    let parsed: [String: [PhraseElement]]

    /// No fragments.
    public init() {
        sources = [:]
        parsed = [:]
    }

    /// Parses every definition, each after the fragments it refers to; the error names the
    /// fragment and what is wrong with it.
    public init(_ definitions: [String: String]) throws(PhraseFragmentError) {
        sources = definitions
        var parsed: [String: [PhraseElement]] = [:]
        var order: [String] = []
        var state: [String: Bool] = [:]   // false: being visited, true: done

        func visit(_ name: String, path: [String]) throws(PhraseFragmentError) {
            if state[name] == true { return }
            if state[name] == false {
                let circle = (path.drop { $0 != name } + [name]).map { "<\($0)>" }.joined(separator: " → ")
                throw PhraseFragmentError(fragment: name, problem: "refers to itself through \(circle)")
            }
            guard PhraseFragments.isValidName(name) else {
                throw PhraseFragmentError(fragment: name, problem: "is not a valid name (letters, digits and _ only)")
            }
            state[name] = false
            for reference in PhraseFragments.references(in: definitions[name] ?? "") {
                guard definitions[reference] != nil else {
                    throw PhraseFragmentError(fragment: name, problem: "refers to <\(reference)>, which is not defined")
                }
                try visit(reference, path: path + [name])
            }
            state[name] = true
            order.append(name)
        }
        for name in definitions.keys.sorted() { try visit(name, path: []) }

        for name in order {
            let template: PhraseTemplate
            do {
                template = try PhraseTemplate(definitions[name]!, parsedFragments: parsed)
            } catch {
                throw PhraseFragmentError(fragment: name, problem: "does not parse: \(error.problem) (at character \(error.offset))")
            }
            var namesApp = false
            PhraseTemplate.visit(template.elements) { element in
                if case .appName = element { namesApp = true }
            }
            if namesApp { throw PhraseFragmentError(fragment: name, problem: "names the app; {app} belongs in the phrase itself") }
            if template.elements.isEmpty { throw PhraseFragmentError(fragment: name, problem: "is empty") }
            parsed[name] = template.elements
        }
        self.parsed = parsed
    }

    /// The parsed body of the fragment `name`, or nil when there is none.
    public func elements(named name: String) -> [PhraseElement]? { parsed[name] }

    /// Every fragment name, sorted.
    public var names: [String] { sources.keys.sorted() }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The names written as `<name>` in a template's text, in order.
    static func references(in source: String) -> [String] {
        var names: [String] = []
        var current: String.UnicodeScalarView?
        for scalar in source.unicodeScalars {
            if scalar == "<" {
                current = String.UnicodeScalarView()
            } else if scalar == ">", let name = current {
                names.append(String(name).trimmed)
                current = nil
            } else {
                current?.append(scalar)
            }
        }
        return names
    }
}

/// A fragment definition that cannot be used.
public struct PhraseFragmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The fragment's name.
    public let fragment: String
    /// What is wrong.
    public let problem: String
    public var description: String { "Fragment <\(fragment)> \(problem)." }
}
