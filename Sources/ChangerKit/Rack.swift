#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IntentKit
import MusicLibrary

/// The ordered list of magazines, and every edit a user can make to it.
///
/// Names are unique regardless of case. Every edit either succeeds completely or throws a
/// `RackError` whose message a user can act on, leaving the rack as it was.
public struct Rack: Codable, Hashable, Sendable {
    public private(set) var magazines: [Magazine]

    public init(magazines: [Magazine] = []) {
        self.magazines = magazines
    }

    /// The longest magazine name accepted.
    public static let maximumNameLength = 60

    /// The magazine called `name`, ignoring case and surrounding spaces.
    public func magazine(named name: String) -> Magazine? {
        let wanted = Rack.comparable(name)
        return magazines.first { Rack.comparable($0.name) == wanted }
    }

    public func magazine(withID id: UUID) -> Magazine? { magazines.first { $0.id == id } }

    /// The first unused default name: "Magazine One", "Magazine Two", …
    public var nextDefaultName: String {
        var number = 1
        while magazine(named: Rack.defaultName(number)) != nil { number += 1 }
        return Rack.defaultName(number)
    }

    /// "Magazine One" … "Magazine Twenty-One" … "Magazine Nine Hundred Ninety-Nine", then
    /// "Magazine 1000": names a user can say, spelled as the speech grammar spells numbers.
    public static func defaultName(_ number: Int) -> String {
        "Magazine " + (NumberWords.cardinal(number, style: .title) ?? String(number))
    }

    /// Adds a magazine at the end of the rack and returns it.
    @discardableResult
    public mutating func create(named name: String? = nil, slotCount: Int = Magazine.defaultSlotCount, albums: [LibraryPath] = []) throws(RackError) -> Magazine {
        guard Magazine.slotCountRange.contains(slotCount) else { throw .invalidSlotCount(slotCount) }
        let finalName = try validatedName(name ?? nextDefaultName, replacing: nil)
        var slots = [LibraryPath?](repeating: nil, count: slotCount)
        for (index, album) in albums.prefix(slotCount).enumerated() { slots[index] = album }
        let magazine = Magazine(name: finalName, slots: slots)
        magazines.append(magazine)
        return magazine
    }

    /// Renames a magazine; its id, slots and place in the rack stay.
    @discardableResult
    public mutating func rename(_ name: String, to newName: String) throws(RackError) -> Magazine {
        let index = try indexOfMagazine(named: name)
        magazines[index].name = try validatedName(newName, replacing: magazines[index].id)
        return magazines[index]
    }

    /// Removes a magazine. The last magazine can't be removed: a changer always has one.
    @discardableResult
    public mutating func delete(_ name: String) throws(RackError) -> Magazine {
        let index = try indexOfMagazine(named: name)
        guard magazines.count > 1 else { throw .lastMagazine(magazines[index].name) }
        return magazines.remove(at: index)
    }

    /// Moves a magazine to `position` (1-based) in the rack.
    public mutating func move(_ name: String, to position: Int) throws(RackError) {
        let index = try indexOfMagazine(named: name)
        guard magazines.indices.contains(position - 1) else { throw .positionOutOfRange(position, count: magazines.count) }
        let magazine = magazines.remove(at: index)
        magazines.insert(magazine, at: position - 1)
    }

    /// Puts a deleted magazine back at `position` (1-based; the end when the rack is shorter), with
    /// its id, name and slots, when no magazine has taken its name meanwhile.
    public mutating func restore(_ magazine: Magazine, at position: Int) throws(RackError) {
        guard self.magazine(withID: magazine.id) == nil else { throw .undoOutdated("\(magazine.name) is already in the rack.") }
        if let existing = self.magazine(named: magazine.name) {
            throw .undoOutdated("There is a magazine named \u{201C}\(existing.name)\u{201D} again; nothing was undone.")
        }
        magazines.insert(magazine, at: min(max(0, position - 1), magazines.count))
    }

