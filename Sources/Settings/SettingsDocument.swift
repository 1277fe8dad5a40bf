/// A settings file in its own words: `key = value` lines, comments (`#` first on the line) and
/// blank lines, kept exactly as written so that changing one key rewrites only that key's line.
///
/// ```swift
/// var document = SettingsDocument(text: "# my settings\nlibrary = ~/Music\n")
/// document.set("output", to: "alsa:hw:1")
/// document.text   // "# my settings\nlibrary = ~/Music\noutput = alsa:hw:1\n"
/// ```
///
/// A value is everything after the first `=`, without the spaces around it; a `#` inside a value
/// is part of it (a folder may be called "#1 Hits"). Keys are compared ignoring case.
public struct SettingsDocument: Equatable, Sendable {
    /// One line of the file, with its text as written.
    public enum Line: Equatable, Sendable {
        /// A comment or a blank line.
        case comment(String)
        case entry(key: String, value: String, text: String)
        /// A line that is neither: kept as it is, and reported.
        case malformed(String)

        var text: String {
            switch self {
            case .comment(let text), .malformed(let text), .entry(_, _, let text): text
            }
        }
    }

    public private(set) var lines: [Line]

    /// Reads `text` line by line (`\n` or `\r\n` line ends).
    public init(text: String) {
        // "\r\n" is one Character in Swift, so both line ends are separators of their own.
        var split = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if split.last == "" { split.removeLast() }
        lines = split.map(SettingsDocument.parse)
    }

    private static func parse(_ line: String) -> Line {
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .comment(line) }
        guard let equals = trimmed.firstIndex(of: "=") else { return .malformed(line) }
        let key = String(trimmed[..<equals]).trimmingSpaces.lowercased()
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return .malformed(line)
        }
        return .entry(key: key, value: String(trimmed[trimmed.index(after: equals)...]).trimmingSpaces, text: line)
    }

    /// The file's text: every line as it was read or set, each ending with a newline.
    public var text: String {
        lines.map { $0.text + "\n" }.joined()
    }

    /// Every `key = value` line with its line number (1 is the first line), in file order.
    public var entries: [(key: String, value: String, line: Int)] {
        lines.enumerated().compactMap { index, line in
            guard case .entry(let key, let value, _) = line else { return nil }
            return (key, value, index + 1)
        }
    }

    /// The lines that are neither comments nor `key = value`, with their line numbers.
    public var malformedLines: [(text: String, line: Int)] {
        lines.enumerated().compactMap { index, line in
            guard case .malformed(let text) = line else { return nil }
            return (text, index + 1)
        }
    }

    /// Sets `key` to `value`: its first line is rewritten in place (later lines of the same key are
    /// removed, so the file says one thing), or a line is added at the end. Comments stay.
    public mutating func set(_ key: String, to value: String) {
        let key = key.lowercased()
        let line = Line.entry(key: key, value: value, text: "\(key) = \(value)")
        guard let first = lines.firstIndex(where: { $0.key == key }) else {
            lines.append(line)
            return
        }
        lines[first] = line
        lines = lines.enumerated().filter { $0.offset <= first || $0.element.key != key }.map(\.element)
    }

    /// Removes every line of `key`; returns whether there was one. Comments stay.
    @discardableResult
    public mutating func remove(_ key: String) -> Bool {
        let key = key.lowercased()
        let before = lines.count
        lines.removeAll { $0.key == key }
        return lines.count != before
    }

    /// Adds comment lines (each given without its `#`) at the end.
    public mutating func appendComment(_ comments: [String]) {
        lines += comments.map { .comment($0.isEmpty ? "#" : "# \($0)") }
    }
}

extension SettingsDocument.Line {
    fileprivate var key: String? {
        if case .entry(let key, _, _) = self { return key }
        return nil
    }
}

extension StringProtocol {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
