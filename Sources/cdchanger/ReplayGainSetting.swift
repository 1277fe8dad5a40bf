import AudioDecoding

/// The `replaygain` setting: which ReplayGain the player applies — `album` (the default: a
/// changer plays whole discs), `track` or `off`. `--replaygain MODE` on the commands that open a
/// player wins, then `$CDCHANGER_REPLAYGAIN`, then the settings file's `replaygain` key
/// (`SettingsKeys.replayGain`), then the default.
enum ReplayGainSetting {
    static let option = "--replaygain"
    static let environmentVariable = "CDCHANGER_REPLAYGAIN"
    static let standard = ReplayGainMode.album
    /// "album|track|off", for usage lines.
    static let choices = ReplayGainMode.allCases.map(\.rawValue).joined(separator: "|")
    /// The option's line in the commands' help.
    static let help = "the loudness correction from the tracks' ReplayGain tags: album (the default), track or off; else $\(environmentVariable), else the settings file's replaygain"

    /// The mode a value names ("album", "Track", "off"), or nil.
    static func mode(from text: String) -> ReplayGainMode? {
        ReplayGainMode(rawValue: text.lowercased())
    }

    /// The mode for a player: the option's, else the environment's, else `configured` (the
    /// settings file's value, already checked by its key), else the default.
    static func choose(option value: String?, environment: [String: String], configured: String?) throws(UsageError) -> ReplayGainMode {
        if let value {
            guard let mode = mode(from: value) else { throw UsageError("\(option) takes \(choices), not \u{201C}\(value)\u{201D}") }
            return mode
        }
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = mode(from: value) else { throw UsageError("$\(environmentVariable) must be \(choices), not \u{201C}\(value)\u{201D}") }
            return mode
        }
        return configured.flatMap(mode(from:)) ?? standard
    }
}
