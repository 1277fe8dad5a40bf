import ChangerIntents
import IntentKit
import OrderedJSON
import Remote
import Session
import SystemSupport
import Voice

/// `cdchanger hear` and `cdchanger listen`: speech into the same resolver as `resolve` and `say`
/// (docs/voice.md).
enum VoiceCommands {
    /// What the player says when the recognizer rejected the audio.
    static let notHeardResponse = "Sorry, I didn't catch that."
    /// The capture device used when `--mic` is not given.
    static let defaultMicrophone = "default"
    /// The players' `--mic` (the dashboard's and `play`'s), which the `v` key and `listen` use.
    static let microphoneOption = OptionHelp(
        "--mic", "DEVICE", "the ALSA capture device the v key and cdchanger listen use (else the settings file's mic, else \u{201C}default\u{201D}; list them with arecord -l)"
    )

    /// The microphone: `--mic`, else the settings file's `mic`, else ALSA's default device.
    static func microphone(_ arguments: Arguments, _ environment: CommandEnvironment) -> String {
        arguments.value("--mic") ?? environment.setting(SettingsKeys.microphone) ?? defaultMicrophone
    }

    static let descriptions: [CommandDescription] = [
        CommandDescription(
            words: ["hear"], synopsis: "hear [--json] [--mic DEVICE] [FILE.wav…]",
            summary: "Recognize speech: with files, show what each would do without doing it (like resolve); without, listen once on the microphone and tell the running player (like say).",
            details: "Files may have any sample rate, mono or stereo. Listening ends when the speaker stops, or after 8 seconds. Speech the recognizer is not sure of is asked back (Did you say \u{201C}play disc five\u{201D}?, status 2; from the microphone the player then waits for yes) or, when it is less sure still, rejected (\u{201C}\(notHeardResponse)\u{201D}) rather than guessed: a wrong action is worse than a question. The speech model is loaded on first use (about a second). See docs/voice.md.",
            options: [
                OptionHelp("--json", "print one JSON object per file: the keys of resolve --json plus heard (the recognized text, or null), sure (false when it is asked back) and score (the confidence: acted on from \(RejectionModel.standard.threshold), asked back from \(RejectionModel.standard.confirmThreshold); a number a second decoder does not back needs \(RejectionModel.standard.numberThreshold) or is asked back); outcome notHeard when the audio was rejected"),
                OptionHelp("--mic", "DEVICE", "the ALSA capture device to listen on (else the settings file's mic, else \u{201C}default\u{201D}; list them with arecord -l); not with files"),
            ],
            exitStatuses: [
                ExitStatusHelp(0, "understood (and, from the microphone, done)"),
                ExitStatusHelp(1, "not heard, not understood, or a file could not be read"),
                ExitStatusHelp(2, "ambiguous, or asked back (Did you say \u{201C}\u{2026}\u{201D}?)"),
                ExitStatusHelp(3, "needs a value"),
                ExitStatusHelp(RemoteCommands.noPlayerStatus, "no player is running (microphone only)"),
                ExitStatusHelp(RemoteCommands.unreachableStatus, "the player could not be reached, or there is no microphone"),
            ],
            run: { arguments, environment in
                let json = arguments.flag("--json")
                if arguments.positionals.isEmpty {
                    return try listenOnce(device: microphone(arguments, environment), json: json, environment)
                }
                guard arguments.value("--mic") == nil else { throw UsageError("--mic listens on a microphone; it cannot be used with files") }
                return try recognizeFiles(arguments.positionals, json: json, environment)
            }
        ),
        CommandDescription(
            words: ["listen"], synopsis: "listen [--json]",
            summary: "Make the running player listen once on its microphone, as its v key does, and act on what it heard (for a desktop key binding or a steering-wheel button).",
            details: "The player listens on its own microphone (its --mic, else the settings file's mic, else \u{201C}default\u{201D}) until the speaker stops, or 8 seconds; the dashboard shows \u{201C}Listening\u{2026}\u{201D}. What it heard goes the way of a sentence typed into the dashboard's prompt bar (without the dashboard, of cdchanger say), so a question it asks can be answered with another listen. It prints what it heard (Heard \u{201C}stop the music\u{201D}.) and the player's answer. A key binding that sends D-Bus calls can do the same with the player's org.cdchanger.Voice.Listen method (docs/remote.md). See docs/voice.md.",
            options: [OptionHelp("--json", "print what was heard and done as JSON: the object of say --json plus heard (the recognized text, or null; outcome notHeard when the speech was rejected)")],
            exitStatuses: [
                ExitStatusHelp(0, "heard and done"),
                ExitStatusHelp(1, "not heard (\u{201C}\(notHeardResponse)\u{201D}), not understood, or understood but not possible"),
                ExitStatusHelp(2, "ambiguous: the question and the numbered candidates are printed; or heard without certainty and asked back (Did you say \u{201C}\u{2026}\u{201D}?): answer yes with another listen or say"),
                ExitStatusHelp(3, "needs a value: the question is printed; answer it with another listen or say"),
                ExitStatusHelp(RemoteCommands.noPlayerStatus, "no player is running"),
                ExitStatusHelp(RemoteCommands.unreachableStatus, "the player could not be reached, or it has no microphone"),
            ],
            run: { arguments, environment in
                _ = try arguments.exactly([])
                let json = arguments.flag("--json")
                let response = try RemoteCommands.send(.listen(json: json), environment, timeout: listenTimeout)
                return RemoteCommands.deliver(response, environment, preferPayload: json)
            }
        ),
    ]

