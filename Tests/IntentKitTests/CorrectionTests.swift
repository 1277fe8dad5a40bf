import IntentKit
import Testing

@Suite("Typos are asked about, never run silently")
struct CorrectionTests {
    static func registry() throws -> ShortcutRegistry {
        try Fixtures.registry([
            Fixtures.shortcut("NextTrack", "next [song] in {app}"),
            Fixtures.shortcut("ChangeVolume", "volume {step} in {app}"),
            Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}"),
            Fixtures.shortcut("PlayDisc", "play [the] disc {disc} in {app}", "play a disc in {app}"),
            Fixtures.shortcut("SkipTrack", "skip in {app}"),
            Fixtures.shortcut("PlaySomething", "stop in {app}"),
        ], magazines: EntityList(["Road Trip"]))
    }

    @Test("A misspelt word gives a question with the corrected sentence", arguments: [
        ("nxt song", "Did you mean “next song”?", "NextTrack"),
        ("volumne up", "Did you mean “volume up”?", "ChangeVolume step=up"),
        ("play raod trip", "Did you mean “play road trip”?", "PlayMagazine magazine=Road Trip"),
        ("play dsic 3", "Did you mean “play disc 3”?", "PlayDisc disc=3"),
        ("nxet", "Did you mean “next”?", "NextTrack"),
    ])
    func question(sentence: String, question: String, expected: String) throws {
        let resolution = try Self.registry().resolve(sentence)
        guard case .ambiguous(let ambiguity) = resolution else {
            Issue.record("\(sentence): expected a question, got \(resolution.brief)")
            return
        }
        #expect(ambiguity.isCorrection)
        #expect(ambiguity.question == question)
        #expect(ambiguity.candidates.count == 1)
        #expect(Resolution.matched(ambiguity.candidates[0].invocation).brief == expected)
    }

    @Test("Two spellings that both make sense are both offered")
    func twoSpellings() throws {
        guard case .ambiguous(let ambiguity) = try Self.registry().resolve("stip") else {
            Issue.record("expected a question")
            return
        }
        #expect(ambiguity.question == "Did you mean 1. “skip”, or 2. “stop”?")
        #expect(ambiguity.candidates.count == 2)
    }

    @Test("Yes or the number runs it, no drops it", arguments: [("yes", "NextTrack"), ("yeah", "NextTrack"), ("1", "NextTrack"), ("no", "declined"), ("never mind", "declined")])
    func answers(answer: String, expected: String) throws {
        var conversation = Conversation(registry: try Self.registry())
        #expect(conversation.respond(to: "nxt song").brief.hasPrefix("ambiguous"))
        #expect(conversation.respond(to: answer).brief == expected)
        #expect(conversation.pending == nil)
    }

    @Test("Words too far from any phrase, and numbers, are not corrected", arguments: ["dance the tango", "nxxxt song", "volume 4000 up", "xyz"])
    func noCorrection(sentence: String) throws {
        #expect(try Self.registry().resolve(sentence).brief == "unsupported", "\(sentence)")
    }

    @Test("A known word is never replaced, even when the sentence fails")
    func knownWords() throws {
        #expect(try Self.registry().resolve("next skip").brief == "unsupported")
        #expect(try Self.registry().resolve("song next").brief == "unsupported")
    }
}
