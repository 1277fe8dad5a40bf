import ChangerIntents
import ChangerKit
import Dashboard
import IntentKit
import MusicLibrary
import Session
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dashboard's view of a running player: it derives every frame from the changer's state, turns
/// each key into an intent invocation for the same performer the prompt bar and `say` use, answers
/// typed sentences through the prompt bar's conversation, and carries out edits through the store.
final class DashboardBridge: DashboardHost {
    private let player: RunningPlayer
    private var session: PlayerSession { player.session }
    private var changer: Changer { player.session.changer }
    private var store: ChangerStore { player.session.context.store }

    init(player: RunningPlayer) {
        self.player = player
    }

    // MARK: What the screen shows

    func snapshot() -> DashboardSnapshot {
        let state = store.state
        let selected = changer.currentMagazine
        let magazines = state.rack.magazines.map {
            DashboardSnapshot.MagazineRow(id: $0.id, name: $0.name, slotCount: $0.slots.count, isCurrent: $0.id == selected?.id)
        }
        let current = changer.transport == .stopped ? nil : changer.current
        let slots = (selected?.slots ?? []).enumerated().map { index, folder -> DashboardSnapshot.SlotRow in
            let number = index + 1
            switch session.context.shelf.state(ofSlot: folder) {
            case .empty:
                return .init(number: number, state: .empty, title: nil, artist: nil)
            case .missing(let folder):
                return .init(number: number, state: .missing, title: folder.lastComponent.displayName, artist: nil)
            case .loaded(let album):
                let isPlaying = current?.magazineID == selected?.id && current?.slot == number
                let shown: DashboardSnapshot.SlotRow.SlotState = isPlaying ? (changer.transport == .paused ? .paused : .playing) : .loaded
                return .init(number: number, state: shown, title: album.title, artist: album.artist)
            }
        }
        var nowPlaying: DashboardSnapshot.NowPlayingPanel?
        if let current, let (_, album, track) = changer.resolve(current) {
            nowPlaying = .init(
                disc: current.slot, track: current.trackIndex + 1, trackCount: album.tracks.count,
                title: track.title, artist: track.artist, album: album.title,
                elapsed: changer.elapsed, duration: session.engine.currentExactLength ?? track.duration
            )
        }
        let transport: DashboardSnapshot.Transport = switch changer.transport {
        case .playing: .playing
        case .paused: .paused
        case .stopped: .stopped
        }
        let settings = state.settings
        return DashboardSnapshot(
            magazines: magazines, slots: slots, nowPlaying: nowPlaying, transport: transport,
            repeatMode: settings.repeatMode.rawValue, randomMode: settings.randomMode.rawValue, isScanning: changer.isScanning,
            volume: settings.volume, isMuted: settings.muted, output: DashboardBridge.headerText(forOutput: session.engine.outputDescription),
            notice: session.latestNotice?.text, replayGain: session.engine.replayGainInUse?.rawValue
        )
    }

    /// The output as the header shows it: the device, or just "silent" when there is no sound device
    /// (the notice line says why).
    static func headerText(forOutput description: String) -> String {
        description.hasPrefix("silent") ? "silent" : description
    }

    // MARK: Keys and sentences

    func perform(_ command: DashboardCommand) -> String {
        guard let invocation = InputBindings.invocation(for: command, settings: changer.settings) else {
            player.quit()
            return "Goodbye."
        }
        return session.perform(invocation).response
    }

    func submit(_ sentence: String) -> PromptReply {
        let reply = session.respond(to: sentence, via: .promptBar)
        switch reply.resolution {
        case .matched: return PromptReply(text: reply.response, kind: .done)
        case .needsValue: return PromptReply(text: reply.response, kind: .question)
        case .ambiguous(let ambiguity): return PromptReply(text: reply.response, kind: .choices(ambiguity.candidates.map(\.summary)))
        case .unsupported(let unsupported): return PromptReply(text: reply.response, kind: .unsupported(suggestions: unsupported.suggestions))
        }
    }

