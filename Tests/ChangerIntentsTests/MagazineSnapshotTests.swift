import ChangerIntents
import IntentKit
import Testing

@Suite("Magazine renames, names that collide with phrases")
struct MagazineSnapshotTests {
    @Test("A renamed magazine resolves by its new name, not its old one, right after the update")
    func rename() throws {
        let store = TestMagazines(["Road Trip", "Summer Hits"])
        let registry = try store.makeRegistry()
        store.rename(TestMagazines.id(0), to: "Night Drive")
        #expect(describe(registry.resolve("play road trip")) == "PlayMagazine magazine=Road Trip")
        registry.updateShortcutParameters()
        #expect(describe(registry.resolve("play night drive")) == "PlayMagazine magazine=Night Drive")
        #expect(describe(registry.resolve("play disc 2 of night drive")) == "PlayDisc disc=2 magazine=Night Drive")
        #expect(describe(registry.resolve("play road trip")) == "unsupported")
        #expect(!ChangerReports.shortcutLines(registry).contains { $0.contains("Road Trip") })
    }

    @Test("Magazines called “Disc 3” or “Something” are reported and resolve as ambiguous", arguments: [
        ("Disc 3", "play disc 3", Set(["PlayDisc", "PlayMagazine"])),
        ("Something", "play something", Set(["PlaySomething", "PlayMagazine"])),
        ("Next Song", "play next song", Set(["NextTrack", "PlayMagazine"])),
    ])
    func collidingName(name: String, sentence: String, intents: Set<String>) throws {
        let store = TestMagazines(["Road Trip"])
        let registry = try store.makeRegistry()
        let proposed = registry.collisions(forProposedName: name, ofType: ChangerCatalog.magazineType, replacing: TestMagazines.id(0))
        #expect(!proposed.isEmpty)
        store.rename(TestMagazines.id(0), to: name)
        registry.updateShortcutParameters()
        let reported = registry.collisions(forEntity: TestMagazines.id(0), ofType: ChangerCatalog.magazineType)
        #expect(reported.contains { collision in Set(collision.sources.map(\.invocation.intent)) == intents }, "\(reported.map(\.sentence))")
        let check = ChangerReports.checkLines(registry)
        #expect(check.collides)
        guard case .ambiguous(let ambiguity) = registry.resolve(sentence) else {
            Issue.record("\(sentence) should be ambiguous")
            return
        }
        #expect(Set(ambiguity.candidates.map(\.invocation.intent)) == intents)
    }

    @Test("An ordinary new name collides with nothing")
    func ordinaryName() throws {
        let registry = try TestMagazines(["Road Trip"]).makeRegistry()
        for name in ["Night Drive", "Summer Hits 2024", "Jazz & Blues", "Magazine Two"] {
            #expect(registry.collisions(forProposedName: name, ofType: ChangerCatalog.magazineType).isEmpty, "\(name)")
        }
    }

    @Test("The PlayDisc follow-up accepts any disc number up to 99")
    func followUp() throws {
        var conversation = Conversation(registry: try TestMagazines(["Road Trip"]).makeRegistry())
        #expect(describe(conversation.respond(to: "play a specific disc in CD Changer")) == "needsValue PlayDisc disc")
        #expect(describe(conversation.respond(to: "forty two")) == "PlayDisc disc=42")
        _ = conversation.respond(to: "play a disc")
        #expect(describe(conversation.respond(to: "three")) == "PlayDisc disc=3")
    }
}