    /// Puts an album folder into a slot (replacing what was there) and returns the magazine.
    @discardableResult
    public mutating func load(_ album: LibraryPath, into slot: Int, of name: String) throws(RackError) -> Magazine {
        let index = try indexOfMagazine(named: name)
        try checkSlot(slot, of: magazines[index])
        magazines[index].slots[slot - 1] = album
        return magazines[index]
    }

    /// Empties a slot and returns the album folder it held, if any.
    @discardableResult
    public mutating func eject(slot: Int, of name: String) throws(RackError) -> LibraryPath? {
        let index = try indexOfMagazine(named: name)
        try checkSlot(slot, of: magazines[index])
        defer { magazines[index].slots[slot - 1] = nil }
        return magazines[index].slots[slot - 1]
    }

    private func indexOfMagazine(named name: String) throws(RackError) -> Int {
        let wanted = Rack.comparable(name)
        guard let index = magazines.firstIndex(where: { Rack.comparable($0.name) == wanted }) else {
            throw .unknownMagazine(name, known: magazines.map(\.name))
        }
        return index
    }

    private func checkSlot(_ slot: Int, of magazine: Magazine) throws(RackError) {
        guard magazine.slots.indices.contains(slot - 1) else {
            throw .slotOutOfRange(slot, magazine: magazine.name, count: magazine.slots.count)
        }
    }

    /// The name, trimmed, if it is acceptable and no other magazine has it.
    private func validatedName(_ name: String, replacing id: UUID?) throws(RackError) -> String {
        let trimmed = Rack.collapsingSpaces(name)
        guard !trimmed.isEmpty else { throw .invalidName("A magazine name can't be empty.") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidName("A magazine name can't contain control characters.")
        }
        guard trimmed.count <= Rack.maximumNameLength else {
            throw .invalidName("A magazine name can have at most \(Rack.maximumNameLength) characters.")
        }
        if let existing = magazine(named: trimmed), existing.id != id { throw .duplicateName(existing.name) }
        return trimmed
    }

    /// Runs of white space become one space; leading and trailing space goes.
    static func collapsingSpaces(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func comparable(_ name: String) -> String { collapsingSpaces(name).lowercased() }
}

/// An edit the rack refused, with a message for the user.
public enum RackError: Error, Equatable, Sendable, CustomStringConvertible {
    case duplicateName(String)
    case unknownMagazine(String, known: [String])
    case slotOutOfRange(Int, magazine: String, count: Int)
    case invalidSlotCount(Int)
    case invalidName(String)
    case lastMagazine(String)
    case positionOutOfRange(Int, count: Int)
    /// The magazine an edit was for is no longer in the rack.
    case magazineGone
    case nothingToUndo
    /// What the undo would restore has changed since.
    case undoOutdated(String)

    public var description: String {
        switch self {
        case .duplicateName(let name):
            "There is already a magazine named \u{201C}\(name)\u{201D}; choose another name."
        case .unknownMagazine(let name, let known):
            "There is no magazine named \u{201C}\(name)\u{201D}." + (known.isEmpty ? "" : " The rack holds: \(known.joined(separator: ", ")).")
        case .slotOutOfRange(let slot, let magazine, let count):
            "\(magazine) has slots 1 to \(count); there is no slot \(slot)."
        case .invalidSlotCount(let count):
            "A magazine has \(Magazine.slotCountRange.lowerBound) to \(Magazine.slotCountRange.upperBound) slots, not \(count)."
        case .invalidName(let reason):
            reason
        case .lastMagazine(let name):
            "\(name) is the only magazine; create another before deleting it."
        case .positionOutOfRange(let position, let count):
            "There is no position \(position) in the rack; choose 1 to \(count)."
        case .magazineGone:
            "That magazine is no longer in the rack."
        case .nothingToUndo:
            "There is nothing to undo: undo takes back the last eject, replaced disc or deleted magazine."
        case .undoOutdated(let reason):
            reason
        }
    }
}
