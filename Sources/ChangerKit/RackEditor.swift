#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// A magazine an edit names: by its id (the dashboard), or by its name (the command line, a sentence).
public enum MagazineTarget: Equatable, Sendable {
    case id(UUID)
    case name(String)
}

/// One edit of the rack a user asked for, from any front end.
public enum RackEdit: Equatable, Sendable {
    /// Puts an album into a slot, replacing what was there.
    case load(Album, slot: Int, magazine: MagazineTarget)
    case eject(slot: Int, magazine: MagazineTarget)
    case create(name: String?, slotCount: Int)
    case rename(MagazineTarget, to: String)
    case delete(MagazineTarget)
    /// Moves a magazine to a 1-based position in the rack.
    case move(MagazineTarget, to: Int)
}

/// What an edit did: the words for the user, the magazine it made or changed (nil after a delete),
/// and what the changer did about it.
public struct RackEditOutcome: Equatable, Sendable {
    public var message: String
    public var magazine: Magazine?
    public var reaction: Changer.RackReaction
}

/// An edit that the one undo can take back: an eject, a replaced disc, a deleted magazine.
public enum UndoableEdit: Equatable, Sendable {
    case eject(magazineID: UUID, slot: Int, folder: LibraryPath)
    case replace(magazineID: UUID, slot: Int, old: LibraryPath, new: LibraryPath)
    /// The magazine as it was, and its 1-based place in the rack.
    case delete(Magazine, position: Int)
}

/// The one way the rack is edited while CD Changer runs — by the dashboard, by `cdchanger magazine`
/// (sent to the player, or run on its own), and by intents that load or eject discs.
///
/// It applies the edit through the store (which saves it and refreshes the intent layer's names),
/// tells the changer so sound, screen and status follow at once (see `Changer.rackChanged()`),
/// words the outcome the same way for every front end, and keeps the last eject, replaced disc or
/// deleted magazine for `undo()`. `question(before:)` is what a front end that can ask should ask
/// first: replacing a loaded disc, ejecting one, deleting a magazine — and says when that disc or
/// magazine is playing.
///
/// Used from one thread (the main loop's, in a player).
public final class RackEditor {
    public let store: ChangerStore
    /// The player's changer; nil for a command run while no player runs (nothing plays then).
    private let changer: Changer?
    private var ownShelf: AlbumShelf
    /// What `undo()` would take back.
    public private(set) var undoable: UndoableEdit?

    public init(store: ChangerStore, shelf: AlbumShelf, changer: Changer? = nil) {
        self.store = store
        self.changer = changer
        ownShelf = shelf
    }

    /// The albums the editor knows: the changer's, in a player.
    public var shelf: AlbumShelf {
        get { changer?.shelf ?? ownShelf }
        set {
            if let changer { changer.shelf = newValue } else { ownShelf = newValue }
        }
    }

    // MARK: Asking first

    /// The question to ask before `edit`, or nil when it needs none (loading into an empty slot,
    /// creating, renaming, moving).
    public func question(before edit: RackEdit) -> String? {
        let rack = store.state.rack
        switch edit {
        case .load(let album, let slot, let target):
            guard let magazine = try? RackEditor.magazine(target, in: rack), let folder = magazine.album(inSlot: slot), folder != album.path else { return nil }
            let question = "Replace \(title(of: folder)) in slot \(slot) with \(album.title)?"
            return question + playingNote(slot: slot, of: magazine, instead: " \(album.title) will play instead.")
        case .eject(let slot, let target):
            guard let magazine = try? RackEditor.magazine(target, in: rack), let folder = magazine.album(inSlot: slot) else { return nil }
            return "Eject disc \(slot), \(title(of: folder))?" + playingNote(slot: slot, of: magazine, instead: " the next disc will play.")
        case .delete(let target):
            guard let magazine = try? RackEditor.magazine(target, in: rack) else { return nil }
            let heard = changer?.playingMagazine?.id == magazine.id
            return "Delete \(magazine.name)?" + (heard ? " It is playing; the music will stop." : "")
        case .create, .rename, .move:
            return nil
        }
    }

    /// " It is playing; …" when disc `slot` of `magazine` is the one being heard.
    private func playingNote(slot: Int, of magazine: Magazine, instead: String) -> String {
        guard let changer, let current = changer.current, changer.playingMagazine?.id == magazine.id, current.slot == slot else { return "" }
        return changer.transport == .paused ? " It is paused; the music will stop." : " It is playing;" + instead
    }

    // MARK: Editing

