import IntentKit
import Synchronization
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

    // MARK: Observers

    /// What observers saw: for each call, the generation, the names, and whether each name
    /// resolved (and each dropped name did not) at the moment of the call.
    final class Sightings: Sendable {
        struct Sighting: Equatable {
            var generation: Int
            var names: [String]
            var namesResolved: Bool
        }

        private let list = Mutex<[Sighting]>([])
        var all: [Sighting] { list.withLock { $0 } }

        func observe(_ registry: ShortcutRegistry) -> SnapshotObserverToken {
            registry.observeSnapshots { [self] snapshot in
                let names = snapshot.entities["Magazine"]?.map(\.displayName) ?? []
                let dropped = Set(all.last?.names ?? []).subtracting(names)
                let resolved = names.allSatisfy { registry.resolve("play \($0)").brief == "PlayMagazine magazine=\($0)" }
                    && dropped.allSatisfy { registry.resolve("play \($0)").brief == "unsupported" }
                list.withLock { $0.append(Sighting(generation: snapshot.generation, names: names, namesResolved: resolved)) }
            }
        }
    }

    @Test("An observer is told of every update, with the new names already resolving and dropped ones not")
    func observerSeesEveryUpdate() throws {
        let magazines = EntityList(["Road Trip"])
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: magazines)
        let sightings = Sightings()
        _ = sightings.observe(registry)
        #expect(sightings.all.isEmpty, "the snapshot taken at registration is not delivered")
        magazines.add(Entity(id: "new", displayName: "Workout"))
        registry.updateShortcutParameters()
        magazines.rename("id-0", to: "Night Drive")
        registry.updateShortcutParameters()
        #expect(sightings.all == [
            .init(generation: 2, names: ["Road Trip", "Workout"], namesResolved: true),
            .init(generation: 3, names: ["Night Drive", "Workout"], namesResolved: true),
        ])
    }

    @Test("A removed observer is not called again; the others still are")
    func removal() throws {
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: EntityList(["Road Trip"]))
        let kept = Sightings(), removed = Sightings()
        _ = kept.observe(registry)
        let token = removed.observe(registry)
        registry.updateShortcutParameters()
        registry.removeSnapshotObserver(token)
        registry.updateShortcutParameters()
        #expect(kept.all.map(\.generation) == [2, 3])
        #expect(removed.all.map(\.generation) == [2])
    }

    @Test("An observer may update the registry itself: no deadlock, and the new snapshot follows once it returns")
    func reentrantUpdate() throws {
        let magazines = EntityList(["Road Trip"])
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: magazines)
        let generations = Mutex<[Int]>([])
        let inside = Atomic<Bool>(false)
        registry.observeSnapshots { snapshot in
            let reentered = inside.exchange(true, ordering: .relaxed)
            #expect(!reentered, "an observer is never re-entered")
            generations.withLock { $0.append(snapshot.generation) }
            if snapshot.generation == 2 {
                magazines.rename("id-0", to: "Night Drive")
                registry.updateShortcutParameters()
            }
            inside.store(false, ordering: .relaxed)
        }
        registry.updateShortcutParameters()
        #expect(generations.withLock { $0 } == [2, 3])
        #expect(registry.resolve("play night drive").brief == "PlayMagazine magazine=Night Drive")
    }

    @Test("Updates racing on many threads: observers are called one at a time, in increasing generations, ending with the newest")
    func concurrentObservers() async throws {
        let registry = try Fixtures.registry([Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}")], magazines: EntityList(["Road Trip"]))
        let generations = Mutex<[Int]>([])
        let active = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        registry.observeSnapshots { snapshot in
            if active.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
            generations.withLock { $0.append(snapshot.generation) }
            active.subtract(1, ordering: .relaxed)
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 { registry.updateShortcutParameters() }
                }
            }
        }
        let seen = generations.withLock { $0 }
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
        #expect(seen.last == registry.snapshot.generation)
        #expect(registry.snapshot.generation == 401)
    }
}
