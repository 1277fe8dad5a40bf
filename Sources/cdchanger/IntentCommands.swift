import ChangerIntents
import IntentKit

/// `cdchanger resolve` and `cdchanger shortcuts`: the intent layer, as a dry run against the current state.
enum IntentCommands {
    static let descriptions: [CommandDescription] = [
        CommandDescription(
            words: ["resolve"], synopsis: "resolve [--json] [--siri] [SENTENCE…]",
            summary: "Show what a sentence would do, without doing it (reads one sentence per line from stdin when none is given).",
            flags: ["--json", "--siri"],
            run: { arguments, environment in
                let registry = try environment.registry
                let mode: ResolutionMode = arguments.flag("--siri") ? .siri : .inApp
                let line = { (sentence: String) in
                    arguments.flag("--json")
                        ? ChangerReports.resolveJSONLine(registry, sentence: sentence, mode: mode)
                        : ChangerReports.resolveTextLine(registry, sentence: sentence, mode: mode)
                }
                if arguments.positionals.isEmpty {
                    while let sentence = readLine() { environment.out(line(sentence)) }
                } else {
                    environment.out(line(arguments.positionals.joined(separator: " ")))
                }
                return 0
            }
        ),
        CommandDescription(
            words: ["shortcuts"], synopsis: "shortcuts [--check | --metadata]",
            summary: "List every shortcut with its phrases; --check reports colliding phrases (exit 1); --metadata prints the JSON metadata.",
            flags: ["--check", "--metadata"],
            run: { arguments, environment in
                _ = try arguments.exactly([])
                guard !(arguments.flag("--check") && arguments.flag("--metadata")) else {
                    throw UsageError("choose one of --check and --metadata")
                }
                let registry = try environment.registry
                if arguments.flag("--metadata") {
                    environment.out(ChangerReports.metadataText(registry))
                    return 0
                }
                if arguments.flag("--check") {
                    let (lines, collides) = ChangerReports.checkLines(registry)
                    lines.forEach { environment.out($0) }
                    return collides ? 1 : 0
                }
                ChangerReports.shortcutLines(registry).forEach { environment.out($0) }
                return 0
            }
        ),
    ]
}
