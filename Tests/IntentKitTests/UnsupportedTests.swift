import IntentKit
import Testing

@Suite("Unsupported sentences and suggestions")
struct UnsupportedTests {
    func registry() throws -> ShortcutRegistry {
        try Fixtures.registry([
            Fixtures.shortcut("NextTrack", "(next|skip) [song] in {app}"),
            Fixtures.shortcut("PlayDisc", "play disc {disc} in {app}"),
            Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}"),
            Fixtures.shortcut("ChangeVolume", "turn it {step} in {app}"),
        ], magazines: EntityList(["Road Trip"]))
    }

    @Test("The apology names the app and the nearest phrases come first")
    func apologyAndSuggestions() throws {
        guard case .unsupported(let unsupported) = try registry().resolve("play the disc number 3 now", mode: .siri) else {
            Issue.record("expected unsupported")
            return
        }
        #expect(unsupported.response == "Sorry, CD Changer hasn't added support for that.")
        #expect(unsupported.suggestions.first == "Play disc 1 in CD Changer")
        #expect(unsupported.suggestions.count == 3)
        #expect(Set(unsupported.suggestions).count == 3)
    }

    @Test("Suggestions follow the mode and use real names", arguments: [
        ("skip the track please", "Next"), ("turn it way up", "Turn it up"), ("play road", "Play Road Trip"),
    ])
    func nearest(sentence: String, first: String) throws {
        guard case .unsupported(let unsupported) = try registry().resolve(sentence, mode: .inApp) else {
            Issue.record("expected unsupported for \(sentence)")
            return
        }
        #expect(unsupported.suggestions.first == first, "\(unsupported.suggestions)")
    }

    @Test("Nothing at all is unsupported too")
    func empty() throws {
        for sentence in ["", "   ", "?!", "hey siri"] {
            #expect(try registry().resolve(sentence).brief == "unsupported", "\(sentence)")
        }
    }
}