    func cancelQuestion() {
        session.cancelQuestion(via: .promptBar)
    }

    // MARK: Editing

    func libraryAlbums() -> [AlbumChoice] {
        session.context.shelf.library.albums.map {
            AlbumChoice(id: $0.path.storageText, title: $0.title, artist: $0.artist, trackCount: $0.tracks.count)
        }
    }

    func load(album id: String, intoSlot slot: Int, ofMagazine magazine: UUID) -> EditResult {
        guard let path = LibraryPath(storageText: id), let album = session.context.shelf.album(at: path) else {
            return EditResult(message: "That album is no longer in the library.", succeeded: false)
        }
        return edit(.slotsChanged, magazine) { rack, name throws(RackError) in
            try rack.load(album.path, into: slot, of: name)
            return "Loaded \(album.title) into slot \(slot) of \(name)."
        }
    }

    func eject(slot: Int, ofMagazine magazine: UUID) -> EditResult {
        let shelf = session.context.shelf
        return edit(.slotsChanged, magazine) { rack, name throws(RackError) in
            guard let folder = try rack.eject(slot: slot, of: name) else { return "Slot \(slot) of \(name) was already empty." }
            return "Ejected \(shelf.album(at: folder)?.title ?? folder.lastComponent.displayName) from slot \(slot)."
        }
    }

    func createMagazine(named name: String?) -> EditResult {
        do {
            let created = try store.editRack(.created) { rack throws(RackError) in try rack.create(named: name) }
            session.changed()
            return EditResult(message: withCollisionNote("Created \(created.name).", created), succeeded: true)
        } catch {
            return EditResult(message: error.description, succeeded: false)
        }
    }

    func renameMagazine(_ magazine: UUID, to newName: String) -> EditResult {
        var renamed: Magazine?
        let result = edit(.renamed, magazine) { rack, name throws(RackError) in
            let magazine = try rack.rename(name, to: newName)
            renamed = magazine
            return "Renamed \(name) to \(magazine.name)."
        }
        guard result.succeeded, let renamed else { return result }
        return EditResult(message: withCollisionNote(result.message, renamed), succeeded: true)
    }

    func deleteMagazine(_ magazine: UUID) -> EditResult {
        if changer.current?.magazineID == magazine, changer.transport != .stopped {
            changer.stop()
        }
        return edit(.deleted, magazine) { rack, name throws(RackError) in
            try rack.delete(name)
            return "Deleted \(name)."
        }
    }

    func moveMagazine(_ magazine: UUID, to position: Int) -> EditResult {
        edit(.moved, magazine) { rack, name throws(RackError) in
            try rack.move(name, to: position)
            return "Moved \(name) to position \(position)."
        }
    }

    func selectMagazine(_ magazine: UUID) {
        store.update(.playback) { $0.currentMagazineID = magazine }
        session.changed()
    }

    /// Runs a rack edit on the magazine with `id` (found by its current name), saves it, refreshes
    /// the resolver's snapshot through the store, and redraws.
    private func edit(_ kind: StoreChange, _ id: UUID, _ body: (inout Rack, String) throws(RackError) -> String) -> EditResult {
        guard let name = store.state.rack.magazine(withID: id)?.name else {
            return EditResult(message: "That magazine is no longer in the rack.", succeeded: false)
        }
        do {
            let message = try store.editRack(kind) { rack throws(RackError) in try body(&rack, name) }
            session.changed()
            return EditResult(message: message, succeeded: true)
        } catch {
            return EditResult(message: error.description, succeeded: false)
        }
    }

    /// Adds a note when a magazine's name makes sentences ambiguous ("Disc 3", "Something").
    private func withCollisionNote(_ message: String, _ magazine: Magazine) -> String {
        let warnings = MagazineEntities.collisionWarnings(for: magazine, in: session.registry)
        guard let first = warnings.first else { return message }
        return message + " Note: " + first
    }
}
