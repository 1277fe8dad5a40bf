import ChangerIntents
import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import IntentKit
import MusicLibrary
import Settings

/// One option as `--help` explains it: `--disc N` takes a value (`value` is "N"), `--json` does not.
struct OptionHelp: Sendable {
    var name: String
    var value: String?
    var meaning: String

    /// An option that takes a value.
    init(_ name: String, _ value: String, _ meaning: String) {
        self.name = name
        self.value = value
        self.meaning = meaning
    }

    /// A flag.
    init(_ name: String, _ meaning: String) {
        self.name = name
        value = nil
        self.meaning = meaning
    }

    /// "--disc N", "--json".
    var label: String { value.map { "\(name) \($0)" } ?? name }
}

/// One command of the command line: its words, usage line, options (each explained in its help)
/// and what it runs.
struct CommandDescription: Sendable {
    var words: [String]
    var synopsis: String
    var summary: String
    /// More about the command, for its own help only (the overview shows the summary).
    var details: String?
    /// Every option the command accepts besides the global ones; the parser accepts exactly these.
    var options: [OptionHelp] = []
    /// What each exit status means, for commands whose statuses say more than done / failed / usage.
    var exitStatuses: [ExitStatusHelp] = []
    /// More to explain in the command's help, each under a title ("Keys" for `config`).
    var sections: [HelpSection] = []
    var run: @Sendable (Arguments, CommandEnvironment) throws -> Int32

    var usage: String { "cdchanger \(synopsis)" }
    /// The options that take a value.
    var valued: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }
    /// The options that are flags.
    var flags: Set<String> { Set(options.filter { $0.value == nil }.map(\.name)) }
}

/// A titled list in a command's help, laid out as its options are.
struct HelpSection: Sendable {
    var title: String
    var entries: [OptionHelp]
}

/// One exit status as a command's help explains it.
struct ExitStatusHelp: Sendable {
    var status: Int32
    var meaning: String

    init(_ status: Int32, _ meaning: String) {
        self.status = status
        self.meaning = meaning
    }
}

/// What every command can reach: the parsed global options, where its output goes and, opened on
/// first use, the changer's context. A running player lends its own context and registry, so that a
/// `magazine` command sent over the control socket edits the player's state, not a second copy.
final class CommandEnvironment {
    let stateDirectory: String?
    let libraryOption: String?
    let environment: [String: String]
    let output: CommandOutput
    /// Whether the commands run inside a running player, which keeps a change it could not save.
    let insidePlayer: Bool
    /// Set by a player before it opens the context: it owns the state while it runs.
    var opensPlayer = false
    /// Set by the dashboard before it opens the context: a long first scan goes on in the background.
    var scansInBackground = false
    private var openedContext: ChangerContext?
    private var openedRegistry: ShortcutRegistry?
    private var openedRackEditor: RackEditor?

    init(stateDirectory: String?, libraryOption: String?, environment: [String: String], output: CommandOutput = CommandOutput()) {
        self.stateDirectory = stateDirectory
        self.libraryOption = libraryOption
        self.environment = environment
        self.output = output
        insidePlayer = false
    }

    /// An environment over a running player's context, registry and rack editor, collecting what commands print.
    init(context: ChangerContext, registry: ShortcutRegistry, rackEditor: RackEditor, output: CommandOutput) {
        stateDirectory = nil
        libraryOption = nil
        environment = [:]
        self.output = output
        insidePlayer = true
        openedContext = context
        openedRegistry = registry
        openedRackEditor = rackEditor
    }

    /// Prints a line of the command's output.
    func out(_ line: String) { output.out(line) }

    /// Prints a line to the command's error stream.
    func err(_ line: String) { output.err(line) }

