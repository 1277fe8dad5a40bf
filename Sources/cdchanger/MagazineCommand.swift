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
                let outcome = try edit(environment, .create(name: arguments.positionals.first, slotCount: slots))
                if let magazine = outcome.magazine { try warnAboutCollisions(magazine, environment) }
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "rename"], synopsis: "magazine rename OLD NEW",
            summary: "Give a magazine a new name.",
            run: { arguments, environment in
                let words = try arguments.exactly(["OLD", "NEW"])
                let outcome = try edit(environment, .rename(.name(words[0]), to: words[1]))
                if let magazine = outcome.magazine { try warnAboutCollisions(magazine, environment) }
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "delete"], synopsis: "magazine delete NAME",
            summary: "Take a magazine out of the rack (the albums stay on disk). Deleting the playing magazine stops the music.",
            run: { arguments, environment in
                let words = try arguments.exactly(["NAME"])
                try edit(environment, .delete(.name(words[0])))
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "move"], synopsis: "magazine move NAME POSITION",
            summary: "Move a magazine to another place in the rack (1 is first).",
            run: { arguments, environment in
                let words = try arguments.exactly(["NAME", "POSITION"])
                // A place the rack doesn't have (0 and below too) is refused by the rack: "choose 1 to 3".
                guard let position = Int(words[1]) else { throw UsageError("POSITION must be a whole number (1 is first), not \u{201C}\(words[1])\u{201D}") }
                try edit(environment, .move(.name(words[0]), to: position))
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "load"], synopsis: "magazine load MAGAZINE SLOT ALBUM",
            summary: "Put an album (a folder path or an album title) into a slot. Replacing the playing disc plays the new one.",
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
                try edit(environment, .load(album, slot: slot, magazine: .name(words[0])))
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "eject"], synopsis: "magazine eject MAGAZINE SLOT",
            summary: "Empty a slot. Ejecting the playing disc moves on to the next one.",
            run: { arguments, environment in
                let words = try arguments.exactly(["MAGAZINE", "SLOT"])
                let slot = try wholeNumber(words[1], named: "SLOT", in: 1...Magazine.slotCountRange.upperBound)
                try edit(environment, .eject(slot: slot, magazine: .name(words[0])))
                return 0
            }
        ),
        CommandDescription(
            words: ["magazine", "undo"], synopsis: "magazine undo",
            summary: "Take back the last eject, replaced disc or deleted magazine of the running player (the dashboard's u).",
            run: { arguments, environment in
                _ = try arguments.exactly([])
                guard environment.insidePlayer else {
                    throw CommandFailure("Undo works while a player runs: it takes back the player's last eject, replaced disc or deleted magazine.")
                }
                let outcome: RackEditOutcome
                do throws(RackError) {
                    outcome = try environment.rackEditor.undo()
                } catch {
                    throw CommandFailure(error.description)
                }
                environment.out(outcome.message)
                return 0
            }
        ),
    ]

    /// Runs a rack edit through the one rack editor (the running player's, when the command was
    /// sent to one), prints its outcome, turns refusals into command failures and reports a change
    /// that could not be saved. The command line is its own confirmation: it does not ask.
    @discardableResult
    static func edit(_ environment: CommandEnvironment, _ edit: RackEdit) throws -> RackEditOutcome {
        let store = environment.context.store
        let outcome: RackEditOutcome
        do {
            outcome = try environment.rackEditor.perform(edit)
        } catch {
            throw CommandFailure(error.description)
        }
        if let error = store.pendingSaveError {
            guard environment.insidePlayer else { throw CommandFailure("\(error) The change was not saved.") }
            environment.err("cdchanger: \(error) The running player keeps the change and will save it when it can.")
        }
        environment.out(outcome.message)
        return outcome
    }

    /// Tells the user when a new name makes sentences ambiguous ("Disc 3", "Something") or sounds
    /// like a phrase ("Disco Tree" and "disc three").
    static func warnAboutCollisions(_ magazine: Magazine, _ environment: CommandEnvironment) throws {
        let registry = try environment.registry
        let warnings = MagazineEntities.collisionWarnings(for: magazine, in: registry)
            // Not inside a running player: the check takes a moment and would hold up its loop (docs/voice.md).
            + (environment.insidePlayer ? [] : VoiceCommands.soundAlikeWarnings(forMagazine: magazine.id.uuidString, in: registry))
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
