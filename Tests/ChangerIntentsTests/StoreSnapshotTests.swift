import ChangerIntents
import ChangerKit
import Foundation
import IntentKit
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

    func magazineName(_ resolution: Resolution) -> String? {
        guard case .matched(let invocation) = resolution, invocation.intent == "PlayMagazine" else { return nil }
        return invocation["magazine"]?.displayName
    }

    @Test("a renamed magazine resolves by its new name, and not its old one, right after the rename")
    func rename() throws {
        let (store, registry, _) = try makeStore()
        #expect(magazineName(registry.resolve("play road trip")) == "Road Trip")
        try store.editRack(.renamed) { rack throws(RackError) in try rack.rename("Road Trip", to: "Night Shift") }
        #expect(magazineName(registry.resolve("play night shift")) == "Night Shift")
        #expect(magazineName(registry.resolve("play road trip")) == nil)
    }

    @Test("created magazines resolve at once and deleted ones stop resolving")
    func createAndDelete() throws {
        let (store, registry, _) = try makeStore()
        try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "Kitchen Radio") }
        #expect(magazineName(registry.resolve("play kitchen radio")) == "Kitchen Radio")
        try store.editRack(.deleted) { rack throws(RackError) in try rack.delete("Kitchen Radio") }
        #expect(magazineName(registry.resolve("play kitchen radio")) == nil)
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
}
