import ChangerKit
import IntentKit
import MusicLibrary
import Testing

@Suite("Magazines and the rack")
struct RackTests {
    let albumA = LibraryPath("/music/A"), albumB = LibraryPath("/music/B")

    @Test("new magazines get the next free default name and six empty slots")
    func defaultNames() throws {
        var rack = Rack()
        #expect(try rack.create().name == "Magazine One")
        #expect(try rack.create().name == "Magazine Two")
        try rack.rename("Magazine One", to: "Road Trip")
        #expect(try rack.create().name == "Magazine One")
        #expect(try rack.create().name == "Magazine Three")
        #expect(rack.magazines.allSatisfy { $0.slots.count == 6 && $0.slots.allSatisfy { $0 == nil } })
    }

    @Test("default names go on past twenty in words")
    func longDefaultNames() throws {
        var rack = Rack()
        for _ in 0..<21 { try rack.create() }
        #expect(rack.magazines.last?.name == "Magazine Twenty-One")
    }

    @Test("default names are spelled as before, and normalise to the number a user says", arguments: [
        (1, "Magazine One"), (13, "Magazine Thirteen"), (20, "Magazine Twenty"), (21, "Magazine Twenty-One"),
        (99, "Magazine Ninety-Nine"), (100, "Magazine One Hundred"), (105, "Magazine One Hundred Five"),
        (342, "Magazine Three Hundred Forty-Two"), (999, "Magazine Nine Hundred Ninety-Nine"), (1000, "Magazine 1000"),
    ])
    func defaultNameSpelling(number: Int, name: String) {
        #expect(Rack.defaultName(number) == name)
        #expect(Normalizer.tokens(of: name) == ["magazine", String(number)])
    }

    @Test("slot counts from 1 to 99 are accepted", arguments: [1, 6, 12, 99])
    func slotCounts(count: Int) throws {
        var rack = Rack()
        #expect(try rack.create(named: "M", slotCount: count).slots.count == count)
    }

    @Test("other slot counts are refused", arguments: [0, -1, 100, 1000])
    func badSlotCounts(count: Int) {
        var rack = Rack()
        #expect(throws: RackError.invalidSlotCount(count)) { try rack.create(named: "M", slotCount: count) }
        #expect(rack.magazines.isEmpty)
    }

    @Test("names are unique regardless of case and spacing", arguments: ["road trip", "ROAD TRIP", "  Road   Trip "])
    func duplicateNames(name: String) throws {
        var rack = Rack()
        try rack.create(named: "Road Trip")
        #expect(throws: RackError.duplicateName("Road Trip")) { try rack.create(named: name) }
        try rack.create(named: "Other")
        #expect(throws: RackError.duplicateName("Road Trip")) { try rack.rename("Other", to: name) }
        #expect(rack.magazines.map(\.name) == ["Road Trip", "Other"])
    }

    @Test("bad names are refused with a reason", arguments: ["", "   ", "bell\u{07}inside", String(repeating: "x", count: 61)])
    func badNames(name: String) {
        var rack = Rack()
        #expect(throws: RackError.self) { try rack.create(named: name) }
        do {
            try rack.create(named: name)
        } catch {
            #expect(!error.description.isEmpty)
            #expect(error.description.contains("name"))
        }
    }

    @Test("renaming keeps the id, slots and place; changing only the case is allowed")
    func rename() throws {
        var rack = Rack()
        let first = try rack.create(named: "First", albums: [albumA])
        try rack.create(named: "Second")
        let renamed = try rack.rename("first", to: "Road Trip")
        #expect(renamed.id == first.id)
        #expect(renamed.slots == first.slots)
        #expect(rack.magazines.map(\.name) == ["Road Trip", "Second"])
        try rack.rename("Road Trip", to: "ROAD TRIP")
        #expect(rack.magazine(named: "road trip")?.name == "ROAD TRIP")
    }

    @Test("an unknown magazine is named in the error, with the ones that exist")
    func unknownMagazine() throws {
        var rack = Rack()
        try rack.create(named: "Road Trip")
        #expect(throws: RackError.unknownMagazine("Nope", known: ["Road Trip"])) { try rack.rename("Nope", to: "X") }
        #expect(throws: RackError.unknownMagazine("Nope", known: ["Road Trip"])) { try rack.delete("Nope") }
        #expect(throws: RackError.unknownMagazine("Nope", known: ["Road Trip"])) { try rack.eject(slot: 1, of: "Nope") }
        #expect(RackError.unknownMagazine("Nope", known: ["Road Trip"]).description.contains("Road Trip"))
    }

    @Test("delete removes a magazine but never the last one")
    func delete() throws {
        var rack = Rack()
        try rack.create(named: "One")
        try rack.create(named: "Two")
        #expect(try rack.delete("one").name == "One")
        #expect(throws: RackError.lastMagazine("Two")) { try rack.delete("Two") }
        #expect(rack.magazines.map(\.name) == ["Two"])
    }

    @Test("move puts a magazine at a 1-based position", arguments: [(1, ["C", "A", "B"]), (2, ["A", "C", "B"]), (3, ["A", "B", "C"])])
    func move(position: Int, expected: [String]) throws {
        var rack = Rack()
        for name in ["A", "B", "C"] { try rack.create(named: name) }
        try rack.move("C", to: position)
        #expect(rack.magazines.map(\.name) == expected)
    }

    @Test("moving outside the rack is refused", arguments: [0, 4, -2])
    func moveOutOfRange(position: Int) throws {
        var rack = Rack()
        for name in ["A", "B", "C"] { try rack.create(named: name) }
        #expect(throws: RackError.positionOutOfRange(position, count: 3)) { try rack.move("A", to: position) }
    }

    @Test("load fills and replaces a slot; eject empties it and returns what it held")
    func loadAndEject() throws {
        var rack = Rack()
        try rack.create(named: "M", slotCount: 3)
        try rack.load(albumA, into: 2, of: "m")
        #expect(rack.magazine(named: "M")?.slots == [nil, albumA, nil])
        try rack.load(albumB, into: 2, of: "M")
        #expect(rack.magazine(named: "M")?.album(inSlot: 2) == albumB)
        #expect(try rack.eject(slot: 2, of: "M") == albumB)
        #expect(try rack.eject(slot: 2, of: "M") == nil)
        #expect(rack.magazine(named: "M")?.loadedSlotNumbers == [])
    }

    @Test("slots out of range are refused with the magazine's range", arguments: [0, 4, 99])
    func slotOutOfRange(slot: Int) throws {
        var rack = Rack()
        try rack.create(named: "M", slotCount: 3)
        #expect(throws: RackError.slotOutOfRange(slot, magazine: "M", count: 3)) { try rack.load(albumA, into: slot, of: "M") }
        #expect(throws: RackError.slotOutOfRange(slot, magazine: "M", count: 3)) { try rack.eject(slot: slot, of: "M") }
        #expect(RackError.slotOutOfRange(slot, magazine: "M", count: 3).description == "M has slots 1 to 3; there is no slot \(slot).")
    }

    @Test("repeat and random buttons cycle through every mode")
    func modeCycles() {
        #expect([RepeatMode.off, .track, .disc, .magazine].map(\.next) == [.track, .disc, .magazine, .off])
        #expect([RandomMode.off, .disc, .magazine].map(\.next) == [.disc, .magazine, .off])
    }
}
