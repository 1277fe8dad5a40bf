/// The values a settings document gives, checked against the keys it may hold: each value with
/// the line it came from, and each line that was ignored with the reason (its line number first).
public struct Settings: Sendable {
    /// A value and the line of the file it came from.
    public struct Value: Equatable, Sendable {
        public var text: String
        public var line: Int

        public init(text: String, line: Int) {
            self.text = text
            self.line = line
        }
    }

    public private(set) var values: [String: Value] = [:]
    /// The ignored lines, in file order.
    public private(set) var problems: [SettingsProblem] = []

    /// Checks every line of `document` against `keys`: a malformed line, an unknown key, a bad value
    /// or a key set a second time is ignored and reported; every other value counts.
    public init(_ document: SettingsDocument, keys: [SettingKey]) {
        var found = document.malformedLines.map {
            SettingsProblem(line: $0.line, message: "expected KEY = VALUE, found \u{201C}\($0.text.trimmingSpaces)\u{201D}")
        }
        for entry in document.entries {
            guard let key = keys.first(where: { $0.name == entry.key }) else {
                let known = SettingKey.list(keys.map(\.name))
                found.append(SettingsProblem(line: entry.line, message: "unknown key \u{201C}\(entry.key)\u{201D} (the keys are \(known))"))
                continue
            }
            if let earlier = values[key.name] {
                found.append(SettingsProblem(line: entry.line, message: "\(key.name) is already set on line \(earlier.line)"))
                continue
            }
            switch key.check(entry.value) {
            case .success(let value): values[key.name] = Value(text: value, line: entry.line)
            case .failure(let error): found.append(SettingsProblem(line: entry.line, message: error.message))
            }
        }
        problems = found.sorted { $0.line < $1.line }
    }

    /// The value of `key`, if the file sets it (and the value is good).
    public subscript(_ key: SettingKey) -> Value? { values[key.name] }
}

/// A line of the settings file that was ignored, and why.
public struct SettingsProblem: Equatable, Sendable, CustomStringConvertible {
    /// 1 is the file's first line.
    public var line: Int
    public var message: String

    /// "line 4: unknown key “colour” (…); the line is ignored"
    public var description: String { "line \(line): \(message); the line is ignored" }
}
