import ChangerIntents
import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// `cdchanger magazine …`: list and edit the magazines in the rack.
enum MagazineCommand {
    static let descriptions: [CommandDescription] = [
        CommandDescription(
            words: ["magazine", "list"], synopsis: "magazine list [--json]",
            summary: "Show every magazine in the rack and what each slot holds.",
            options: [OptionHelp("--json", "print the rack as JSON (position, id, name, current, and each slot's state, path, title, artist)")],
            run: { arguments, environment in
                _ = try arguments.exactly([])
                return try list(json: arguments.flag("--json"), environment: environment)
            }
        ),
        CommandDescription(
            words: ["magazine", "create"], synopsis: "magazine create [NAME] [--slots N]",
            summary: "Add an empty magazine (named \u{201C}Magazine Two\u{201D}, \u{201C}Magazine Three\u{201D}… unless you name it).",
            options: [OptionHelp("--slots", "N", "how many slots it has, 1 to \(Magazine.slotCountRange.upperBound) (else \(Magazine.defaultSlotCount))")],
            run: { arguments, environment in
                guard arguments.positionals.count <= 1 else { throw UsageError("unexpected argument \u{201C}\(arguments.positionals[1])\u{201D} (quote a name with spaces)") }
                let slots = try arguments.integer("--slots", in: Magazine.slotCountRange) ?? Magazine.defaultSlotCount
                let magazine = try edit(environment, .created) { rack throws(RackError) in
                    try rack.create(named: arguments.positionals.first, slotCount: slots)
                }
                environment.out("Created \(magazine.name) with \(magazine.slots.count) empty slots.")
                try warnAboutCollisions(magazine, environment)
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "rename"], synopsis: "magazine rename OLD NEW",
            summary: "Give a magazine a new name.",
            run: { arguments, environment in
                let words = try arguments.exactly(["OLD", "NEW"])
                let old = environment.context.store.state.rack.magazine(named: words[0])?.name ?? words[0]
                let magazine = try edit(environment, .renamed) { rack throws(RackError) in try rack.rename(words[0], to: words[1]) }
                environment.out("Renamed \(old) to \(magazine.name).")
                try warnAboutCollisions(magazine, environment)
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "delete"], synopsis: "magazine delete NAME",
            summary: "Take a magazine out of the rack (the albums stay on disk).",
            run: { arguments, environment in
                let words = try arguments.exactly(["NAME"])
                let magazine = try edit(environment, .deleted) { rack throws(RackError) in try rack.delete(words[0]) }
                environment.out("Deleted \(magazine.name).")
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "move"], synopsis: "magazine move NAME POSITION",
            summary: "Move a magazine to another place in the rack (1 is first).",
            run: { arguments, environment in
                let words = try arguments.exactly(["NAME", "POSITION"])
                guard let position = Int(words[1]) else { throw UsageError("POSITION must be a whole number (1 is first), not \u{201C}\(words[1])\u{201D}") }
                // A place the rack doesn't have is refused as the rack refuses one past its end ("choose 1 to 3").
                let count = environment.context.store.state.rack.magazines.count
                guard position >= 1 else { throw CommandFailure(RackError.positionOutOfRange(position, count: count).description) }
                try edit(environment, .moved) { rack throws(RackError) in try rack.move(words[0], to: position) }
                let name = environment.context.store.state.rack.magazine(named: words[0])?.name ?? words[0]
                environment.out("Moved \(name) to position \(position).")
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "load"], synopsis: "magazine load MAGAZINE SLOT ALBUM",
            summary: "Put an album (a folder path or an album title) into a slot.",
            run: { arguments, environment in
                let words = try arguments.exactly(["MAGAZINE", "SLOT", "ALBUM"])
                let slot = try wholeNumber(words[1], named: "SLOT", in: 1...Magazine.slotCountRange.upperBound)
                guard environment.context.store.state.rack.magazine(named: words[0]) != nil else {
                    throw CommandFailure(RackError.unknownMagazine(words[0], known: environment.context.store.state.rack.magazines.map(\.name)).description)
                }
                let album: Album
                switch environment.context.findAlbum(words[2]) {
                case .success(let found): album = found
                case .failure(let error): throw CommandFailure(error.description)
                }
                let magazine = try edit(environment, .slotsChanged) { rack throws(RackError) in try rack.load(album.path, into: slot, of: words[0]) }
                environment.out("Loaded \(album.title) by \(album.artist) into slot \(slot) of \(magazine.name).")
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "eject"], synopsis: "magazine eject MAGAZINE SLOT",
            summary: "Empty a slot.",
            run: { arguments, environment in
                let words = try arguments.exactly(["MAGAZINE", "SLOT"])
                let slot = try wholeNumber(words[1], named: "SLOT", in: 1...Magazine.slotCountRange.upperBound)
                let folder = try edit(environment, .slotsChanged) { rack throws(RackError) in try rack.eject(slot: slot, of: words[0]) }
                let name = environment.context.store.state.rack.magazine(named: words[0])?.name ?? words[0]
                if let folder {
                    let title = environment.context.shelf.album(at: folder)?.title ?? folder.displayName
                    environment.out("Ejected \(title) from slot \(slot) of \(name).")
                } else {
                    environment.out("Slot \(slot) of \(name) was already empty.")
                }
                return 0
            }
        ),
    ]

