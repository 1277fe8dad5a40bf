/// One key the settings file may hold: its name, what it means, the values it takes, and how a
/// value is checked (and written the one way it is stored: "Never" → "never").
///
/// A key of fixed choices is one line:
///
/// ```swift
/// SettingKey.choice("replaygain", ["album", "track", "off"], standard: "off", meaning: "loudness…")
/// ```
public struct SettingKey: Sendable {
    public var name: String
    /// What it sets, for `cdchanger help config`.
    public var meaning: String
    /// The values it takes, in words: "auto or never", "a folder".
    public var values: String
    /// What applies when the file doesn't set it, in words.
    public var standard: String
    /// The value as stored, or why it can't be.
    public var check: @Sendable (String) -> Result<String, SettingValueError>

    public init(name: String, meaning: String, values: String, standard: String, check: @escaping @Sendable (String) -> Result<String, SettingValueError>) {
        self.name = name
        self.meaning = meaning
        self.values = values
        self.standard = standard
        self.check = check
    }

    /// A key that takes one of `choices` (any case; stored as listed). `standard` is the choice
    /// that applies when the file doesn't set the key.
    public static func choice(_ name: String, _ choices: [String], standard: String, meaning: String) -> SettingKey {
        let listed = SettingKey.list(choices)
        return SettingKey(name: name, meaning: meaning, values: listed, standard: standard) { value in
            guard let chosen = choices.first(where: { $0.lowercased() == value.lowercased() }) else {
                return .failure(SettingValueError("\(name) must be \(listed), not \u{201C}\(value)\u{201D}"))
            }
            return .success(chosen)
        }
    }

    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

/// Why a value can't be stored for a key, in words for the user ("colors must be auto or never, not “blue”").
public struct SettingValueError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
