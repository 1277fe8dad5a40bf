import IntentKit
import Testing

/// A sentence the voice recognizer is not sure of is asked back before anything runs.
@Suite("Asking back an unsure sentence (“Did you say …?”)")
struct ConfirmationTests {
    func registry() throws -> ShortcutRegistry {
        try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play [the] disc {disc} in {app}", "play a [specific] disc in {app}"),
            Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}"),
            Fixtures.shortcut("NextTrack", "next in {app}"),
        ], magazines: EntityList(["Road Trip", "Sunday Drive"]))
    }

    @Test("a command is asked back with the words heard, and runs nothing yet")
    func askedBack() throws {
        var conversation = Conversation(registry: try registry())
        let asked = conversation.confirm("play disc five")
        guard case .ambiguous(let question)? = asked else {
            Issue.record("expected a question, got \(String(describing: asked))")
            return
        }
        #expect(question.question == "Did you say \u{201C}play disc five\u{201D}?")
        #expect(question.candidates.count == 1)
        #expect(question.candidates.first?.invocation.intent == "PlayDisc")
        #expect(question.candidates.first?.invocation["disc"]?.json == .integer(5))
        #expect(conversation.pending == .choice(question))
    }

    @Test("“yes” runs the command asked about", arguments: ["yes", "yeah", "yes please", "that's right", "one"])
    func yesRunsIt(answer: String) throws {
        var conversation = Conversation(registry: try registry())
        _ = conversation.confirm("play road trip")
        #expect(conversation.respond(to: answer).brief == "PlayMagazine magazine=Road Trip")
        #expect(conversation.pending == nil)
    }

    @Test("“no” drops it, and another command is resolved afresh")
    func noDropsIt() throws {
        var conversation = Conversation(registry: try registry())
        _ = conversation.confirm("play road trip")
        #expect(conversation.respond(to: "no").brief == "declined")
        #expect(conversation.pending == nil)
        _ = conversation.confirm("play road trip")
        #expect(conversation.respond(to: "next").brief == "NextTrack")
    }

    @Test("a sentence that is not understood is not asked about: nil, nothing left open")
    func notUnderstood() throws {
        var conversation = Conversation(registry: try registry())
        #expect(conversation.confirm("what's the weather like") == nil)
        #expect(conversation.pending == nil)
    }

    @Test("an unsure answer to an open question is asked back: “Which disc?” → “four” → “Did you say “four”?” → yes")
    func unsureAnswerIsAskedBack() throws {
        var conversation = Conversation(registry: try registry())
        guard case .needsValue = conversation.respond(to: "play a disc") else {
            Issue.record("expected “Which disc?”")
            return
        }
        guard case .ambiguous(let question)? = conversation.confirm("four") else {
            Issue.record("expected the answer asked back")
            return
        }
        #expect(question.question == "Did you say \u{201C}four\u{201D}?")
        #expect(question.candidates.first?.invocation["disc"]?.json == .integer(4))
        #expect(conversation.respond(to: "yes").brief == "PlayDisc disc=4")
    }

    @Test("with a question open, an unsure sentence that does not answer it is not taken: the question stays open")
    func unsureNonAnswerLeavesTheQuestion() throws {
        var conversation = Conversation(registry: try registry())
        guard case .needsValue(let request) = conversation.respond(to: "play a disc") else {
            Issue.record("expected “Which disc?”")
            return
        }
        #expect(conversation.confirm("play road trip") == nil)
        #expect(conversation.confirm("no") == nil)
        #expect(conversation.pending == .value(request))
        #expect(conversation.respond(to: "three").brief == "PlayDisc disc=3")
    }

    @Test("while an unsure sentence is asked back, an unsure “yes” confirms nothing; a sure one does")
    func unsureYesConfirmsNothing() throws {
        var conversation = Conversation(registry: try registry())
        guard case .ambiguous(let question)? = conversation.confirm("play road trip") else {
            Issue.record("expected a question")
            return
        }
        #expect(conversation.confirm("yes") == nil)
        #expect(conversation.pending == .choice(question))
        #expect(conversation.respond(to: "yes").brief == "PlayMagazine magazine=Road Trip")
    }

    @Test("a sentence that asks a question of its own asks it (nothing runs either way)")
    func ownQuestion() throws {
        var conversation = Conversation(registry: try registry())
        #expect(conversation.confirm("play a disc")?.brief == "needsValue PlayDisc.disc")
        #expect(conversation.respond(to: "four").brief == "PlayDisc disc=4")
    }
}
