#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import MusicLibrary

/// CD Changer's command line: finds the command, parses its arguments, runs it, and turns
/// failures into one-line messages (status 1) or usage errors (status 2).
enum CLI {
    static let version = "0.1.0"
    static let commands: [CommandDescription] = [OpenDashboard.description, PlayCommand.description, LibraryCommand.description]
        + MagazineCommand.descriptions + IntentCommands.descriptions + VoiceCommands.descriptions + RemoteCommands.descriptions + [ConfigCommand.description, help]

    /// `cdchanger help [COMMAND]`: the same text as `cdchanger [COMMAND] --help`.
    static let help = CommandDescription(
        words: ["help"], synopsis: "help [COMMAND]",
        summary: "Explain a command, each of its options and its exit statuses (without COMMAND: this overview).",
        run: { arguments, environment in
            environment.out(try HelpText.forCommand(named: arguments.positionals, in: commands))
            return 0
        }
    )
    static let generalUsage = "Usage: cdchanger [--library DIR] [--state-dir DIR] [COMMAND] [OPTIONS]  (see cdchanger --help)"

    /// The words that name a command, the command if they name one, and everything else.
    static func splitCommand(_ words: [String]) -> (command: CommandDescription?, group: String?, rest: [String]) {
        var commandWords: [String] = []
        var rest: [String] = []
        var iterator = words.makeIterator()
        var stillCommand = true
        while let word = iterator.next() {
            if word.hasPrefix("-") {
                rest.append(word)
                if GlobalOptions.valued.contains(word), let value = iterator.next() { rest.append(value) }
                continue
            }
            if stillCommand, commands.contains(where: { $0.words.starts(with: commandWords + [word]) }) {
                commandWords.append(word)
            } else {
                stillCommand = false
                rest.append(word)
            }
        }
        let command = commands.first { $0.words == commandWords }
        return (command, commandWords.first, rest)
    }

    /// The usage lines of the commands of `group`, for a usage error.
    static func helpText(forGroup group: String) -> String {
        HelpText.group(group, commands.filter { $0.words.first == group })
    }

    /// Runs a command line. `given` is a running player's environment, for a command sent over the
    /// control socket; otherwise one is made from the options and the process environment.
    static func run(_ words: [String], environment given: CommandEnvironment? = nil) -> Int32 {
        let output = given?.output ?? CommandOutput()
        if given == nil, words.contains("--version") {
            output.out("cdchanger \(version)")
            return 0
        }
        let (command, group, rest) = splitCommand(words)
        let spec = Arguments.Spec(
            valued: GlobalOptions.valued.union(command?.valued ?? []),
            flags: GlobalOptions.flags.union(command?.flags ?? [])
        )
        var usage = command.map { "Usage: \($0.usage)" } ?? group.map(helpText(forGroup:)) ?? generalUsage
        do {
            let arguments = try Arguments(rest, spec: spec)
            if command?.words.isEmpty == true, let stray = arguments.positionals.first {
                usage = generalUsage
                throw UsageError("unknown command \u{201C}\(stray)\u{201D}")
            }
            if arguments.flag("--help") {
                if let command {
                    output.out(command.words.isEmpty ? HelpText.overview(commands) : HelpText.help(for: command))
                } else {
                    output.out(try HelpText.forCommand(named: (group.map { [$0] } ?? []) + arguments.positionals, in: commands))
                }
                return 0
            }
            if let library = arguments.value("--library") {
                guard !library.isEmpty else { throw UsageError("--library needs a folder") }
                guard LibraryPath(library).isDirectory else { throw UsageError("--library \(library): there is no folder there") }
            }
            let environment = given ?? CommandEnvironment(
                stateDirectory: arguments.value("--state-dir"),
                libraryOption: arguments.value("--library"),
                environment: ProcessInfo.processInfo.environment,
                output: output
            )
            guard let command else {
                if let stray = arguments.positionals.first { throw UsageError("unknown \(group ?? "") command \u{201C}\(stray)\u{201D}") }
                throw UsageError("\(group ?? "cdchanger") needs a subcommand")
            }
            if given == nil, command.words.first == "magazine", let routed = try RemoteCommands.routeToPlayer(words: words, environment: environment) {
                return routed
            }
            return try command.run(arguments, environment)
        } catch let error as UsageError {
            output.err("cdchanger: \(error.message)")
            output.err(usage)
            return 2
        } catch let failure as CommandFailure {
            output.err("cdchanger: \(failure.message)")
            return failure.status
        } catch {
            output.err("cdchanger: \(error)")
            return 1
        }
    }
}

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