    /// Runs a rack edit through the store, turning refusals into command failures and
    /// reporting a change that could not be saved.
    @discardableResult
    static func edit<Result: Sendable>(_ environment: CommandEnvironment, _ kind: StoreChange, _ body: (inout Rack) throws(RackError) -> Result) throws -> Result {
        let store = environment.context.store
        let result: Result
        do {
            result = try store.editRack(kind, body)
        } catch {
            throw CommandFailure(error.description)
        }
        if let error = store.pendingSaveError {
            guard environment.insidePlayer else { throw CommandFailure("\(error) The change was not saved.") }
            environment.err("cdchanger: \(error) The running player keeps the change and will save it when it can.")
        }
        return result
    }

    /// Tells the user when a new name makes sentences ambiguous ("Disc 3", "Something").
    static func warnAboutCollisions(_ magazine: Magazine, _ environment: CommandEnvironment) throws {
        let warnings = MagazineEntities.collisionWarnings(for: magazine, in: try environment.registry)
        guard !warnings.isEmpty else { return }
        environment.err("Note: the name \u{201C}\(magazine.name)\u{201D} sounds like other commands:")
        for warning in warnings { environment.err("  \(warning)") }
    }

    /// One slot as `magazine list --json` prints it.
    struct SlotRecord: Encodable {
        var slot: Int
        var state: String
        /// The folder as `LibraryPath.storageText`: the path, or `base64:…` when it is not UTF-8.
        var path: String?
        var title: String?
        var artist: String?
    }

    /// One magazine as `magazine list --json` prints it.
    struct MagazineRecord: Encodable {
        var position: Int
        var id: String
        var name: String
        var current: Bool
        var slots: [SlotRecord]
    }

    static func list(json: Bool, environment: CommandEnvironment) throws -> Int32 {
        let context = environment.context
        let state = context.store.state
        let currentID = state.currentMagazine?.id
        let records = state.rack.magazines.enumerated().map { index, magazine in
            MagazineRecord(
                position: index + 1, id: magazine.id.uuidString, name: magazine.name, current: magazine.id == currentID,
                slots: magazine.slots.enumerated().map { slot, folder in
                    let shown = context.shelf.state(ofSlot: folder)
                    var record = SlotRecord(slot: slot + 1, state: shown.label, path: folder?.storageText)
                    if case .loaded(let album) = shown {
                        record.title = album.title
                        record.artist = album.artist
                    }
                    return record
                }
            )
        }
        if json {
            environment.out(try Formatting.prettyJSON(records))
            return 0
        }
        for record in records {
            environment.out("\(record.position). \(record.name) (\(record.slots.count) slots)\(record.current ? "  \u{25C0} current" : "")")
            for slot in record.slots {
                let number = Formatting.padded(String(slot.slot), to: 3)
                switch slot.state {
                case "loaded": environment.out("   \(number)\(slot.title ?? "") \u{2014} \(slot.artist ?? "")")
                case "missing": environment.out("   \(number)(missing) \(slot.path.flatMap(LibraryPath.init(storageText:))?.displayName ?? "")")
                default: environment.out("   \(number)(empty)")
                }
            }
        }
        return 0
    }
}
