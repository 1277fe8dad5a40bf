import IntentKit
import Testing

@Suite("Exhaustive matching and ranking")
struct MatchingTests {
    let magazines = EntityList(["Road Trip", "Summer Hits"])

    static let shortcuts = [
        Fixtures.shortcut("PlayDisc", "(play|put on) [the] disc [number] {disc} [(of|in) {magazine}] in {app}", "play [the] {disc} disc in {app}"),
        Fixtures.shortcut("PlayMagazine", "play [the] {magazine} [magazine] in {app}"),
        Fixtures.shortcut("NextTrack", "(next|skip) [song|track] in {app}"),
        Fixtures.shortcut("ChangeVolume", "turn [it] {step} in {app}", "(raise|boost) the volume{step=up} in {app}"),
    ]

    func registry() throws -> ShortcutRegistry {
        try Fixtures.registry(Self.shortcuts, magazines: magazines)
    }

    @Test("A word said twice over is read once, only when the sentence as said matches nothing", arguments: [
        ("next next", "NextTrack"), ("skip skip skip", "NextTrack"), ("play play disc 3", "PlayDisc disc=3"),
        ("turn it up up", "ChangeVolume step=up"), ("play the the road trip magazine", "PlayMagazine magazine=Road Trip"),
        ("play talk talk", "PlayMagazine magazine=Talk Talk"), ("play talk", "unsupported"), ("next next previous", "unsupported"),
    ])
    func repeatedWords(sentence: String, expected: String) throws {
        let registry = try Fixtures.registry(Self.shortcuts, magazines: EntityList(["Road Trip", "Talk Talk"]))
        #expect(registry.resolve(sentence).brief == expected, "\(sentence)")
    }

    @Test("Sentences match templates and bind slots", arguments: [
        ("play disc 3", "PlayDisc disc=3"),
        ("play disc three of road trip", "PlayDisc disc=3 magazine=Road Trip"),
        ("put on the disc number 2 in Summer Hits", "PlayDisc disc=2 magazine=Summer Hits"),
        ("play the third disc", "PlayDisc disc=3"),
        ("play road trip", "PlayMagazine magazine=Road Trip"),
        ("play the Road Trip magazine", "PlayMagazine magazine=Road Trip"),
        ("skip", "NextTrack"),
        ("next song", "NextTrack"),
        ("turn it louder", "ChangeVolume step=up"),
        ("raise the volume", "ChangeVolume step=up"),
    ])
    func matches(sentence: String, expected: String) throws {
        #expect(try registry().resolve(sentence).brief == expected)
    }

    @Test("Skip words are allowed between a template's parts")
    func skipWords() throws {
        let registry = try registry()
        #expect(registry.resolve("please skip the song now").brief == "NextTrack")
        #expect(registry.resolve("can you play my road trip please").brief == "PlayMagazine magazine=Road Trip")
        #expect(registry.resolve("skip elephant").brief == "unsupported")
    }

    @Test("The whole sentence must be accepted")
    func wholeSentence() throws {
        let registry = try registry()
        #expect(registry.resolve("next song and then some").brief == "unsupported")
        #expect(registry.resolve("play disc").brief == "unsupported")
    }

    @Test("Siri mode needs the app name unless a wake prefix or address named it")
    func siriMode() throws {
        let registry = try registry()
        #expect(registry.resolve("next song", mode: .siri).brief == "unsupported")
        #expect(registry.resolve("next song in CD Changer", mode: .siri).brief == "NextTrack")
        #expect(registry.resolve("next song using Digital CD Changer", mode: .siri).brief == "NextTrack")
        #expect(registry.resolve("Hey Siri, next song in CD Changer", mode: .siri).brief == "NextTrack")
        #expect(registry.resolve("Hey Siri, next song", mode: .siri).brief == "unsupported")
        #expect(registry.resolve("OK CD Changer, next song", mode: .siri).brief == "NextTrack")
        #expect(registry.resolve("ask CD Changer to play disc 2", mode: .siri).brief == "PlayDisc disc=2")
    }

    @Test("In the app the app name is optional but allowed")
    func inAppMode() throws {
        let registry = try registry()
        #expect(registry.resolve("next song", mode: .inApp).brief == "NextTrack")
        #expect(registry.resolve("next song in CD Changer", mode: .inApp).brief == "NextTrack")
        #expect(registry.resolve("siri, next song", mode: .inApp).brief == "NextTrack")
    }

    @Test("More literal words beat fewer; then more bound parameters win")
    func ranking() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("PlaySomething", "play [some] music in {app}"),
            Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}"),
            Fixtures.shortcut("PlayDisc", "play disc {disc} [(of|from) {magazine}] in {app}", "play disc {disc} from road trip in {app}"),
        ], magazines: EntityList(["Music", "Some Music", "Road Trip"]))
        // "some music" as a magazine name consumes both words; the literal template skips nothing either:
        // PlaySomething consumes play+some+music = 3, PlayMagazine consumes play + "some music" = 3 → tie.
        #expect(registry.resolve("play some music").brief.hasPrefix("ambiguous"))
        // "the" is a skip word: it does not count for the literal template.
        #expect(registry.resolve("play music").brief.hasPrefix("ambiguous"))
        // Both templates consume every word of "play disc 2 from road trip"; the first binds two parameters.
        #expect(registry.resolve("play disc 2 from road trip").brief == "PlayDisc disc=2 magazine=Road Trip")
    }

    @Test("Identical readings from several templates are merged")
    func merging() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("NextTrack", "next [song] in {app}", "next song in {app}", "(next|skip) song in {app}"),
        ])
        #expect(registry.resolve("next song").brief == "NextTrack")
    }

    @Test("A template that leaves a required parameter unbound asks for it")
    func needsValue() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play disc {disc} in {app}", "play a [specific] disc in {app}"),
        ])
        guard case .needsValue(let request) = registry.resolve("play a specific disc") else {
            Issue.record("expected needsValue")
            return
        }
        #expect(request.parameter == "disc")
        #expect(request.question == "Which disc?")
        #expect(request.invocation.intent == "PlayDisc")
    }
}
