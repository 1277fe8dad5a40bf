import IntentKit
import Testing

@Suite("Registration rules")
struct RegistrationTests {
    /// The problems registration reports for these shortcuts (empty when it succeeds).
    func problems(_ shortcuts: [AppShortcut], intents: [IntentDefinition] = Fixtures.allIntents, alternativeNames: [String] = []) -> [ShortcutRegistrationError.Problem] {
        let provider = ShortcutsProvider(
            appName: "CD Changer", alternativeAppNames: alternativeNames, intents: intents,
            entityTypes: [EntityType(identifier: "Magazine", title: "Magazine", entities: { [] })], shortcuts: shortcuts
        )
        do {
            _ = try ShortcutRegistry(provider)
            return []
        } catch {
            return error.problems
        }
    }

    @Test("A valid catalog registers")
    func valid() {
        #expect(problems([Fixtures.shortcut("PlayDisc", "play disc {disc} [of {magazine}] in {app}")]).isEmpty)
    }

    @Test("A phrase without the app-name slot is rejected, naming the phrase")
    func missingApp() throws {
        let found = problems([Fixtures.shortcut("NextTrack", "next song in {app}", "skip this song")])
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.kind == .missingAppName)
        #expect(problem.phrase == "skip this song")
        #expect(problem.message.contains("“skip this song”"))
    }

    @Test("An app slot inside an optional part does not count")
    func optionalApp() {
        let found = problems([Fixtures.shortcut("NextTrack", "next song [in {app}]")])
        #expect(found.map(\.kind) == [.missingAppName])
    }

    @Test("A free-type parameter in a slot is rejected, naming the phrase")
    func freeType() throws {
        let count = IntentDefinition(identifier: "Count", title: "Count", parameters: [
            ParameterDefinition(name: "number", title: "Number", type: .integer(1...99), question: "How many?"),
        ], summary: "Count to {number}", response: "Counted.")
        let found = problems([Fixtures.shortcut("Count", "count to {number} in {app}")], intents: [count])
        let problem = try #require(found.first)
        #expect(problem.kind == .freeParameterType)
        #expect(problem.message.contains("“count to {number} in {app}”"))
        #expect(problem.message.contains("integer 1...99"))
    }

    @Test("More than two parameters are rejected, naming the phrase")
    func tooManyParameters() throws {
        let three = IntentDefinition(identifier: "Three", title: "Three", parameters: [
            ParameterDefinition(name: "a", title: "A", type: .enumeration(Fixtures.discNumber), question: "A?"),
            ParameterDefinition(name: "b", title: "B", type: .enumeration(Fixtures.discNumber), question: "B?"),
            ParameterDefinition(name: "c", title: "C", type: .enumeration(Fixtures.discNumber), question: "C?"),
        ], summary: "Three", response: "Done.")
        let phrase = "play {a} and {b} and {c} in {app}"
        let found = problems([Fixtures.shortcut("Three", phrase)], intents: [three])
        #expect(found.map(\.kind) == [.tooManyParameters])
        #expect(found.first?.message.contains("“\(phrase)”") == true)
    }

    @Test("More than ten phrases in one shortcut are rejected, naming the first extra phrase")
    func tooManyPhrases() throws {
        let phrases = (1...11).map { "next song \($0) in {app}" }
        let found = problems([AppShortcut(intent: "NextTrack", phrases: phrases, title: "Next", symbol: "circle")])
        let problem = try #require(found.first)
        #expect(problem.kind == .tooManyPhrases)
        #expect(problem.phrase == phrases[10])
        #expect(problem.message.contains("“\(phrases[10])”"))
    }

    @Test("Other mistakes are reported with the phrase or item at fault", arguments: [
        ("PlayDisc", "play disc {disk} in {app}", ShortcutRegistrationError.Problem.Kind.unknownParameter),
        ("PlayDisc", "play disc {disc} or {disc} in {app}", .repeatedParameter),
        ("PlayDisc", "play disc {disc=9} in {app}", .unknownEnumCase),
        ("PlayMagazine", "play {magazine=x} in {app}", .fixedValueNotEnum),
        ("NextTrack", "next in {app} in {app}", .repeatedAppName),
        ("NextTrack", "in {app}", .phraseWithoutWords),
        ("NextTrack", "(next in {app}", .phraseSyntax),
        ("Nope", "next in {app}", .unknownIntent),
    ])
    func otherMistakes(intent: String, phrase: String, kind: ShortcutRegistrationError.Problem.Kind) throws {
        let found = problems([Fixtures.shortcut(intent, phrase)])
        let problem = try #require(found.first)
        #expect(problem.kind == kind)
        if kind != .unknownIntent { #expect(problem.message.contains(phrase), "\(problem.message)") }
    }

    @Test("At most three alternative app names")
    func alternativeNames() {
        let found = problems([Fixtures.shortcut("NextTrack", "next in {app}")], alternativeNames: ["A", "B", "C", "D"])
        #expect(found.map(\.kind) == [.tooManyAlternativeNames])
    }

    @Test("Static text that looks like a format placeholder is refused")
    func placeholders() {
        let broken = IntentDefinition(identifier: "Broken", title: "Play %@", summary: "Play \\(name)", response: "Playing ${name}.")
        let found = problems([Fixtures.shortcut("Broken", "broken in {app}")], intents: [broken])
        #expect(found.filter { $0.kind == .placeholderText }.count == 3)
    }

    @Test("A dialog may only use an optional parameter inside [ ]")
    func dialogOptional() {
        let intent = IntentDefinition(identifier: "PlayDisc", title: "Play Disc", parameters: Fixtures.playDisc.parameters,
                                      summary: "Play disc {disc} of {magazine}", response: "Playing {nothing}.")
        let found = problems([Fixtures.shortcut("PlayDisc", "play disc {disc} in {app}")], intents: [intent])
        #expect(Set(found.map(\.kind)) == [.dialogOptionalOutsideBrackets, .dialogUnknownParameter])
    }

    @Test("All problems are reported at once")
    func allAtOnce() {
        let found = problems([Fixtures.shortcut("NextTrack", "next song", "skip"), Fixtures.shortcut("PlayDisc", "disc {nope} in {app}")])
        #expect(found.count == 3)
    }
}
