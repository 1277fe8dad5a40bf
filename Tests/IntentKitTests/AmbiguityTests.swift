import IntentKit
import Testing

@Suite("Ties are ambiguous, never silently picked")
struct AmbiguityTests {
    @Test("A magazine named like a phrase ties with the phrase")
    func entityVersusPhrase() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play [the] disc {disc} in {app}"),
            Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}"),
            Fixtures.shortcut("PlaySomething", "play something in {app}"),
        ], magazines: EntityList(["Disc 3", "Something"]))
        guard case .ambiguous(let discs) = registry.resolve("play disc 3") else {
            Issue.record("expected ambiguity")
            return
        }
        #expect(Set(discs.candidates.map(\.invocation.intent)) == ["PlayDisc", "PlayMagazine"])
        #expect(discs.question.contains("Play disc 3"))
        #expect(discs.question.contains("Play the magazine Disc 3"))
        guard case .ambiguous(let something) = registry.resolve("play something") else {
            Issue.record("expected ambiguity")
            return
        }
        #expect(Set(something.candidates.map(\.invocation.intent)) == ["PlaySomething", "PlayMagazine"])
    }

    @Test("Two entities with the same name are two candidates")
    func twoEntities() throws {
        let magazines = EntityList([])
        magazines.add(Entity(id: "a", displayName: "Road Trip", subtitle: "6 discs"))
        magazines.add(Entity(id: "b", displayName: "Road Trip", subtitle: "2 discs"))
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: magazines)
        guard case .ambiguous(let ambiguity) = registry.resolve("play road trip") else {
            Issue.record("expected ambiguity")
            return
        }
        let ids = ambiguity.candidates.compactMap { candidate -> String? in
            if case .entity(_, let id, _)? = candidate.invocation["magazine"] { return id }
            return nil
        }
        #expect(Set(ids) == ["a", "b"])
        #expect(Set(ambiguity.candidates.map(\.summary)).count == 2)
        #expect(ambiguity.question.contains("6 discs") && ambiguity.question.contains("2 discs"))
    }

    @Test("Two intents sharing a phrase are ambiguous")
    func twoIntents() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("NextTrack", "next in {app}"),
            Fixtures.shortcut("SkipTrack", "(next|skip) in {app}"),
        ])
        guard case .ambiguous(let ambiguity) = registry.resolve("next") else {
            Issue.record("expected ambiguity")
            return
        }
        #expect(ambiguity.candidates.map(\.invocation.intent).sorted() == ["NextTrack", "SkipTrack"])
        #expect(ambiguity.question.hasPrefix("Did you mean 1. "))
        #expect(registry.resolve("skip").brief == "SkipTrack")
    }

    @Test("Two enum cases sharing a synonym are ambiguous")
    func twoValues() throws {
        let sloppy = EnumDefinition(identifier: "Step", title: "Step", cases: [
            EnumCase(.string("up"), displayName: "up", synonyms: ["more"]),
            EnumCase(.string("down"), displayName: "down", synonyms: ["more"]),
        ])
        let intent = IntentDefinition(identifier: "ChangeVolume", title: "Change Volume", parameters: [
            ParameterDefinition(name: "step", title: "Step", type: .enumeration(sloppy), question: "Up or down?"),
        ], summary: "Turn it {step}", response: "Volume {step}.")
        let registry = try ShortcutRegistry(Fixtures.provider([Fixtures.shortcut("ChangeVolume", "volume {step} in {app}")], intents: [intent]))
        guard case .ambiguous(let ambiguity) = registry.resolve("volume more") else {
            Issue.record("expected ambiguity")
            return
        }
        #expect(ambiguity.candidates.count == 2)
    }
}
