import ChangerKit
import Foundation
import MusicLibrary
import Testing
import TestSupport

/// The one way the rack is edited: what each edit says, what it asks first, what the changer does
/// about the disc being heard, and the one undo.
@Suite("Editing the rack")
struct RackEditorTests {
    struct Rig {
        let fixture: TransportFixture
        let changer: Changer
        let editor: RackEditor

        init() throws {
            fixture = try TransportFixture()
            changer = fixture.changer()
            editor = RackEditor(store: fixture.store, shelf: fixture.shelf, changer: changer)
        }

        var albumC: Album { fixture.shelf.album(at: fixture.path("C"))! }
        var slot1: LibraryPath? { fixture.store.state.rack.magazines[0].album(inSlot: 1) }
    }

    @Test("replacing the playing disc plays the new one from its first track at once, and the status follows")
    func replacingThePlayingDisc() throws {
        let rig = try Rig()
        try rig.changer.playDisc(1, track: 2)
        rig.fixture.engine.heardSeconds = 40
        #expect(rig.editor.question(before: .load(rig.albumC, slot: 1, magazine: .name("Magazine One")))
            == "Replace A in slot 1 with C? It is playing; C will play instead.")
        let outcome = try rig.editor.perform(.load(rig.albumC, slot: 1, magazine: .name("Magazine One")))
        #expect(outcome.message == "Replaced A in slot 1 of Magazine One with C. It plays now.")
        #expect(outcome.reaction == .playingNewDisc(slot: 1))
        #expect(rig.fixture.playing == "C1")
        #expect(rig.fixture.engine.heardSeconds == 0)
        #expect(rig.changer.current == TrackReference(magazineID: rig.fixture.magazineID, slot: 1, trackIndex: 0))
        #expect(rig.changer.resolve(rig.changer.current!)?.track.path == rig.fixture.engine.current?.path)
    }

    @Test("ejecting the playing disc moves on to the next loaded disc at once")
    func ejectingThePlayingDisc() throws {
        let rig = try Rig()
        try rig.changer.playDisc(3)
        #expect(rig.editor.question(before: .eject(slot: 3, magazine: .id(rig.fixture.magazineID))) == "Eject disc 3, B? It is playing; the next disc will play.")
        let outcome = try rig.editor.perform(.eject(slot: 3, magazine: .id(rig.fixture.magazineID)))
        #expect(outcome.message == "Ejected B from slot 3 of Magazine One. Now playing disc 5, C.")
        #expect(rig.fixture.playing == "C1")
        #expect(rig.changer.transport == .playing)
    }

    @Test("ejecting the only loaded disc while it plays stops, and so does ejecting a paused disc")
    func ejectingStops() throws {
        let rig = try Rig()
        try rig.changer.playDisc(1)
        rig.changer.pause()
        let outcome = try rig.editor.perform(.eject(slot: 1, magazine: .name("Magazine One")))
        #expect(outcome.message == "Ejected A from slot 1 of Magazine One. The music stopped.")
        #expect(rig.changer.transport == .stopped)
        #expect(rig.fixture.engine.stopped)
        // Play goes on from the next disc, where the position now points.
        #expect(rig.fixture.store.state.position?.slot == 3)
        for slot in [3, 5] { try rig.editor.perform(.eject(slot: slot, magazine: .name("Magazine One"))) }
        try rig.editor.perform(.load(rig.albumC, slot: 6, magazine: .name("Magazine One")))
        try rig.changer.playDisc(6)
        #expect(try rig.editor.perform(.eject(slot: 6, magazine: .name("Magazine One"))).reaction == .stopped(resumesAt: nil))
        #expect(rig.changer.transport == .stopped)
    }

    @Test("loading into another slot changes only what is queued when that slot plays next")
    func loadingTheNextDisc() throws {
        let rig = try Rig()
        try rig.changer.playDisc(1, track: 3)
        #expect(rig.fixture.queued == "B1")
        let outcome = try rig.editor.perform(.load(rig.albumC, slot: 3, magazine: .name("Magazine One")))
        #expect(outcome.reaction == .none)
        #expect(rig.fixture.playing == "A3")
        #expect(rig.fixture.queued == "C1")
    }

    @Test("deleting the playing magazine asks first and stops the music; the position goes with it")
    func deletingThePlayingMagazine() throws {
        let rig = try Rig()
        try rig.editor.perform(.create(name: "Spare", slotCount: 6))
        try rig.changer.playDisc(1)
        #expect(rig.editor.question(before: .delete(.name("Magazine One"))) == "Delete Magazine One? It is playing; the music will stop.")
        #expect(rig.editor.question(before: .delete(.name("Spare"))) == "Delete Spare?")
        let outcome = try rig.editor.perform(.delete(.name("Magazine One")))
        #expect(outcome.message == "Deleted Magazine One. The music stopped.")
        #expect(rig.changer.transport == .stopped)
        #expect(rig.fixture.store.state.position == nil)
    }

    @Test("undo takes back the last eject, replaced disc or deleted magazine, once")
    func undo() throws {
        let rig = try Rig()
        try rig.editor.perform(.eject(slot: 1, magazine: .name("Magazine One")))
        #expect(rig.editor.undoSummary == "put A back in slot 1")
        #expect(try rig.editor.undo().message == "Undone: A is back in slot 1 of Magazine One.")
        #expect(rig.slot1 == rig.fixture.path("A"))
        #expect(throws: RackError.nothingToUndo) { try rig.editor.undo() }

        try rig.editor.perform(.load(rig.albumC, slot: 1, magazine: .name("Magazine One")))
        #expect(try rig.editor.undo().message == "Undone: A is back in slot 1 of Magazine One.")
        #expect(rig.slot1 == rig.fixture.path("A"))

        let id = rig.fixture.magazineID
        try rig.editor.perform(.create(name: "Spare", slotCount: 3))
        try rig.editor.perform(.move(.name("Spare"), to: 1))
        try rig.editor.perform(.delete(.id(id)))
        #expect(try rig.editor.undo().message == "Undone: Magazine One is back in the rack.")
        let rack = rig.fixture.store.state.rack
        #expect(rack.magazines.map(\.name) == ["Spare", "Magazine One"])
        #expect(rack.magazines[1].id == id)
        #expect(rack.magazines[1].album(inSlot: 1) == rig.fixture.path("A"))
    }

    @Test("an undo whose slot changed since is refused, and nothing changes")
    func undoOutdated() throws {
        let rig = try Rig()
        try rig.editor.perform(.eject(slot: 1, magazine: .name("Magazine One")))
        try rig.fixture.store.editRack(.slotsChanged) { rack throws(RackError) in try rack.load(rig.fixture.path("C"), into: 1, of: "Magazine One") }
        #expect(throws: RackError.undoOutdated("Slot 1 of Magazine One has changed since; nothing was undone.")) { try rig.editor.undo() }
        #expect(rig.slot1 == rig.fixture.path("C"))
    }

    @Test("the words are the command line's, whichever front end asks")
    func words() throws {
        let rig = try Rig()
        #expect(try rig.editor.perform(.create(name: nil, slotCount: 4)).message == "Created Magazine Two with 4 empty slots.")
        #expect(try rig.editor.perform(.rename(.name("magazine two"), to: "Kitchen")).message == "Renamed Magazine Two to Kitchen.")
        #expect(try rig.editor.perform(.load(rig.albumC, slot: 2, magazine: .name("Kitchen"))).message == "Loaded C by Artist into slot 2 of Kitchen.")
        #expect(try rig.editor.perform(.load(rig.albumC, slot: 2, magazine: .name("Kitchen"))).message == "C is already in slot 2 of Kitchen.")
        #expect(try rig.editor.perform(.eject(slot: 1, magazine: .name("Kitchen"))).message == "Slot 1 of Kitchen was already empty.")
        #expect(try rig.editor.perform(.move(.name("Kitchen"), to: 1)).message == "Moved Kitchen to position 1.")
        #expect(throws: RackError.magazineGone) { try rig.editor.perform(.eject(slot: 1, magazine: .id(UUID()))) }
        #expect(rig.editor.question(before: .load(rig.albumC, slot: 3, magazine: .name("Kitchen"))) == nil)
    }
}
