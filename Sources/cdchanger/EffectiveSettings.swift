import ChangerKit
import Settings

/// What each setting is for this command and where that comes from: a command-line option, the
/// environment, a line of the settings file, or the default. Options and the environment win.
struct EffectiveSettings {
    /// One setting's value and its origin, in words ("--library", "$NO_COLOR", "line 3", "default").
    struct Entry {
        var key: SettingKey
        var value: String
        var origin: String
    }

    let entries: [Entry]

    init(file: SettingsFile, libraryOption: String?, environment: [String: String]) {
        let settings = file.settings
        let fromFile = { (key: SettingKey) -> Entry? in
            settings[key].map { Entry(key: key, value: $0.text, origin: "the settings file, line \($0.line)") }
        }
        let standard = { (key: SettingKey) in fromFile(key) ?? Entry(key: key, value: key.standard, origin: "default") }

        let configured = settings[SettingsKeys.library].map { SettingsKeys.expandedFolder($0.text, environment: environment) }
        let folder = MusicFolder.locate(option: libraryOption, environment: environment, configured: configured)
        let libraryOrigin = switch folder.source {
        case .option: "--library"
        case .environment: "$CDCHANGER_LIBRARY"
        case .settings: fromFile(SettingsKeys.library)?.origin ?? "the settings file"
        case .homeMusic: "default (~/Music holds albums)"
        case .demo: "default (~/Music holds no albums)"
        }
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        // Only the music folder and the colours have options or environment variables of their own.
        entries = SettingsKeys.all.map { key in
            switch key.name {
            case SettingsKeys.library.name: Entry(key: key, value: folder.path.displayName, origin: libraryOrigin)
            case SettingsKeys.colors.name where noColor: Entry(key: key, value: "never", origin: "$NO_COLOR")
            default: standard(key)
            }
        }
    }

    subscript(_ key: SettingKey) -> Entry? { entries.first { $0.key.name == key.name } }
}
