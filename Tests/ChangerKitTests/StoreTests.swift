import ChangerKit
import Foundation
import MusicLibrary
import Synchronization
import Testing
import TestSupport

@Suite("The changer store")
struct StoreTests {
    func makeStore(in folder: TemporaryFolder) throws -> ChangerStore {
        var rack = Rack()
        try rack.create(named: "Magazine One")
        return ChangerStore(file: StateFile(directory: folder.url), state: ChangerState(rack: rack))
    }

    @Test("every edit is saved at once")
    func savesEveryEdit() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(in: folder)
        try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "Road Trip") }
        let saved = try #require(store.file.load().state)
        #expect(saved.rack.magazines.map(\.name) == ["Magazine One", "Road Trip"])
    }

    @Test("observers hear what kind of change happened, after it happened")
    func observers() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(in: folder)
        let heard = Mutex<[(StoreChange, [String])]>([])
        store.observe { change in heard.withLock { $0.append((change, store.state.rack.magazines.map(\.name))) } }
        try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "B") }
        try store.editRack(.renamed) { rack throws(RackError) in try rack.rename("B", to: "C") }
        try store.editRack(.moved) { rack throws(RackError) in try rack.move("C", to: 1) }
        try store.editRack(.deleted) { rack throws(RackError) in try rack.delete("C") }
        let log = heard.withLock { $0 }
        #expect(log.map(\.0) == [.created, .renamed, .moved, .deleted])
        #expect(log.map(\.1) == [["Magazine One", "B"], ["Magazine One", "C"], ["C", "Magazine One"], ["Magazine One"]])
        #expect(log.allSatisfy { $0.0.changesMagazineNames })
    }

    @Test("a refused edit changes nothing and tells nobody")
    func refusedEdit() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(in: folder)
        let calls = Mutex(0)
        store.observe { _ in calls.withLock { $0 += 1 } }
        #expect(throws: RackError.self) { try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "magazine one") } }
        #expect(store.state.rack.magazines.count == 1)
        #expect(calls.withLock { $0 } == 0)
    }

    @Test("deleting the magazine that holds the position forgets the position and selects another")
    func deletingCurrent() throws {
        let folder = TemporaryFolder()
        let store = try makeStore(in: folder)
        let second = try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "Two") }
        store.update { $0.position = PlaybackPosition(magazineID: second.id, slot: 1, trackIndex: 0, offset: 3) }
        store.update { $0.currentMagazineID = second.id }
        try store.editRack(.deleted) { rack throws(RackError) in try rack.delete("Two") }
        #expect(store.state.position == nil)
        #expect(store.state.currentMagazine?.name == "Magazine One")
    }

    @Test("when the state can't be saved the change stays in memory and is saved once it can be")
    func unsavableKeepsChange() throws {
        let folder = TemporaryFolder()
        // A regular file where the state folder should be: every save fails, as on a broken disk.
        let blocker = folder.url.appendingPathComponent("state")
        try Data("not a folder".utf8).write(to: blocker)
        var rack = Rack()
        try rack.create(named: "Magazine One")
        let store = ChangerStore(file: StateFile(directory: blocker), state: ChangerState(rack: rack))
        try store.editRack(.created) { rack throws(RackError) in try rack.create(named: "Kept") }
        #expect(store.state.rack.magazine(named: "Kept") != nil)
        let error = try #require(store.pendingSaveError)
        #expect(error.description.contains("Can't"))

        try FileManager.default.removeItem(at: blocker)
        #expect(store.retrySave() == nil)
        let saved = try #require(store.file.load().state)
        #expect(saved.rack.magazine(named: "Kept") != nil)
    }

    /// Two short-lived processes as `magazine` commands open them: each reads the file under the lock before it writes.
    func twoProcessesStore(in folder: TemporaryFolder) throws -> (ChangerStore, ChangerStore) {
        var rack = Rack()
        try rack.create(named: "Magazine One")
        let file = StateFile(directory: folder.url)
        return (ChangerStore(file: file, state: ChangerState(rack: rack), rereadsBeforeEdits: true),
                ChangerStore(file: file, state: ChangerState(rack: rack), rereadsBeforeEdits: true))
    }

    @Test("a process that found no state file doesn't write its first state over one saved since")
    func firstStateSavedMeanwhile() throws {
        let folder = TemporaryFolder()
        let (first, second) = try twoProcessesStore(in: folder)
        #expect(first.saveFirstState() == nil)
        try first.editRack(.created) { rack throws(RackError) in try rack.create(named: "Saved First") }
        #expect(second.saveFirstState() == nil)
        #expect(second.state.rack.magazine(named: "Saved First") != nil)
        let saved = try #require(first.file.load().state)
        #expect(saved.rack.magazines.map(\.name) == ["Magazine One", "Saved First"])
    }

    @Test("a setting changed by a short-lived process keeps the magazines another saved meanwhile")
    func updateRereads() throws {
        let folder = TemporaryFolder()
        let (first, second) = try twoProcessesStore(in: folder)
        #expect(first.saveFirstState() == nil)
        #expect(second.saveFirstState() == nil)
        try first.editRack(.created) { rack throws(RackError) in try rack.create(named: "Road Trip") }
        second.update { $0.settings.volume = 40 }
        let saved = try #require(first.file.load().state)
        #expect(saved.rack.magazine(named: "Road Trip") != nil)
        #expect(saved.settings.volume == 40)
    }
}
