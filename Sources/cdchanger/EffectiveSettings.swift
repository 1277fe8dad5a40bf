import ChangerKit
import Settings

/// What each setting is for this command and where that comes from: a command-line option, the
/// environment, a line of the settings file, or the default. Options and the environment win.
struct EffectiveSettings {
    /// Where a value comes from.
    enum Origin: Equatable, CustomStringConvertible {
        case option(String)
        case environment(String)
        case file(line: Int)
        /// The default, with why when it depends on something ("~/Music holds albums").
        case standard(because: String?)

        /// "--library", "$NO_COLOR", "the settings file, line 3", "default (~/Music holds albums)".
        var description: String {
            switch self {
            case .option(let name), .environment(let name): name
            case .file(let line): "the settings file, line \(line)"
            case .standard(let reason): reason.map { "default (\($0))" } ?? "default"
            }
        }
    }

    /// One setting's value and its origin.
    struct Entry {
        var key: SettingKey
        var value: String
        var origin: Origin
    }

    let entries: [Entry]

    init(file: SettingsFile, libraryOption: String?, environment: [String: String]) {
        let settings = file.settings
        let standard = { (key: SettingKey) in
            settings[key].map { Entry(key: key, value: $0.text, origin: .file(line: $0.line)) }
                ?? Entry(key: key, value: key.standard, origin: .standard(because: nil))
        }
        let configured = settings[SettingsKeys.library].map { SettingsKeys.expandedFolder($0.text, environment: environment) }
        let folder = MusicFolder.locate(option: libraryOption, environment: environment, configured: configured)
        let libraryOrigin: Origin = switch folder.source {
        case .option: .option("--library")
        case .environment: .environment("$CDCHANGER_LIBRARY")
        case .settings: .file(line: settings[SettingsKeys.library]?.line ?? 0)
        case .homeMusic: .standard(because: "~/Music holds albums")
        case .demo: .standard(because: "~/Music holds no albums")
        }
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let replayGain = environment[ReplayGainSetting.environmentVariable].flatMap { $0.isEmpty ? nil : ReplayGainSetting.mode(from: $0) }
        // Only the music folder, the colours and ReplayGain have options or environment variables of their own.
        entries = SettingsKeys.all.map { key in
            switch key.name {
            case SettingsKeys.library.name: Entry(key: key, value: folder.path.displayName, origin: libraryOrigin)
            case SettingsKeys.colors.name where noColor: Entry(key: key, value: "never", origin: .environment("$NO_COLOR"))
            case SettingsKeys.replayGain.name where replayGain != nil:
                Entry(key: key, value: replayGain!.rawValue, origin: .environment("$" + ReplayGainSetting.environmentVariable))
            default: standard(key)
            }
        }
    }

    subscript(_ key: SettingKey) -> Entry? { entries.first { $0.key.name == key.name } }
}