    /// The state and library, opened once; notices (a state file moved aside, unreadable folders) go
    /// to stderr, except in a player, whose session shows them (the dashboard would hide them).
    var context: ChangerContext {
        get {
            if let openedContext { return openedContext }
            let context = ChangerContext(
                stateDirectory: stateDirectory, libraryOption: libraryOption, environment: environment,
                configuredLibrary: setting(SettingsKeys.library).map { SettingsKeys.expandedFolder($0, environment: environment) },
                scansLibrary: !opensPlayer || setting(SettingsKeys.scanOnStart) != "no",
                rereadsBeforeEdits: !opensPlayer,
                scan: scansInBackground ? .leavingLongReadsForLater : .now(progress: isatty(STDERR_FILENO) == 1 ? showScanProgress : nil)
            )
            if !opensPlayer { for notice in settingsFile.problems + context.notices { err("cdchanger: \(notice)") } }
            openedContext = context
            return context
        }
        set { openedContext = newValue }
    }

    /// The one rack editor: the running player's, or one over this command's store.
    var rackEditor: RackEditor {
        if let openedRackEditor { return openedRackEditor }
        let editor = RackEditor(store: context.store, shelf: context.shelf)
        openedRackEditor = editor
        return editor
    }

    private var readSettingsFile: SettingsFile?

    /// The settings file, read on first use.
    var settingsFile: SettingsFile {
        get {
            if let readSettingsFile { return readSettingsFile }
            let file = SettingsFile(environment: environment)
            readSettingsFile = file
            return file
        }
        set { readSettingsFile = newValue }
    }

    /// The settings file's value for `key`, when it sets a good one.
    func setting(_ key: SettingKey) -> String? { settingsFile.settings[key]?.text }

    /// The intent registry over the current magazines, refreshed by the store after every change.
    var registry: ShortcutRegistry {
        get throws {
            if let openedRegistry { return openedRegistry }
            let registry = try MagazineEntities.registry(observing: context.store, library: LibraryEntities(context.shelf.library))
            openedRegistry = registry
            return registry
        }
    }
}

/// A long scan's progress on standard error (a terminal), rewritten in place: "Scanning 3,412 of
/// 10,000 files…", cleared when it is done. Short scans show nothing.
@Sendable func showScanProgress(_ progress: ScanProgress) {
    guard progress.total >= ChangerContext.backgroundThreshold else { return }
    let line = progress.read < progress.total ? "\r\(progress)\u{1B}[K" : "\r\u{1B}[K"
    let bytes = Array(line.utf8)
    bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Options every command accepts.
enum GlobalOptions {
    static let options = [
        OptionHelp("--library", "DIR", "the music folder (else $CDCHANGER_LIBRARY, the settings file, ~/Music, the demo library); it must exist"),
        OptionHelp("--state-dir", "DIR", "where magazines, the position and the prompt history are kept (else $CDCHANGER_STATE_DIR, $XDG_STATE_HOME/cdchanger, ~/.local/state/cdchanger)"),
        OptionHelp("--help", "help for the command, e.g. cdchanger magazine create --help (also: cdchanger help COMMAND)"),
    ]
    /// Only on its own, before or instead of a command.
    static let version = OptionHelp("--version", "print the version")
    static let valued: Set<String> = Set(options.filter { $0.value != nil }.map(\.name))
    static let flags: Set<String> = Set(options.filter { $0.value == nil }.map(\.name))
}

/// Where a command's text goes: the terminal, or — for a command run inside a player on behalf
/// of a client — strings sent back over the control socket.
final class CommandOutput {
    private let capturing: Bool
    private(set) var standardOutput = ""
    private(set) var standardError = ""

    init(capturing: Bool = false) { self.capturing = capturing }

    /// Prints a line at once (not when the buffer fills or the process ends): a command that goes on
    /// working after saying "Created Road Trip." has said it even if it is killed a moment later.
    func out(_ line: String) {
        if capturing {
            standardOutput += line + "\n"
        } else {
            print(line)
            fflush(nil)
        }
    }

    func err(_ line: String) {
        if capturing { standardError += line + "\n" } else { printError(line) }
    }
}

/// Prints to standard error.
func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
}
