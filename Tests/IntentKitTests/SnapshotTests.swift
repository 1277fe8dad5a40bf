import IntentKit
import Testing

@Suite("The resolver sees only the last snapshot")
struct SnapshotTests {
    @Test("A rename is invisible until updateShortcutParameters(), then only the new name resolves")
    func rename() throws {
        let magazines = EntityList(["Road Trip", "Summer Hits"])
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: magazines)
        #expect(registry.snapshot.generation == 1)
        magazines.rename("id-0", to: "Night Drive")
        // Before the update the old snapshot is what is matched.
        #expect(registry.resolve("play road trip").brief == "PlayMagazine magazine=Road Trip")
        #expect(registry.resolve("play night drive").brief == "unsupported")
        let snapshot = registry.updateShortcutParameters()
        #expect(snapshot.generation == 2)
        #expect(snapshot.entities["Magazine"]?.map(\.displayName) == ["Night Drive", "Summer Hits"])
        // Right after the update: the new name resolves, the old one does not.
        #expect(registry.resolve("play night drive").brief == "PlayMagazine magazine=Night Drive")
        #expect(registry.resolve("play road trip").brief == "unsupported")
        if case .entity(_, let id, _)? = registry.resolve("play night drive").invocation?["magazine"] {
            #expect(id == "id-0")
        } else {
            Issue.record("expected the renamed entity")
        }
    }

    @Test("Created and deleted entities appear and vanish with the snapshot")
    func createAndDelete() throws {
        let magazines = EntityList([])
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: magazines)
        magazines.add(Entity(id: "new", displayName: "Workout", synonyms: ["gym mix"]))
        #expect(registry.resolve("play workout").brief == "unsupported")
        registry.updateShortcutParameters()
        #expect(registry.resolve("play workout").brief == "PlayMagazine magazine=Workout")
        #expect(registry.resolve("play gym mix").brief == "PlayMagazine magazine=Workout")
    }

    @Test("Resolution and updates run safely from many threads at once")
    func concurrent() async throws {
        let magazines = EntityList(["Road Trip"])
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: magazines)
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        if index == 0 { registry.updateShortcutParameters() }
                        if registry.resolve("play road trip").brief != "PlayMagazine magazine=Road Trip" { return false }
                    }
                    return true
                }
            }
            for await ok in group { #expect(ok) }
        }
        #expect(registry.snapshot.generation == 51)
    }
}