    /// How long `listen` waits for the player's answer: loading the model (the first time, slow
    /// on a small machine), up to 8 s of listening, and the sentence.
    static let listenTimeout = 60.0

    /// The dry run: one result line per file; the status of the first file not understood.
    static func recognizeFiles(_ files: [String], json: Bool, _ environment: CommandEnvironment) throws -> Int32 {
        let registry = try environment.registry
        let recognizer = recognizer(registry, environment)
        var status: Int32 = 0
        for file in files {
            let turn: VoiceTurn
            do {
                turn = try recognizer.recognize(AudioFile.read(file).samples)
            } catch {
                environment.err("cdchanger: \(error.description)")
                if status == 0 { status = 1 }
                continue
            }
            let understood = understanding(of: turn, registry)
            environment.out(json ? jsonLine(file: file, understood, score: turn.hypothesis == nil ? nil : turn.score, registry) : textLine(file: file, understood, registry))
            if status == 0 { status = understood.map { PlayerSession.exitStatus(for: $0.resolution) } ?? 1 }
        }
        return status
    }

    /// Listens once on `device` and sends what was heard to the running player as `say` does.
    static func listenOnce(device: String, json: Bool, _ environment: CommandEnvironment) throws -> Int32 {
        _ = try RemoteCommands.send(.status(json: false), environment)   // no player: say so before listening
        var microphone: CaptureDevice
        do {
            microphone = try CaptureDevice(name: device)
        } catch {
            throw CommandFailure("No microphone: \(error.description). Voice is off; everything else works.", status: RemoteCommands.unreachableStatus)
        }
        let registry = try environment.registry
        let turn = try recognizer(registry, environment).listen(to: &microphone)
        guard let heard = turn.heard ?? turn.unsure else {
            environment.out(json ? notHeardJSON(sentence: nil).compactText : notHeardResponse)
            return 1
        }
        let response = try RemoteCommands.send(turn.heard == nil ? .confirm([heard], json: json) : .say([heard], json: json), environment)
        if json, let payload = response.payload, case .object(var object)? = try? JSONValue.parse(payload) {
            object.append("heard", .string(heard))
            environment.out(JSONValue.object(object).compactText)
            return RemoteCommands.deliver(ControlResponse(status: response.status, output: "", error: response.error), environment, preferPayload: false)
        }
        environment.out("Heard \u{201C}\(heard)\u{201D}.")
        return RemoteCommands.deliver(response, environment, preferPayload: false)
    }

    /// What a dry run makes of a turn: a heard sentence's resolution; an unsure one asked back
    /// (`Conversation.confirm`); nil when nothing was heard, or nothing understood of an unsure one.
    static func understanding(of turn: VoiceTurn, _ registry: ShortcutRegistry) -> Understood? {
        if let heard = turn.heard { return Understood(heard: heard, resolution: registry.resolve(heard, mode: .inApp), isSure: true) }
        var conversation = Conversation(registry: registry, mode: .inApp)
        guard let unsure = turn.unsure, let asked = conversation.confirm(unsure) else { return nil }
        return Understood(heard: unsure, resolution: asked, isSure: false)
    }

    /// A heard sentence and what the resolver made of it.
    struct Understood {
        var heard: String
        var resolution: Resolution
        /// False for a sentence heard without certainty (asked back rather than run).
        var isSure: Bool
    }

    /// `hear --json` for one file: `resolve --json`'s object for the heard text (its sentence the
    /// file) plus "heard", "sure" and "score" (the confidence measure's, two decimals; null when
    /// the decoder heard no sentence), or the notHeard object with them.
    static func jsonLine(file: String, _ understood: Understood?, score: Double?, _ registry: ShortcutRegistry) -> String {
        let scoreValue = score.flatMap { $0.isFinite ? JSONValue.number(String(($0 * 100).rounded() / 100)) : nil } ?? .null
        guard let understood else {
            var object = notHeardObject(sentence: file)
            object.append("sure", .null)
            object.append("score", scoreValue)
            return JSONValue.object(object).compactText
        }
        let report = registry.report(for: understood.heard, resolution: understood.resolution)
        guard case .object(let resolved) = report.json else { return report.jsonLine }
        var object = resolved
        for index in object.fields.indices where object.fields[index].key == "sentence" {
            object.fields[index].value = .string(file)
        }
        object.append("heard", .string(understood.heard))
        object.append("sure", .bool(understood.isSure))
        object.append("score", scoreValue)
        return JSONValue.object(object).compactText
    }

