import ChangerIntents
import IntentKit
import Session

/// `cdchanger resolve` and `cdchanger shortcuts`: the intent layer, as a dry run against the current state.
enum IntentCommands {
    static let descriptions: [CommandDescription] = [
        CommandDescription(
            words: ["resolve"], synopsis: "resolve [--json] [--siri] [SENTENCE…]",
            summary: "Show what a sentence would do, without doing it (reads one sentence per line from stdin when none is given; the exit status is then that of the first sentence not understood).",
            options: [
                OptionHelp("--json", "print one JSON object per sentence (sentence, outcome, intent, parameters, candidates, question, response, suggestions)"),
                OptionHelp("--siri", "resolve as a system assistant would: the sentence must name CD Changer"),
            ],
            exitStatuses: [
                ExitStatusHelp(0, "understood"),
                ExitStatusHelp(1, "not understood"),
                ExitStatusHelp(2, "ambiguous"),
                ExitStatusHelp(3, "needs a value"),
            ],
            run: { arguments, environment in
                let registry = try environment.registry
                let mode: ResolutionMode = arguments.flag("--siri") ? .siri : .inApp
                let line = { (sentence: String) in
                    arguments.flag("--json")
                        ? ChangerReports.resolveJSONLine(registry, sentence: sentence, mode: mode)
                        : ChangerReports.resolveTextLine(registry, sentence: sentence, mode: mode)
                }
                // 0 when every sentence is understood, else the status of the first one that is not.
                var status: Int32 = 0
                let resolve = { (sentence: String) in
                    environment.out(line(sentence))
                    if status == 0 { status = PlayerSession.exitStatus(for: registry.report(sentence, mode: mode).resolution) }
                }
                if arguments.positionals.isEmpty {
                    while let sentence = readLine() { resolve(sentence) }
                } else {
                    resolve(arguments.positionals.joined(separator: " "))
                }
                return status
            }
        ),
        CommandDescription(
            words: ["shortcuts"], synopsis: "shortcuts [--check | --metadata]",
            summary: "List every shortcut with its phrases; --check reports colliding phrases (exit 1); --metadata prints the JSON metadata.",
            options: [
                OptionHelp("--check", "report phrases that collide (two intents accept one sentence); exit 1 when any do"),
                OptionHelp("--metadata", "print the shortcuts' metadata as JSON"),
            ],
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
