#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// A magazine: a named cartridge of numbered slots, each empty or holding an album folder.
public struct Magazine: Codable, Hashable, Sendable, Identifiable {
    /// Stable across renames and moves; the intent layer uses it as the entity id.
    public var id: UUID
    public var name: String
    /// Slot contents in slot order (slot 1 first); nil is an empty slot.
    public var slots: [LibraryPath?]

    public static let defaultSlotCount = 6
    public static let slotCountRange = 1...99

    public init(id: UUID = UUID(), name: String, slots: [LibraryPath?]) {
        self.id = id
        self.name = name
        self.slots = slots
    }

    /// The album folder in slot `number` (1-based), or nil when the slot is empty or doesn't exist.
    public func album(inSlot number: Int) -> LibraryPath? {
        slots.indices.contains(number - 1) ? slots[number - 1] : nil
    }

    /// Slot numbers (1-based) that hold an album.
    public var loadedSlotNumbers: [Int] { slots.indices.filter { slots[$0] != nil }.map { $0 + 1 } }
}

/// What a slot shows: nothing, an album that is there, or an album whose folder has gone.
public enum SlotState: Equatable, Sendable {
    case empty
    case loaded(Album)
    case missing(LibraryPath)

    public var label: String {
        switch self {
        case .empty: "empty"
        case .loaded: "loaded"
        case .missing: "missing"
        }
    }
}
