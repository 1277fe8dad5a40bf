#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import MusicLibrary
import Settings

/// The settings file, `$XDG_CONFIG_HOME/cdchanger/config` (else `~/.config/cdchanger/config`):
/// read once per command; rewritten atomically by `cdchanger config set`, comments and all.
struct SettingsFile {
    /// The file's place, as the help describes it.
    static let documentedPath = "$XDG_CONFIG_HOME/cdchanger/config (else ~/.config/cdchanger/config)"

    let path: String
    private(set) var document: SettingsDocument
    /// Whether there was a file to read.
    let exists: Bool
    /// Why the file could not be read, when it is there but unreadable (it then counts as empty).
    let readError: String?
    /// The document's values, checked against `SettingsKeys.all`.
    private(set) var settings: Settings

    /// Reads the file for this environment; a missing file is an empty one.
    init(environment: [String: String]) {
        let path = SettingsFile.path(environment: environment)
        self.path = path
        var contents: Data?
        var readError: String?
        var exists = false
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: path))
            exists = true
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            contents = nil
        } catch {
            exists = true
            readError = "can't read it (\(SettingsFile.reason(error)))"
        }
        self.exists = exists
        self.readError = readError
        document = SettingsDocument(text: contents.map { String(decoding: $0, as: UTF8.self) } ?? "")
        settings = Settings(document, keys: SettingsKeys.all)
    }

    static func path(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/cdchanger/config" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.config/cdchanger/config"
    }

    /// What the user should read about the file: each ignored line with its number, or why the
    /// file could not be read.
    var problems: [String] {
        if let readError { return ["The settings file \(path): \(readError); the settings in it are not used."] }
        return settings.problems.map { "The settings file \(path), \($0)." }
    }

    /// Sets `key` (its value already checked) and writes the file.
    mutating func set(_ key: SettingKey, to value: String) throws(CommandFailure) {
        if !exists, document.lines.isEmpty { document.appendComment(SettingsFile.header) }
        document.set(key.name, to: value)
        try save()
    }

    /// Removes `key`'s lines and writes the file; returns whether the file set it.
    mutating func remove(_ key: SettingKey) throws(CommandFailure) -> Bool {
        guard document.remove(key.name) else { return false }
        try save()
        return true
    }

    /// The first lines of a file `cdchanger config set` creates.
    static let header = [
        "CD Changer settings: one KEY = VALUE a line; a line starting with # is a comment.",
        "`cdchanger config` lists every key, its value and where that comes from;",
        "`cdchanger help config` explains the keys. Command-line options and the environment win.",
    ]

    private mutating func save() throws(CommandFailure) {
        guard readError == nil else { throw CommandFailure("Can't change \(path): \(readError ?? "")") }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Data(document.text.utf8), to: url)
        } catch {
            throw CommandFailure("Can't save \(path): \(SettingsFile.reason(error)).")
        }
        settings = Settings(document, keys: SettingsKeys.all)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)"
    }
}
