import Foundation

/// A runnable example in the documentation: a `console` block right after a marker comment,
///
///     <!-- check: player play --disc 1 --output null -->
///     ```console
///     $ cdchanger say next song
///     Track 2, Lighthouse Lane.
///     $ cdchanger say play disc 9             # exit 1
///     Magazine One has no disc 9; it has 6 slots.
///     ```
///
/// Each `$` line is a command for `bash`; the lines under it are what it prints (standard output
/// and error together), where `…` stands for any text within a line and a line of just `…` for
/// any number of lines. A trailing `# exit N` gives the exit status (else 0). The marker says
/// what runs first: `no player`, or `player ARGUMENTS` (a `cdchanger` started with those
/// arguments, on a D-Bus session bus of its own, stopped after the block).
struct DocExample: Sendable, CustomStringConvertible {
    /// One command and what it should print.
    struct Step: Sendable {
        var command: String
        var expectedOutput: [String]
        var expectedStatus: Int32
        /// 1-based line of the command in the file.
        var line: Int
    }

    /// The file, relative to the repository.
    var file: String
    /// 1-based line of the marker.
    var line: Int
    /// The player's arguments; nil for `no player`.
    var player: [String]?
    var steps: [Step]

    var description: String { "\(file):\(line)" }

    /// What the parser refuses, with the place.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static let marker = "<!-- check:"

    /// Every example in `text` (the contents of `file`).
    static func parse(_ text: String, file: String) throws -> [DocExample] {
        let lines = text.components(separatedBy: "\n")
        var examples: [DocExample] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(marker) else {
                index += 1
                continue
            }
            let markerLine = index + 1
            guard trimmed.hasSuffix("-->") else { throw Malformed(description: "\(file):\(markerLine): the marker does not end with -->") }
            let setup = trimmed.dropFirst(marker.count).dropLast(3).trimmingCharacters(in: .whitespaces)
            let player: [String]?
            if setup == "no player" {
                player = nil
            } else if setup.hasPrefix("player ") {
                player = setup.dropFirst("player ".count).split(separator: " ").map(String.init)
            } else {
                throw Malformed(description: "\(file):\(markerLine): the marker says \u{201C}\(setup)\u{201D}, not \u{201C}no player\u{201D} or \u{201C}player ARGUMENTS\u{201D}")
            }
            index += 1
            guard index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) == "```console" else {
                throw Malformed(description: "\(file):\(markerLine): a ```console block must follow the marker")
            }
            index += 1
            var steps: [Step] = []
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                let line = lines[index]
                if line.hasPrefix("$ ") {
                    steps.append(step(line.dropFirst(2), line: index + 1))
                } else if steps.isEmpty {
                    throw Malformed(description: "\(file):\(index + 1): output before the first $ command")
                } else {
                    steps[steps.count - 1].expectedOutput.append(line)
                }
                index += 1
            }
            guard index < lines.count else { throw Malformed(description: "\(file):\(markerLine): the block is not closed") }
            guard !steps.isEmpty else { throw Malformed(description: "\(file):\(markerLine): the block has no command") }
            examples.append(DocExample(file: file, line: markerLine, player: player, steps: steps))
            index += 1
        }
        return examples
    }

    /// A `$` line: the command, and the exit status of a trailing `# exit N`.
    private static func step(_ text: Substring, line: Int) -> Step {
        if let range = text.range(of: #"\s+# exit (\d+)$"#, options: .regularExpression) {
            let status = Int32(text[range].split(separator: " ").last.map(String.init) ?? "0") ?? 0
            return Step(command: String(text[..<range.lowerBound]), expectedOutput: [], expectedStatus: status, line: line)
        }
        return Step(command: String(text), expectedOutput: [], expectedStatus: 0, line: line)
    }

    // MARK: Matching

    /// Whether `output` (without its final newline) is what `expected` describes.
    static func matches(_ output: String, _ expected: [String]) -> Bool {
        let actual = output.isEmpty ? [] : output.components(separatedBy: "\n")
        return matches(actual[...], expected[...])
    }

    private static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "…" {
            // Any number of lines: try every split, the fewest first.
            return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], expected.dropFirst()) }
        }
        guard let line = actual.first, lineMatches(line, first) else { return false }
        return matches(actual.dropFirst(), expected.dropFirst())
    }

    /// One line against a pattern in which `…` stands for any text.
    static func lineMatches(_ line: String, _ pattern: String) -> Bool {
        let parts = pattern.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:))
        return line.range(of: "^" + parts.joined(separator: ".*") + "$", options: .regularExpression) != nil
    }
}