    /// Carries out `edit`: saved at once, the changer told, the outcome in words.
    @discardableResult
    public func perform(_ edit: RackEdit) throws(RackError) -> RackEditOutcome {
        switch edit {
        case .load(let album, let slot, let target):
            shelf.add(album)
            let (magazine, previous) = try store.editRack(.slotsChanged) { rack throws(RackError) -> (Magazine, LibraryPath?) in
                let name = try RackEditor.magazine(target, in: rack).name
                let before = rack.magazine(named: name)?.album(inSlot: slot)
                return (try rack.load(album.path, into: slot, of: name), before)
            }
            if let previous, previous != album.path {
                undoable = .replace(magazineID: magazine.id, slot: slot, old: previous, new: album.path)
            }
            guard let previous else {
                return finish("Loaded \(album.title) by \(album.artist) into slot \(slot) of \(magazine.name).", magazine)
            }
            guard previous != album.path else {
                return finish("\(album.title) is already in slot \(slot) of \(magazine.name).", magazine)
            }
            return finish("Replaced \(title(of: previous)) in slot \(slot) of \(magazine.name) with \(album.title).", magazine)
        case .eject(let slot, let target):
            let (magazine, folder) = try store.editRack(.slotsChanged) { rack throws(RackError) -> (Magazine, LibraryPath?) in
                let name = try RackEditor.magazine(target, in: rack).name
                let folder = try rack.eject(slot: slot, of: name)
                return (try RackEditor.magazine(.name(name), in: rack), folder)
            }
            guard let folder else { return finish("Slot \(slot) of \(magazine.name) was already empty.", magazine) }
            undoable = .eject(magazineID: magazine.id, slot: slot, folder: folder)
            return finish("Ejected \(title(of: folder)) from slot \(slot) of \(magazine.name).", magazine)
        case .create(let name, let slotCount):
            let magazine = try store.editRack(.created) { rack throws(RackError) in try rack.create(named: name, slotCount: slotCount) }
            let slots = magazine.slots.count == 1 ? "1 empty slot" : "\(magazine.slots.count) empty slots"
            return finish("Created \(magazine.name) with \(slots).", magazine)
        case .rename(let target, let newName):
            let (old, magazine) = try store.editRack(.renamed) { rack throws(RackError) -> (String, Magazine) in
                let old = try RackEditor.magazine(target, in: rack).name
                return (old, try rack.rename(old, to: newName))
            }
            return finish("Renamed \(old) to \(magazine.name).", magazine)
        case .delete(let target):
            let (magazine, position) = try store.editRack(.deleted) { rack throws(RackError) -> (Magazine, Int) in
                let name = try RackEditor.magazine(target, in: rack).name
                let position = rack.magazines.firstIndex { $0.name == name }.map { $0 + 1 } ?? 1
                return (try rack.delete(name), position)
            }
            undoable = .delete(magazine, position: position)
            return finish("Deleted \(magazine.name).", nil)
        case .move(let target, let position):
            let magazine = try store.editRack(.moved) { rack throws(RackError) -> Magazine in
                let name = try RackEditor.magazine(target, in: rack).name
                try rack.move(name, to: position)
                return try RackEditor.magazine(.name(name), in: rack)
            }
            return finish("Moved \(magazine.name) to position \(position).", magazine)
        }
    }

    // MARK: Undo

    /// What `undo()` would do, for a hint ("put Night Drive back in slot 3"); nil when there is nothing.
    public var undoSummary: String? {
        switch undoable {
        case .eject(_, let slot, let folder): "put \(title(of: folder)) back in slot \(slot)"
        case .replace(_, let slot, let old, _): "put \(title(of: old)) back in slot \(slot)"
        case .delete(let magazine, _): "bring back \(magazine.name)"
        case nil: nil
        }
    }

    /// Takes back the last eject, replaced disc or deleted magazine — once, and only while what it
    /// changed is still as the edit left it.
    @discardableResult
    public func undo() throws(RackError) -> RackEditOutcome {
        guard let undoable else { throw .nothingToUndo }
        switch undoable {
        case .eject(let id, let slot, let folder), .replace(let id, let slot, let folder, _):
            var expected: LibraryPath?
            if case .replace(_, _, _, let new) = undoable { expected = new }
            let magazine = try store.editRack(.slotsChanged) { rack throws(RackError) -> Magazine in
                let magazine = try RackEditor.magazine(.id(id), in: rack)
                guard magazine.slots.indices.contains(slot - 1), magazine.slots[slot - 1] == expected else {
                    throw .undoOutdated("Slot \(slot) of \(magazine.name) has changed since; nothing was undone.")
                }
                return try rack.load(folder, into: slot, of: magazine.name)
            }
            self.undoable = nil
            return finish("Undone: \(title(of: folder)) is back in slot \(slot) of \(magazine.name).", magazine)
        case .delete(let magazine, let position):
            try store.editRack(.created) { rack throws(RackError) in try rack.restore(magazine, at: position) }
            self.undoable = nil
            return finish("Undone: \(magazine.name) is back in the rack.", magazine)
        }
    }

    // MARK: Words

    /// The outcome, with what the changer did about the edit.
    private func finish(_ message: String, _ magazine: Magazine?) -> RackEditOutcome {
        let reaction = changer?.rackChanged() ?? .none
        var text = message
        switch reaction {
        case .none:
            break
        case .playingNewDisc:
            text += " It plays now."
        case .movedOn(let slot):
            let title = changer?.currentMagazine?.album(inSlot: slot).map(title(of:)) ?? "disc \(slot)"
            text += " Now playing disc \(slot), \(title)."
        case .stopped:
            text += " The music stopped."
        }
        return RackEditOutcome(message: text, magazine: magazine, reaction: reaction)
    }

    /// An album's title, or its folder's name when it is not known (missing).
    private func title(of folder: LibraryPath) -> String {
        shelf.album(at: folder)?.title ?? folder.lastComponent.displayName
    }

    /// The magazine `target` names in `rack`.
    static func magazine(_ target: MagazineTarget, in rack: Rack) throws(RackError) -> Magazine {
        switch target {
        case .id(let id):
            guard let magazine = rack.magazine(withID: id) else { throw .magazineGone }
            return magazine
        case .name(let name):
            guard let magazine = rack.magazine(named: name) else { throw .unknownMagazine(name, known: rack.magazines.map(\.name)) }
            return magazine
        }
    }
}
