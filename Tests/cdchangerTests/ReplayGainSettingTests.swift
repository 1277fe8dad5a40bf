import AudioDecoding
@testable import cdchanger
import Testing

/// The `replaygain` setting: album unless chosen; `--replaygain` before `$CDCHANGER_REPLAYGAIN`
/// before the settings file; a value that names no mode is a usage error that says which values there are.
@Suite("The replaygain setting")
struct ReplayGainSettingTests {
    @Test("the option wins, then the environment, then the settings file, then album", arguments: [
        (nil, [:], nil, ReplayGainMode.album), ("track", [:], nil, .track), ("OFF", [:], nil, .off),
        (nil, ["CDCHANGER_REPLAYGAIN": "track"], nil, .track), ("album", ["CDCHANGER_REPLAYGAIN": "off"], nil, .album),
        (nil, ["CDCHANGER_REPLAYGAIN": ""], nil, .album), (nil, [:], "track", .track), (nil, ["CDCHANGER_REPLAYGAIN": "album"], "off", .album),
        ("off", [:], "track", .off), (nil, ["CDCHANGER_REPLAYGAIN": ""], "off", .off),
    ] as [(String?, [String: String], String?, ReplayGainMode)])
    func choice(option: String?, environment: [String: String], configured: String?, expected: ReplayGainMode) throws {
        #expect(try ReplayGainSetting.choose(option: option, environment: environment, configured: configured) == expected)
    }

    @Test("an unknown value is refused with the choices")
    func refused() {
        #expect {
            try ReplayGainSetting.choose(option: "loud", environment: [:], configured: nil)
        } throws: { ($0 as? UsageError)?.message == "--replaygain takes album|track|off, not \u{201C}loud\u{201D}" }
        #expect {
            try ReplayGainSetting.choose(option: nil, environment: ["CDCHANGER_REPLAYGAIN": "on"], configured: "track")
        } throws: { ($0 as? UsageError)?.message == "$CDCHANGER_REPLAYGAIN must be album|track|off, not \u{201C}on\u{201D}" }
        #expect(ReplayGainSetting.mode(from: "Album") == .album && SettingsKeys.replayGain.name == "replaygain")
    }
}
