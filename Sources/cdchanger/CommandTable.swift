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

/// One command of the command line: its words, usage line, options and what it runs.
struct CommandDescription: Sendable {
    var words: [String]
    var synopsis: String
    var summary: String
    var valued: Set<String> = []
    var flags: Set<String> = []
    var run: @Sendable (Arguments, CommandEnvironment) throws -> Int32

    var usage: String { "cdchanger \(synopsis)" }
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

    /// The state and library, opened once; notices (a state file moved aside, unreadable folders) go to stderr.
    var context: ChangerContext {
        get {
            if let openedContext { return openedContext }
            let context = ChangerContext(
                stateDirectory: stateDirectory, libraryOption: libraryOption, environment: environment, rereadsBeforeEdits: !opensPlayer,
                scan: scansInBackground ? .leavingLongReadsForLater : .now(progress: isatty(STDERR_FILENO) == 1 ? showScanProgress : nil)
            )
            for notice in context.notices { err(notice) }
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

    /// The intent registry over the current magazines, refreshed by the store after every change.
    var registry: ShortcutRegistry {
        get throws {
            if let openedRegistry { return openedRegistry }
            let registry = try MagazineEntities.registry(observing: context.store)
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
    static let valued: Set<String> = ["--library", "--state-dir"]
    static let flags: Set<String> = ["--help"]
}

/// Where a command's text goes: the terminal, or — for a command run inside a player on behalf
/// of a client — strings sent back over the control socket.
final class CommandOutput {
    private let capturing: Bool
    private(set) var standardOutput = ""
    private(set) var standardError = ""

    init(capturing: Bool = false) { self.capturing = capturing }

    func out(_ line: String) {
        if capturing { standardOutput += line + "\n" } else { print(line) }
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
