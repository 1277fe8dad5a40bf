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

@Suite("Large name lists: revisions, examples and slot names")
struct LibrarySnapshotTests {
    /// Counts how often its entities were asked for.
    final class CountingList: Sendable {
        let names: EntityList
        let asked = Mutex(0)
        let revision = Mutex(1)
        init(_ names: [String]) { self.names = EntityList(names) }
        var entities: [Entity] {
            asked.withLock { $0 += 1 }
            return names.entities
        }
    }

    static func registry(songs: CountingList, magazines: EntityList) throws -> ShortcutRegistry {
        try ShortcutRegistry(ShortcutsProvider(
            appName: "CD Changer",
            intents: Fixtures.allIntents + [LibraryFixtures.playSong],
            entityTypes: [
                EntityType(identifier: "Magazine", title: "Magazine", entities: { magazines.entities }),
                EntityType(identifier: "Song", title: "Song", namesYieldToPhrases: true, listedExamples: 2,
                           revision: { songs.revision.withLock { $0 } }, entities: { songs.entities }),
            ],
            shortcuts: [
                Fixtures.shortcut("PlaySong", "play [the] song {song} in {app}"),
                Fixtures.shortcut("PlayMagazine", "play [the] magazine {magazine} in {app}"),
            ]
        ))
    }

    @Test("A type whose revision holds is not asked again, and its names keep resolving")
    func revisionKeepsNames() throws {
        let songs = CountingList(["Stop", "Night Drive", "Paper Boats"])
        let magazines = EntityList(["Road Trip"])
        let registry = try Self.registry(songs: songs, magazines: magazines)
        #expect(songs.asked.withLock { $0 } == 1)
        magazines.rename("id-0", to: "Kitchen Radio")
        registry.updateShortcutParameters()
        #expect(songs.asked.withLock { $0 } == 1)
        #expect(registry.resolve("play the magazine kitchen radio").brief == "PlayMagazine magazine=Kitchen Radio")
        #expect(registry.resolve("play the song paper boats").brief == "PlaySong song=Paper Boats")
        #expect(registry.resolve("play the magazine road trip").brief == "unsupported")

        songs.names.rename("id-2", to: "Paper Planes")
        songs.revision.withLock { $0 += 1 }
        registry.updateShortcutParameters()
        #expect(songs.asked.withLock { $0 } == 2)
        #expect(registry.resolve("play the song paper planes").brief == "PlaySong song=Paper Planes")
        #expect(registry.resolve("play the song paper boats").brief == "unsupported")
    }

    @Test("Thousands of names that share words all resolve to the right one")
    func manyNames() throws {
        let names = (1...3000).map { "Song \(NumberWords.cardinal($0 % 900 + 1, style: .title)!) Take \($0 / 900 + 1)" }
        let songs = CountingList(names)
        let registry = try Self.registry(songs: songs, magazines: EntityList([]))
        for index in [0, 1, 899, 900, 1777, 2999] {
            let resolution = registry.resolve("play the song " + names[index])
            #expect(resolution.brief == "PlaySong song=\(names[index])")
            if case .entity(_, let id, _)? = resolution.invocation?["song"] { #expect(id == "id-\(index)") }
        }
        #expect(registry.resolve("play the song song one").brief == "unsupported")
    }

    @Test("Listings show a few examples of a large type, the preferred ones first; suggestions too")
    func examples() throws {
        let songs = CountingList(["Stop", "Night Drive", "Paper Boats", "Heat Haze"])
        let registry = try Self.registry(songs: songs, magazines: EntityList(["Road Trip", "Jazz"]))
        let before = registry.listingLines()
        #expect(before.contains("  Play song Stop in CD Changer") && before.contains("  Play song Night Drive in CD Changer"))
        #expect(!before.contains("  Play song Paper Boats in CD Changer"))
        #expect(before.contains("  Play magazine Road Trip in CD Changer") && before.contains("  Play magazine Jazz in CD Changer"))
        registry.setPreferredExamples(["Heat Haze"], ofType: "Song")
        registry.setPreferredExamples(["Jazz"], ofType: "Magazine")
        let after = registry.listingLines()
        #expect(after.contains("  Play song Heat Haze in CD Changer") && after.contains("  Play song Stop in CD Changer"))
        guard case .unsupported(let unsupported) = registry.resolve("play the magazine") else {
            Issue.record("expected unsupported")
            return
        }
        #expect(unsupported.suggestions.contains("Play magazine Jazz"))
    }

    @Test("A slot's names can be listed, as written")
    func slotNames() throws {
        let registry = try Self.registry(songs: CountingList(["Stop", "Night Drive"]), magazines: EntityList(["Road Trip"]))
        #expect(registry.slotNames(intent: "PlaySong", parameter: "song") == ["Stop", "Night Drive"])
        #expect(registry.slotNames(intent: "PlayDisc", parameter: "disc").prefix(2) == ["1", "1st"])
        #expect(registry.slotNames(intent: "PlayDisc", parameter: "nothing").isEmpty)
    }

    @Test("Library names that sound like phrases are found without comparing names with names")
    func nameCollisions() throws {
        let registry = try LibraryFixtures.registry([
            Fixtures.shortcut("Stop", "stop in {app}", "play stop in {app}"),
            Fixtures.shortcut("PlaySong", "play [the] [song] {song} in {app}"),
            Fixtures.shortcut("PlayAlbum", "play [the] [album] {album} in {app}"),
        ], albums: EntityList(["Night Drive"]), songs: EntityList(["Stop", "Night Drive", "Streetlights"]))
        let collisions = registry.nameCollisions(ofType: "Song")
        #expect(collisions.map(\.sentence) == ["play stop"])
        #expect(registry.nameCollisions(ofType: "Album").isEmpty)
    }
}

@Suite("Qualifiers after a name")
struct QualifierTests {
    @Test("A name followed by a qualifier names the entities the qualifier lists, and only those")
    func qualifiers() throws {
        let songs = EntityList([])
        songs.add(Entity(id: "a", displayName: "Stop", qualifiers: ["by Amber Lane"]))
        songs.add(Entity(id: "b", displayName: "Stop", qualifiers: ["by Dune Motel"]))
        songs.add(Entity(id: "c", displayName: "Heat Haze", qualifiers: ["by Dune Motel"]))
        let registry = try LibraryFixtures.registry([Fixtures.shortcut("PlaySong", "play [the] [song] {song} in {app}")], albums: EntityList([]), songs: songs)
        #expect(registry.resolve("play stop").brief.hasPrefix("ambiguous"))
        for (sentence, id) in [("play stop by amber lane", "a"), ("play stop by dune motel", "b"), ("play heat haze by dune motel", "c")] {
            guard case .entity(_, let found, _)? = registry.resolve(sentence).invocation?["song"] else {
                Issue.record("\(sentence) should match one song")
                continue
            }
            #expect(found == id, "\(sentence)")
        }
        #expect(registry.resolve("play heat haze by amber lane").brief == "unsupported")
        #expect(registry.slotNames(intent: "PlaySong", parameter: "song").contains("Stop by Amber Lane"))
    }
}
