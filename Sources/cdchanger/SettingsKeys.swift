import AudioDecoding
import MusicLibrary
import Playback
import Settings

/// The keys of CD Changer's settings file, with what each takes. A key of fixed choices is one
/// line (`SettingKey.choice`); `cdchanger help config` and `cdchanger config` list them in this order.
enum SettingsKeys {
    static let library = SettingKey(
        name: "library", meaning: "the music folder: a folder of albums, each a folder of audio files (MP3, FLAC, Ogg Vorbis, Opus)",
        values: "a folder: an absolute path, or one starting with ~/",
        standard: "~/Music when it holds albums, else the demo library"
    ) { value in
        guard value == "~" || value.hasPrefix("~/") || value.hasPrefix("/") else {
            return .failure(SettingValueError("library must be an absolute folder path or start with ~/, not \u{201C}\(value)\u{201D}"))
        }
        return .success(value)
    }

    static let output = SettingKey(
        name: "output", meaning: "where the dashboard and cdchanger play send the sound",
        values: "alsa, alsa:DEVICE (e.g. alsa:hw:1) or null", standard: "alsa:default"
    ) { value in
        let choice: OutputChoice
        do {
            choice = try OutputChoice.parse(output: value, device: nil, fast: false)
        } catch {
            return .failure(SettingValueError("output must be alsa, alsa:DEVICE or null, not \u{201C}\(value)\u{201D}"))
        }
        if case .wav = choice.sink {
            return .failure(SettingValueError("output must be alsa, alsa:DEVICE or null (a WAV file is for cdchanger play --output wav:PATH)"))
        }
        return .success(choice.description)
    }

    static let microphone = SettingKey(
        name: "mic", meaning: "the microphone cdchanger hear, the v key and cdchanger listen use (docs/voice.md)",
        values: "an ALSA capture device, e.g. default or hw:1", standard: "default"
    ) { value in
        guard !value.isEmpty, !value.contains(where: \.isWhitespace) else {
            return .failure(SettingValueError("mic must be an ALSA capture device such as default or hw:1, not \u{201C}\(value)\u{201D}"))
        }
        return .success(value)
    }

    static let colors = SettingKey.choice(
        "colors", ["auto", "never"], standard: "auto",
        meaning: "the dashboard's colours: auto uses them when the terminal has them; never draws in monochrome (so does $NO_COLOR)"
    )

    static let scanOnStart = SettingKey.choice(
        "scan-on-start", ["yes", "no"], standard: "yes",
        meaning: "whether the player (the dashboard, cdchanger play) looks through the music folder when it starts; with no it starts from the albums the last scan found (cdchanger library scans again)"
    )

    static let replayGain = SettingKey.choice(
        "replaygain", ReplayGainMode.allCases.map(\.rawValue), standard: ReplayGainSetting.standard.rawValue,
        meaning: "the loudness correction from the tracks' ReplayGain tags: album keeps a disc's own balance, track evens out every track, off plays them as they are (--replaygain and $CDCHANGER_REPLAYGAIN win)"
    )

    static let all = [library, output, microphone, colors, scanOnStart, replayGain]

    /// "~/Music" → "/home/ann/Music" (a folder value of the settings file).
    static func expandedFolder(_ value: String, environment: [String: String]) -> String {
        guard value == "~" || value.hasPrefix("~/") else { return value }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + value.dropFirst()
    }
}
