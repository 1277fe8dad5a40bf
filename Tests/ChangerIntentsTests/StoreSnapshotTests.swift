import ChangerIntents
import ChangerKit
import Foundation
import IntentKit
import Synchronization
import Testing
import TestSupport

@Suite("The store keeps the resolver's snapshot current")
struct StoreSnapshotTests {
    func makeStore() throws -> (ChangerStore, ShortcutRegistry, TemporaryFolder) {
        let folder = TemporaryFolder()
        var rack = Rack()
        try rack.create(named: "Road Trip")
        let store = ChangerStore(file: StateFile(directory: folder.url), state: ChangerState(rack: rack))
        return (store, try MagazineEntities.registry(observing: store), folder)
    }

    static func magazineName(_ resolution: Resolution) -> String? {
        guard case .matched(let invocation) = resolution, invocation.changerIntent == .playMagazine else { return nil }
        return invocation["magazine"]?.displayName
    }

    @Test("a renamed magazine resolves by its new name, and not its old one, right after the rename")
    func rename() throws {
        let (store, registry, _) = try makeStore()
        #expect(Self.magazineName(registry.resolve("play road trip")) == "Road Trip")
        try store.editRack(.renamed) { rack throws(RackError) in try rack.rename("Road Trip", to: "Night Shift") }
        #expect(Self.magazineName(registry.resolve("play night shift")) == "Night Shift")
        #expect(Self.magazineName(registry.resolve("play road trip")) == nil)
    }

    @Test("created magazines resolve at once and deleted ones stop resolving")
    func createAndDelete() throws {
        let (store, registry, _) = try makeStore()
        try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "Kitchen Radio") }
        #expect(Self.magazineName(registry.resolve("play kitchen radio")) == "Kitchen Radio")
        try store.editRack(.deleted) { rack throws(RackError) in try rack.delete("Kitchen Radio") }
        #expect(Self.magazineName(registry.resolve("play kitchen radio")) == nil)
    }

    @Test("reordering refreshes the snapshot's order")
    func reorder() throws {
        let (store, registry, _) = try makeStore()
        try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "Kitchen Radio") }
        try store.editRack(.moved) { rack throws(RackError) in try rack.move("Kitchen Radio", to: 1) }
        let listing = ChangerReports.shortcutLines(registry).joined(separator: "\n")
        let kitchen = try #require(listing.range(of: "Kitchen Radio"))
        let road = try #require(listing.range(of: "Road Trip"))
        #expect(kitchen.lowerBound < road.lowerBound)
    }

    @Test("a new name that collides with a phrase is reported when created or renamed", arguments: ["Disc 3", "Something"])
    func collisionReported(name: String) throws {
        let (store, registry, _) = try makeStore()
        let created = try store.editRack(.created) { rack throws(RackError) in try rack.create(named: name) }
        #expect(!MagazineEntities.collisionWarnings(for: created, in: registry).isEmpty)
        #expect(MagazineEntities.collisionWarnings(for: try #require(store.state.rack.magazine(named: "Road Trip")), in: registry).isEmpty)

        let (otherStore, otherRegistry, _) = try makeStore()
        let renamed = try otherStore.editRack(.renamed) { rack throws(RackError) in try rack.rename("Road Trip", to: name) }
        let warnings = MagazineEntities.collisionWarnings(for: renamed, in: otherRegistry)
        #expect(warnings.contains { $0.contains("play \(name.lowercased())") })
        guard case .ambiguous = registry.resolve("play \(name.lowercased())") else {
            Issue.record("play \(name) should be ambiguous")
            return
        }
    }

    @Test("a snapshot observer sees every create, rename, reorder and delete, with the new names already resolvable")
    func observerSeesEveryEdit() throws {
        let (store, registry, _) = try makeStore()
        // For each call: the magazine names in rack order, and whether, at that moment, each of
        // them resolved to itself and each name dropped since the previous call resolved to nothing.
        let calls = Mutex<[(names: [String], resolvable: Bool)]>([])
        registry.observeSnapshots { snapshot in
            let names = snapshot.entities[ChangerCatalog.magazineType]?.map(\.displayName) ?? []
            let dropped = Set(calls.withLock { $0.last?.names } ?? ["Road Trip"]).subtracting(names)
            let resolvable = names.allSatisfy { Self.magazineName(registry.resolve("play \($0)")) == $0 }
                && dropped.allSatisfy { Self.magazineName(registry.resolve("play \($0)")) == nil }
            calls.withLock { $0.append((names, resolvable)) }
        }
        try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "Kitchen Radio") }
        try store.editRack(.renamed) { rack throws(RackError) in try rack.rename("Road Trip", to: "Night Shift") }
        try store.editRack(.moved) { rack throws(RackError) in try rack.move("Kitchen Radio", to: 1) }
        try store.editRack(.slotsChanged) { rack throws(RackError) in _ = try rack.eject(slot: 1, of: "Kitchen Radio") }
        try store.editRack(.deleted) { rack throws(RackError) in try rack.delete("Night Shift") }
        let seen = calls.withLock { $0 }
        #expect(seen.map(\.names) == [
            ["Road Trip", "Kitchen Radio"],
            ["Night Shift", "Kitchen Radio"],
            ["Kitchen Radio", "Night Shift"],
            ["Kitchen Radio"],
        ], "one call per change of names or order; an edit of slots alone changes no names")
        #expect(seen.allSatisfy { $0.resolvable })
    }
}
