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
            words: ["shortcuts"], synopsis: "shortcuts [--check | --metadata | --spoken N]",
            summary: "List every shortcut with its phrases; --check reports colliding phrases, and phrases and magazine names that sound alike (exit 1); --metadata prints the JSON metadata; --spoken lists sentences the voice prompt hears.",
            options: [
                OptionHelp("--check", "report phrases that collide (two intents accept one sentence), phrases of the voice grammar that sound like another command's, and magazine names that sound like a phrase or another name (docs/voice.md); exit 1 when any do"),
                OptionHelp("--metadata", "print the shortcuts' metadata as JSON"),
                OptionHelp("--spoken", "N", "print N sentences of each phrase as the voice prompt hears them, with your magazine, album and artist names (the same sample every time; docs/voice.md)"),
            ],
            run: { arguments, environment in
                _ = try arguments.exactly([])
                let modes = [arguments.flag("--check"), arguments.flag("--metadata"), arguments.value("--spoken") != nil]
                guard modes.filter({ $0 }).count <= 1 else {
                    throw UsageError("choose one of --check, --metadata and --spoken")
                }
                let registry = try environment.registry
                if let count = arguments.value("--spoken") {
                    guard let perPhrase = Int(count), perPhrase > 0 else { throw UsageError("--spoken takes a number of sentences per phrase, such as 2") }
                    try VoiceCommands.spokenSentences(registry, perPhrase: perPhrase, environment).forEach { environment.out($0) }
                    return 0
                }
                if arguments.flag("--metadata") {
                    environment.out(ChangerReports.metadataText(registry))
                    return 0
                }
                if arguments.flag("--check") {
                    let (lines, collides) = ChangerReports.checkLines(registry)
                    let (soundAlike, soundsAlike) = VoiceCommands.soundAlikeLines(registry)
                    (lines + soundAlike).forEach { environment.out($0) }
                    return collides || soundsAlike ? 1 : 0
                }
                ChangerReports.shortcutLines(registry).forEach { environment.out($0) }
                return 0
            }
        ),
    ]
}
