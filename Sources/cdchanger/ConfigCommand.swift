#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dashboard
import MusicLibrary
import Settings

/// `cdchanger config [get KEY | set KEY VALUE | unset KEY]`: the settings file, read and changed
/// from the command line; without words, every setting's value and where it comes from.
enum ConfigCommand {
    static let description = CommandDescription(
        words: ["config"], synopsis: "config [get KEY | set KEY VALUE | unset KEY]",
        summary: "Show every setting with its value and where it comes from; get, set or unset one in the settings file.",
        details: "The settings file is \(SettingsFile.documentedPath): one KEY = VALUE a line, # starts a comment. "
            + "get prints the value in effect; set checks the value and writes it into the file, keeping its comments and the order of its lines; unset takes the key out. "
            + "Command-line options and the environment ($CDCHANGER_LIBRARY, $NO_COLOR) win over the file. "
            + "A line the file can't use is reported with its number and ignored.",
        sections: [
            HelpSection(title: "Keys", entries: SettingsKeys.all.map { OptionHelp($0.name, "\($0.meaning). Values: \($0.values). Default: \($0.standard).") }),
        ],
        run: { arguments, environment in
            let words = arguments.positionals
            switch words.first {
            case nil:
                return list(environment, libraryOption: arguments.value("--library"))
            case "get":
                let key = try named(try exactly(words, ["get", "KEY"])[1])
                let effective = EffectiveSettings(file: environment.settingsFile, libraryOption: arguments.value("--library"), environment: environment.environment)
                environment.out(effective[key]?.value ?? key.standard)
                return 0
            case "set":
                let given = try exactly(words, ["set", "KEY", "VALUE"])
                return try set(try named(given[1]), to: given[2], environment)
            case "unset":
                let key = try named(try exactly(words, ["unset", "KEY"])[1])
                let removed = try environment.settingsFile.remove(key)
                environment.out(removed ? "Removed \(key.name) from \(environment.settingsFile.path)." : "\(environment.settingsFile.path) does not set \(key.name).")
                return 0
            case let word?:
                throw UsageError("unknown config command \u{201C}\(word)\u{201D} (get, set or unset)")
            }
        }
    )

    private static func exactly(_ words: [String], _ names: [String]) throws(UsageError) -> [String] {
        if words.count < names.count { throw UsageError("missing \(names[words.count])") }
        if words.count > names.count { throw UsageError("unexpected argument \u{201C}\(words[names.count])\u{201D} (quote a value with spaces)") }
        return words
    }

    private static func named(_ name: String) throws(UsageError) -> SettingKey {
        guard let key = SettingsKeys.all.first(where: { $0.name == name.lowercased() }) else {
            throw UsageError("unknown key \u{201C}\(name)\u{201D}; the keys are " + SettingsKeys.all.map(\.name).joined(separator: ", "))
        }
        return key
    }

    /// Every key, its value and its origin, in columns; then the lines of the file that were ignored.
    private static func list(_ environment: CommandEnvironment, libraryOption: String?) -> Int32 {
        let file = environment.settingsFile
        let effective = EffectiveSettings(file: file, libraryOption: libraryOption, environment: environment.environment)
        environment.out("Settings file: \(file.path)" + (file.exists ? "" : " (not there yet: cdchanger config set KEY VALUE makes it)"))
        let keyWidth = effective.entries.map { $0.key.name.count }.max() ?? 0
        let valueWidth = min(40, effective.entries.map { DisplayWidth.of($0.value) }.max() ?? 0)
        for entry in effective.entries {
            let value = Formatting.padded(entry.value, to: max(valueWidth, DisplayWidth.of(entry.value)))
            environment.out("\(Formatting.padded(entry.key.name, to: keyWidth))  \(value)  \(entry.origin)")
        }
        for problem in file.problems { environment.err("cdchanger: \(problem)") }
        return 0
    }

    /// Checks `value` for `key` (a folder must exist; a relative one is made absolute) and writes it.
    private static func set(_ key: SettingKey, to value: String, _ environment: CommandEnvironment) throws -> Int32 {
        var value = value
        if key.name == SettingsKeys.library.name {
            if !value.hasPrefix("/"), !value.hasPrefix("~") { value = FileManager.default.currentDirectoryPath + "/" + value }
            guard LibraryPath(SettingsKeys.expandedFolder(value, environment: environment.environment)).isDirectory else {
                throw UsageError("there is no folder \(value)")
            }
        }
        let stored: String
        switch key.check(value) {
        case .success(let checked): stored = checked
        case .failure(let error): throw UsageError(error.message)
        }
        try environment.settingsFile.set(key, to: stored)
        environment.out("Set \(key.name) = \(stored) in \(environment.settingsFile.path).")
        let effective = EffectiveSettings(file: environment.settingsFile, libraryOption: nil, environment: environment.environment)
        if let entry = effective[key] {
            switch entry.origin {
            case .option(let name), .environment(let name): environment.out("While \(name) is set, it wins: \(key.name) is \(entry.value).")
            case .file, .standard: break
            }
        }
        return 0
    }
}
