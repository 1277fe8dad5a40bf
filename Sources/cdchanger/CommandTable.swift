import ChangerIntents
import ChangerKit
import Foundation
import IntentKit

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

/// What every command can reach: the parsed global options and, opened on first use, the changer's context.
final class CommandEnvironment {
    let stateDirectory: String?
    let libraryOption: String?
    let environment: [String: String]
    private var openedContext: ChangerContext?
    private var openedRegistry: ShortcutRegistry?

    init(stateDirectory: String?, libraryOption: String?, environment: [String: String]) {
        self.stateDirectory = stateDirectory
        self.libraryOption = libraryOption
        self.environment = environment
    }

    /// The state and library, opened once; notices (a state file moved aside, unreadable folders) go to stderr.
    var context: ChangerContext {
        get {
            if let openedContext { return openedContext }
            let context = ChangerContext(stateDirectory: stateDirectory, libraryOption: libraryOption, environment: environment)
            for notice in context.notices { printError(notice) }
            openedContext = context
            return context
        }
        set { openedContext = newValue }
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

/// Options every command accepts.
enum GlobalOptions {
    static let valued: Set<String> = ["--library", "--state-dir"]
    static let flags: Set<String> = ["--help"]
}

/// Prints to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
