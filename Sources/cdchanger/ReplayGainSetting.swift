import AudioDecoding

/// The `replaygain` setting: which ReplayGain the player applies — `album` (the default),
/// `track` or `off`. Until the settings file's key table reads it, it comes from
/// `--replaygain MODE` (on the commands that open a player), else `$CDCHANGER_REPLAYGAIN`;
/// `mode(from:)` reads one value, so the key table can call it with the file's.
enum ReplayGainSetting {
    static let key = "replaygain"
    static let option = "--replaygain"
    static let environmentVariable = "CDCHANGER_REPLAYGAIN"
    static let standard = ReplayGainMode.album
    /// "album|track|off", for usage lines.
    static let choices = ReplayGainMode.allCases.map(\.rawValue).joined(separator: "|")

    /// The mode a value names ("album", "Track", "off"), or nil.
    static func mode(from text: String) -> ReplayGainMode? {
        ReplayGainMode(rawValue: text.lowercased())
    }

    /// The mode for a player: the option's, else the environment's, else the default.
    static func choose(option value: String?, environment: [String: String]) throws(UsageError) -> ReplayGainMode {
        if let value {
            guard let mode = mode(from: value) else { throw UsageError("\(option) takes \(choices), not \u{201C}\(value)\u{201D}") }
            return mode
        }
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = mode(from: value) else { throw UsageError("$\(environmentVariable) must be \(choices), not \u{201C}\(value)\u{201D}") }
            return mode
        }
        return standard
    }
}
