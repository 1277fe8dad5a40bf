import IntentKit
import Testing

@Suite("Named fragments are shared by phrases")
struct FragmentTests {
    static let fragments = ["the": "(the|my|our)", "music": "(music|song|track|tune)", "music_object": "[<the>] <music>"]
    static let magazineType = [EntityType(identifier: "Magazine", title: "Magazine", entities: { [] })]

    @Test("A reference keeps its name and its parsed body in the tree")
    func tree() throws {
        let table = try PhraseFragments(Self.fragments)
        let template = try PhraseTemplate("pause <music_object> in {app}", fragments: table)
        guard case .fragment(let name, let body)? = template.elements.dropFirst().first else {
            Issue.record("expected a fragment reference, got \(template.elements)")
            return
        }
        #expect(name == "music_object")
        guard case .fragment(let inner, _)? = body.last else {
            Issue.record("expected the nested reference <music>")
            return
        }
        #expect(inner == "music")
        #expect(table.names == ["music", "music_object", "the"])
    }

    @Test("A fragment matches as if written in its place", arguments: [
        ("pause", "unsupported"), ("pause the song", "NextTrack"), ("pause our tune", "NextTrack"), ("pause music", "NextTrack"),
        ("pause song the", "unsupported"),
    ])
    func matching(sentence: String, expected: String) throws {
        let registry = try ShortcutRegistry(ShortcutsProvider(
            appName: "CD Changer", intents: Fixtures.allIntents, entityTypes: Self.magazineType,
            shortcuts: [Fixtures.shortcut("NextTrack", "pause <music_object> in {app}")],
            skipWords: [], fragments: Self.fragments
        ))
        #expect(registry.resolve(sentence).brief == expected, "\(sentence)")
    }

    @Test("Slots inside fragments bind the phrase's parameters")
    func slotInFragment() throws {
        let registry = try ShortcutRegistry(ShortcutsProvider(
            appName: "CD Changer", intents: Fixtures.allIntents, entityTypes: Self.magazineType,
            shortcuts: [Fixtures.shortcut("PlayDisc", "play <disc_number> in {app}")],
            fragments: ["disc_number": "(disc|cd) {disc}"]
        ))
        #expect(registry.resolve("play cd 4").brief == "PlayDisc disc=4")
    }

    @Test("Bad tables are refused, naming the fragment", arguments: [
        (["a": "<b>", "b": "x <a>"], "refers to itself"),
        (["a": "play <nothing>"], "<nothing>, which is not defined"),
        (["a": "next in {app}"], "names the app"),
        (["a": "(next"], "does not parse"),
        (["bad name": "next"], "not a valid name"),
    ])
    func badTables(definitions: [String: String], problem: String) {
        #expect(throws: PhraseFragmentError.self) { try PhraseFragments(definitions) }
        do {
            _ = try PhraseFragments(definitions)
        } catch {
            #expect(error.description.contains(problem), "\(error)")
        }
    }

    @Test("Registration reports a bad fragment and a phrase naming an unknown one")
    func registration() {
        do {
            _ = try ShortcutRegistry(ShortcutsProvider(
                appName: "CD Changer", intents: Fixtures.allIntents, entityTypes: Self.magazineType,
                shortcuts: [Fixtures.shortcut("NextTrack", "<skip> in {app}", "<nope> song in {app}")],
                fragments: ["skip": "(skip|next", "fine": "next"]
            ))
            Issue.record("expected a registration error")
        } catch {
            #expect(error.problems.contains { $0.kind == .fragmentProblem && $0.message.contains("<skip>") })
            #expect(error.problems.contains { $0.kind == .phraseSyntax && $0.message.contains("there is no fragment <nope>") })
        }
    }

    @Test("The listing and the skeletons look through fragments")
    func listing() throws {
        let registry = try ShortcutRegistry(ShortcutsProvider(
            appName: "CD Changer", intents: Fixtures.allIntents, entityTypes: Self.magazineType,
            shortcuts: [Fixtures.shortcut("NextTrack", "skip <music_object> in {app}"), Fixtures.shortcut("SkipTrack", "skip <music> in {app}")],
            fragments: Self.fragments
        ))
        #expect(registry.listingLines().contains("  Skip music in CD Changer"))
        let report = registry.checkCollisions()
        #expect(report.sentenceCollisions.contains { $0.sentence.hasPrefix("skip ") })
    }
}
