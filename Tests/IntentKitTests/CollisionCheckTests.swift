import IntentKit
import Testing

@Suite("Collision check")
struct CollisionCheckTests {
    static let playAnyDisc = IntentDefinition(identifier: "PlayAnyDisc", title: "Play Any Disc", summary: "Play a disc", response: "Playing.")
    static let playDiscByNumber = IntentDefinition(identifier: "PlayDiscByNumber", title: "Play Disc by Number", parameters: [
        ParameterDefinition(name: "number", title: "Number", type: .integer(1...99), question: "Which number?"),
    ], summary: "Play disc by number", response: "Playing.")
    static let playNumberedDisc = IntentDefinition(identifier: "PlayNumberedDisc", title: "Play Numbered Disc", parameters: [
        ParameterDefinition(name: "number", title: "Number", type: .enumeration(Fixtures.discNumber), question: "Which number?"),
    ], summary: "Play disc {number}", response: "Playing disc {number}.")

    @Test("The classic trio of near-duplicate phrases is flagged")
    func trio() throws {
        let registry = try ShortcutRegistry(Fixtures.provider([
            AppShortcut(intent: "PlayAnyDisc", phrases: ["Play a disc in {app}"], title: "Play a Disc", symbol: "a"),
            AppShortcut(intent: "PlayDiscByNumber", phrases: ["Play a disc by number in {app}"], title: "Play a Disc by Number", symbol: "b"),
            AppShortcut(intent: "PlayNumberedDisc", phrases: ["Play disc {number} in {app}"], title: "Play Disc", symbol: "c"),
        ], intents: [Self.playAnyDisc, Self.playDiscByNumber, Self.playNumberedDisc]))
        let report = registry.checkCollisions()
        let pairs = Set(report.nearDuplicates.map { Set($0.shortcutTitles) })
        #expect(pairs == [
            ["Play a Disc", "Play a Disc by Number"],
            ["Play a Disc", "Play Disc"],
            ["Play a Disc by Number", "Play Disc"],
        ])
        #expect(report.nearDuplicates.allSatisfy { $0.skeleton == "play disc" })
        #expect(!report.isClean)
        #expect(report.lines.contains { $0.contains("Play a disc by number in {app}") })
    }

    @Test("Phrases that differ in real words are not near duplicates")
    func distinctPhrases() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play disc {disc} in {app}"),
            Fixtures.shortcut("NextTrack", "next song in {app}"),
            Fixtures.shortcut("PlaySomething", "play some music in {app}"),
        ])
        #expect(registry.checkCollisions().isClean)
    }

    @Test("A sentence two shortcuts produce is reported")
    func twoShortcuts() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("NextTrack", "(next|skip) [song] in {app}"),
            Fixtures.shortcut("SkipTrack", "skip [track] in {app}"),
        ])
        let report = registry.checkCollisions()
        let collision = try #require(report.sentenceCollisions.first { $0.sentence == "skip" })
        #expect(Set(collision.sources.map(\.invocation.intent)) == ["NextTrack", "SkipTrack"])
    }

    @Test("Two parameter values that produce one sentence are reported")
    func twoValues() throws {
        let registry = try Fixtures.registry(
            [Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")],
            magazines: EntityList(["Road Trip", "Summer", "road-trip"])
        )
        let report = registry.checkCollisions()
        #expect(report.sentenceCollisions.map(\.sentence) == ["play road trip"])
        #expect(report.sentenceCollisions.first?.sources.count == 2)
    }

    @Test("A magazine named like a phrase collides, when created and when renamed")
    func entityVersusPhrase() throws {
        let magazines = EntityList(["Road Trip"])
        let registry = try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play disc {disc} [of {magazine}] in {app}"),
            Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}"),
            Fixtures.shortcut("PlaySomething", "play something in {app}"),
        ], magazines: magazines)
        #expect(registry.checkCollisions().isClean)
        #expect(registry.collisions(forEntity: "id-0", ofType: "Magazine").isEmpty)

        // Before saving: what would the proposed names collide with?
        #expect(registry.collisions(forProposedName: "Disc 3", ofType: "Magazine").map(\.sentence) == ["play disc 3"])
        #expect(registry.collisions(forProposedName: "Something", ofType: "Magazine", replacing: "id-0").map(\.sentence) == ["play something"])
        #expect(registry.collisions(forProposedName: "Night Drive", ofType: "Magazine").isEmpty)

        // Created: after the update, the new magazine is reported.
        magazines.add(Entity(id: "new", displayName: "Disc 3"))
        registry.updateShortcutParameters()
        let created = registry.collisions(forEntity: "new", ofType: "Magazine")
        #expect(created.map(\.sentence) == ["play disc 3"])
        #expect(Set(created.first?.sources.map(\.invocation.intent) ?? []) == ["PlayDisc", "PlayMagazine"])

        // Renamed onto another magazine's name: the two values collide.
        magazines.rename("new", to: "Road Trip")
        registry.updateShortcutParameters()
        #expect(registry.collisions(forEntity: "new", ofType: "Magazine").map(\.sentence).contains("play road trip"))
        #expect(registry.checkCollisions().sentenceCollisions.contains { $0.sentence == "play road trip" })
    }

    @Test("Fixed values are compared with slot values; one example sentence per pair of readings")
    func fixedValues() throws {
        let registry = try Fixtures.registry([
            Fixtures.shortcut("ChangeVolume", "turn it {step} in {app}", "turn it (louder|up){step=down} in {app}"),
        ])
        let report = registry.checkCollisions()
        let collision = try #require(report.sentenceCollisions.first)
        #expect(report.sentenceCollisions.count == 1)
        #expect(["turn it louder", "turn it up"].contains(collision.sentence))
        #expect(Set(collision.sources.compactMap { $0.invocation["step"]?.displayName }) == ["up", "down"])
    }
}
