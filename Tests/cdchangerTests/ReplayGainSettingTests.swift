import AudioDecoding
@testable import cdchanger
import Testing

/// The `replaygain` setting: album unless chosen; `--replaygain` before `$CDCHANGER_REPLAYGAIN`;
/// a value that names no mode is a usage error that says which values there are.
@Suite("The replaygain setting")
struct ReplayGainSettingTests {
    @Test("the option wins, then the environment, then album", arguments: [
        (nil, [:], ReplayGainMode.album), ("track", [:], .track), ("OFF", [:], .off),
        (nil, ["CDCHANGER_REPLAYGAIN": "track"], .track), ("album", ["CDCHANGER_REPLAYGAIN": "off"], .album),
        (nil, ["CDCHANGER_REPLAYGAIN": ""], .album),
    ] as [(String?, [String: String], ReplayGainMode)])
    func choice(option: String?, environment: [String: String], expected: ReplayGainMode) throws {
        #expect(try ReplayGainSetting.choose(option: option, environment: environment) == expected)
    }

    @Test("an unknown value is refused with the choices")
    func refused() {
        #expect {
            try ReplayGainSetting.choose(option: "loud", environment: [:])
        } throws: { ($0 as? UsageError)?.message == "--replaygain takes album|track|off, not \u{201C}loud\u{201D}" }
        #expect {
            try ReplayGainSetting.choose(option: nil, environment: ["CDCHANGER_REPLAYGAIN": "on"])
        } throws: { ($0 as? UsageError)?.message == "$CDCHANGER_REPLAYGAIN must be album|track|off, not \u{201C}on\u{201D}" }
        #expect(ReplayGainSetting.mode(from: "Album") == .album && ReplayGainSetting.key == "replaygain")
    }
}
