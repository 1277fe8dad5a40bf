/// A command line split into options and positional words, checked against what a command accepts.
///
/// Options may come anywhere: `--name value`, `--name=value`, or a bare `--flag`; `--` ends options.
struct Arguments {
    /// Options that take a value, and flags, that the command accepts (global ones included).
    struct Spec {
        var valued: Set<String>
        var flags: Set<String>
    }

    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var presentFlags: Set<String> = []

    init(_ words: some Sequence<String>, spec: Spec) throws(UsageError) {
        var iterator = words.makeIterator()
        var onlyPositionals = false
        while let word = iterator.next() {
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word.hasPrefix("-"), !word.hasPrefix("--"), Int(word) != nil {
                positionals.append(word)
                continue
            }
            let (name, inlineValue) = Arguments.split(word)
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                presentFlags.insert(name)
            } else if spec.valued.contains(name) {
                guard let value = inlineValue ?? iterator.next() else { throw UsageError("\(name) needs a value") }
                values[name] = value
            } else {
                throw UsageError("unknown option \(name)")
            }
        }
    }

    /// "--name=value" → ("--name", "value"); "-h" → ("--help", nil).
    private static func split(_ word: String) -> (String, String?) {
        if word == "-h" { return ("--help", nil) }
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    func value(_ name: String) -> String? { values[name] }

    func flag(_ name: String) -> Bool { presentFlags.contains(name) }

    /// The option's value as a whole number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \u{201C}\(text)\u{201D}")
        }
        return number
    }

    /// Exactly `count` positional words after the command words, or a usage error naming what is missing or extra.
    func exactly(_ names: [String]) throws(UsageError) -> [String] {
        if positionals.count < names.count { throw UsageError("missing \(names[positionals.count])") }
        if positionals.count > names.count { throw UsageError("unexpected argument \u{201C}\(positionals[names.count])\u{201D}") }
        return positionals
    }
}

/// A wrong command line: printed as one line plus the command's usage, exit status 2.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A failure the user can fix (unknown magazine, album not found…): printed as one line, exit status 1.
struct CommandFailure: Error {
    var message: String
    var status: Int32 = 1
    init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }
}

/// Parses a whole number positional argument in `range`, naming it in the error.
func wholeNumber(_ text: String, named name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let number = Int(text), range.contains(number) else {
        throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \u{201C}\(text)\u{201D}")
    }
    return number
}