    /// The object for rejected audio: every key of `resolve --json`, outcome "notHeard", heard null.
    static func notHeardJSON(sentence: String?) -> JSONValue { .object(notHeardObject(sentence: sentence)) }

    /// `notHeardJSON`'s fields, for adding more.
    static func notHeardObject(sentence: String?) -> JSONObject {
        [
            "sentence": sentence.map(JSONValue.string) ?? .null,
            "outcome": .string("notHeard"),
            "intent": .null,
            "parameters": .null,
            "candidates": .null,
            "question": .null,
            "response": .string(notHeardResponse),
            "suggestions": .null,
            "heard": .null,
        ]
    }

    /// `hear` without `--json` for one file: "FILE: heard → what it would do", or the apology.
    static func textLine(file: String, _ understood: Understood?, _ registry: ShortcutRegistry) -> String {
        guard let understood else { return "\(file): \(notHeardResponse)" }
        if !understood.isSure, case .ambiguous(let asked) = understood.resolution {
            return "\(file): \(understood.heard) → not sure: \(asked.question)"
        }
        return "\(file): " + ChangerReports.resolveTextLine(registry, sentence: understood.heard, mode: .inApp)
    }

    /// `shortcuts --spoken N`: N random sentences of each phrase template in the voice grammar's
    /// words, with the registry's names; seeded, so the list is the same on every run.
    static func spokenSentences(_ registry: ShortcutRegistry, perPhrase: Int, _ environment: CommandEnvironment) throws -> [String] {
        let lexicon = Lexicon(dictionary: try PronunciationDictionary(path: ModelPaths.debian.dictionary))
        let builder = try GrammarBuilder(registry: registry, lexicon: lexicon, options: .changer)
        var generator = SeededGenerator(seed: 12)
        let listed = spokenListedNames(environment).mapValues(Set.init)
        return builder.sampleSentences(for: registry.snapshot, listed: listed, perTemplate: perPhrase, using: &generator)
    }

    /// The names of listed types the voice grammar holds here: the songs of the current
    /// magazine's loaded discs and the library's genres.
    static func spokenListedNames(_ environment: CommandEnvironment) -> [String: [String]] {
        let context = environment.context
        return MagazineEntities.spokenListedNames(of: context.store.state, in: context.shelf.library)
    }

    /// A recognizer on `registry` that hears the songs of the loaded discs and the library's genres.
    static func recognizer(_ registry: ShortcutRegistry, _ environment: CommandEnvironment) -> VoiceRecognizer {
        let recognizer = VoiceRecognizer(registry: registry, options: .changer)
        recognizer.setListedNames(spokenListedNames(environment))
        return recognizer
    }

    /// `shortcuts --check`'s sound-alike section: magazine names whose phones are close to a
    /// phrase or another name, and phrases of the voice grammar that sound like another
    /// command's (`AcousticCollisionCheck`), in the report's wording, and whether any are.
    static func soundAlikeLines(_ registry: ShortcutRegistry) -> (lines: [String], collides: Bool) {
        let collisions: [AcousticCollisionCheck.Collision]
        let phrases: [AcousticCollisionCheck.PhraseCollision]
        do {
            (collisions, phrases) = try AcousticCollisionCheck.soundAlikeNamesAndPhrases(in: registry, types: [ChangerCatalog.magazineType], options: .changer)
        } catch {
            return (["Sound-alike check skipped: \(error.description)."], false)
        }
        var lines = phrases.isEmpty ? [] : ["Phrases that sound like another command's (the voice prompt may hear one for the other):"]
        lines += phrases.map { pair in
            "  - \u{201C}\(pair.sentence)\u{201D} (\(pair.meaning)) sounds like \u{201C}\(pair.soundsLike)\u{201D} (\(pair.otherMeaning)); phonetic distance \(Self.rounded(pair.distance))."
        }
        if !collisions.isEmpty { lines.append("Names that sound like other phrases (the voice prompt may hear one for the other):") }
        lines += collisions.map { "  - " + describe($0) }
        lines.append("Sound-alike check: \(collisions.count) name(s) that sound like a phrase or another name, \(phrases.count) pair(s) of phrases that sound alike.")
        return (lines, !collisions.isEmpty || !phrases.isEmpty)
    }

    /// After a magazine is created or renamed: what its name sounds like, for the warning.
    static func soundAlikeWarnings(forMagazine id: String, in registry: ShortcutRegistry) -> [String] {
        let collisions = (try? AcousticCollisionCheck.soundAlikes(in: registry, types: [ChangerCatalog.magazineType], entityID: id, options: .changer)) ?? []
        return collisions.map { "\(describe($0)) Said aloud, one may be heard for the other." }
    }

    private static func describe(_ collision: AcousticCollisionCheck.Collision) -> String {
        "\u{201C}\(collision.name)\u{201D} (\(collision.type.lowercased())) sounds like \u{201C}\(collision.soundsLike)\u{201D} (\(collision.origin)); phonetic distance \(rounded(collision.distance))."
    }

    /// A distance to two decimals, as the reports print it.
    private static func rounded(_ distance: Double) -> Double { Double(Int(distance * 100)) / 100 }
}
