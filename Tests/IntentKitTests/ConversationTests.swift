import IntentKit
import Testing

@Suite("Follow-up questions and choices")
struct ConversationTests {
    func registry() throws -> ShortcutRegistry {
        try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play [the] disc {disc} in {app}", "play a [specific] disc in {app}"),
            Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}", "play a magazine in {app}"),
            Fixtures.shortcut("NextTrack", "next in {app}"),
        ], magazines: EntityList(["Disc 3", "Road Trip"]))
    }

    @Test("“Which disc?” is answered by a number in any form", arguments: [
        ("3", 3), ("three", 3), ("disc 3", 3), ("the third one", 3), ("number five", 5), ("25", 25), ("ninety nine", 99),
    ])
    func answerDisc(answer: String, disc: Int) throws {
        var conversation = Conversation(registry: try registry())
        guard case .needsValue(let request) = conversation.respond(to: "play a specific disc") else {
            Issue.record("expected needsValue")
            return
        }
        #expect(request.question == "Which disc?")
        #expect(conversation.pending == .value(request))
        let resolution = conversation.respond(to: answer)
        #expect(resolution.invocation?.intent == "PlayDisc")
        #expect(resolution.invocation?["disc"]?.json == .integer(disc))
        #expect(conversation.pending == nil)
    }

    @Test("An answer out of range or unrelated is resolved afresh")
    func freshAfterValue() throws {
        var conversation = Conversation(registry: try registry())
        _ = conversation.respond(to: "play a disc")
        #expect(conversation.respond(to: "next").brief == "NextTrack")
        _ = conversation.respond(to: "play a disc")
        #expect(conversation.respond(to: "100").brief == "unsupported")
        #expect(conversation.pending == nil)
    }

    @Test("An entity question is answered by its name")
    func answerMagazine() throws {
        var conversation = Conversation(registry: try registry())
        #expect(conversation.respond(to: "play a magazine").brief == "needsValue PlayMagazine.magazine")
        #expect(conversation.respond(to: "road trip").brief == "PlayMagazine magazine=Road Trip")
    }

    @Test("A choice number settles an ambiguity", arguments: [("1", "PlayDisc"), ("2", "PlayMagazine"), ("the second one", "PlayMagazine"), ("number one", "PlayDisc")])
    func choiceNumber(answer: String, intent: String) throws {
        var conversation = Conversation(registry: try registry())
        guard case .ambiguous(let ambiguity) = conversation.respond(to: "play disc 3") else {
            Issue.record("expected ambiguity")
            return
        }
        #expect(ambiguity.candidates.map(\.invocation.intent) == ["PlayDisc", "PlayMagazine"])
        #expect(conversation.respond(to: answer).invocation?.intent == intent)
    }

    @Test("Typing enough of a candidate settles an ambiguity")
    func choiceWords() throws {
        var conversation = Conversation(registry: try registry())
        _ = conversation.respond(to: "play disc 3")
        #expect(conversation.respond(to: "the magazine").brief == "PlayMagazine magazine=Disc 3")
    }

    @Test("Anything else after an ambiguity is resolved afresh")
    func freshAfterChoice() throws {
        var conversation = Conversation(registry: try registry())
        _ = conversation.respond(to: "play disc 3")
        #expect(conversation.respond(to: "next").brief == "NextTrack")
        #expect(conversation.pending == nil)
    }
}

@Suite("Questions the app asks itself, and saying no")
struct AppQuestionTests {
    func registry() throws -> ShortcutRegistry {
        try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play [the] disc {disc} in {app}", "play a [specific] disc in {app}"),
            Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}"),
            Fixtures.shortcut("NextTrack", "next in {app}"),
        ], magazines: EntityList(["Disc 3", "Road Trip"]))
    }

    @Test("A question the app asks is answered by number or by words of a choice")
    func appQuestion() throws {
        let registry = try registry()
        let choices = [3, 5].map { disc in
            IntentInvocation(intent: "PlayDisc", parameters: ["disc": .enumCase(enumIdentifier: "DiscNumber", value: .integer(disc), displayName: String(disc))])
        }
        let question = Ambiguity(lead: "Which slot?", choices: [(choices[0], "Slot 3, Night Drive"), (choices[1], "Slot 5, Open Highway")])
        #expect(question.question == "Which slot? 1. Slot 3, Night Drive, or 2. Slot 5, Open Highway.")
        var conversation = Conversation(registry: registry)
        conversation.ask(.choice(question))
        #expect(conversation.respond(to: "the second one").brief == "PlayDisc disc=5")
        conversation.ask(.choice(question))
        #expect(conversation.respond(to: "night drive").brief == "PlayDisc disc=3")
    }

    @Test("No, cancel or never mind drops any open question", arguments: ["no", "cancel", "never mind", "no thanks", "forget it"])
    func declining(answer: String) throws {
        var conversation = Conversation(registry: try registry())
        _ = conversation.respond(to: "play a disc")
        #expect(conversation.respond(to: answer).brief == "declined")
        #expect(conversation.pending == nil)
        _ = conversation.respond(to: "play disc 3")
        #expect(conversation.respond(to: answer).brief == "declined")
        // Without an open question "no" is just a sentence.
        #expect(conversation.respond(to: answer).brief != "declined")
    }

    @Test("Yes takes the only choice, not one of several")
    func yes() throws {
        let registry = try registry()
        var conversation = Conversation(registry: registry)
        _ = conversation.respond(to: "play disc 3")
        #expect(conversation.respond(to: "yes").brief == "unsupported")
        let single = Ambiguity(lead: "Did you mean", choices: [(IntentInvocation(intent: "NextTrack"), "Next track")])
        conversation.ask(.choice(single))
        #expect(conversation.respond(to: "yes please").brief == "NextTrack")
    }
}
