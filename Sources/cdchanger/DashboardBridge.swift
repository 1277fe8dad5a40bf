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
/// typed sentences through the prompt bar's conversation, and carries out edits through the
/// player's one rack editor (the one `cdchanger magazine` uses too).
final class DashboardBridge: DashboardHost {
    private let player: RunningPlayer
    private var session: PlayerSession { player.session }
    private var changer: Changer { player.session.changer }
    private var store: ChangerStore { player.session.context.store }

    private let history: PromptHistoryFile
    private var historyError: StateError?

    init(player: RunningPlayer) {
        self.player = player
        history = PromptHistoryFile(stateFile: player.session.context.stateFile, limit: Dashboard.promptHistoryLimit)
    }

    // MARK: What the screen shows

    func snapshot() -> DashboardSnapshot {
        let state = store.state
        let shelf = changer.shelf
        let selected = changer.selectedMagazine
        let playingMagazine = changer.playingMagazine
        let magazines = state.rack.magazines.map {
            DashboardSnapshot.MagazineRow(
                id: $0.id, name: $0.name, slotCount: $0.slots.count, loadedCount: $0.loadedSlotNumbers.count,
                isCurrent: $0.id == selected?.id, isPlaying: $0.id == playingMagazine?.id
            )
        }
        let current = changer.transport == .stopped ? nil : changer.current
        let slots = (selected?.slots ?? []).enumerated().map { index, folder -> DashboardSnapshot.SlotRow in
            let number = index + 1
            switch shelf.state(ofSlot: folder) {
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
        if let current, let (magazine, album, track) = changer.resolve(current) {
            nowPlaying = .init(
                magazine: magazine.id, magazineName: magazine.name,
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
            notice: session.latestNotice?.text, replayGain: session.engine.replayGainInUse?.rawValue, stopsAfterTrack: changer.stopsAfterCurrentTrack,
            remoteResponse: session.latestRemoteResponse.map { .init(text: $0.text, count: $0.count) },
            activity: session.libraryActivity, libraryRevision: session.libraryRevision,
            pinnedNotices: session.pinnedNotices.map { DashboardSnapshot.PinnedNotice(id: $0.id, text: $0.text) },
            listening: player.voice.listening
        )
    }

    /// The output as the header shows it: the device, or just "silent" when there is no sound device
    /// (the notice line says why).
    static func headerText(forOutput description: String) -> String {
        description.hasPrefix("silent") ? "silent" : description
    }

    // MARK: Keys and sentences

    func perform(_ command: DashboardCommand) -> String {
        if case .seekTo(let seconds) = command, changer.current != nil, changer.transport != .stopped, !changer.isScanning, Int(changer.elapsed) == seconds {
            return "At \(ClockText.minutesAndSeconds(Double(seconds)))."
        }
        guard let invocation = InputBindings.invocation(for: command, settings: changer.settings, elapsed: changer.elapsed) else {
            player.quit()
            return "Goodbye."
        }
        let seekable = changer.current != nil && !changer.isScanning
        let outcome = session.perform(invocation)
        if case .seekTo(let seconds) = command, seekable, outcome.succeeded {
            return "At \(ClockText.minutesAndSeconds(Double(seconds)))."
        }
        return outcome.response
    }

    /// The reply to the latest sentence submitted, for `cdchanger listen`'s answer.
    private(set) var lastReply: PlayerSession.SpokenReply?

    func submit(_ sentence: String) -> PromptReply {
        let reply = session.respond(to: sentence, via: .promptBar)
        lastReply = reply
        return Self.promptReply(reply)
    }

    func confirm(_ sentence: String) -> PromptReply? {
        guard let reply = session.confirm(sentence, via: .promptBar) else { return nil }
        lastReply = reply
        return Self.promptReply(reply)
    }

    /// What the prompt bar shows of a sentence's reply, and what it leaves open.
    private static func promptReply(_ reply: PlayerSession.SpokenReply) -> PromptReply {
        switch reply.resolution {
        case .matched:
            if let followUp = reply.outcome?.followUp { return PromptReply(text: reply.response, kind: .choices(followUp.candidates.map(\.summary))) }
            return PromptReply(text: reply.response, kind: .done)
        case .needsValue: return PromptReply(text: reply.response, kind: .question)
        case .ambiguous(let ambiguity): return PromptReply(text: reply.response, kind: .choices(ambiguity.candidates.map(\.summary)))
        case .unsupported(let unsupported): return PromptReply(text: reply.response, kind: .unsupported(suggestions: unsupported.suggestions))
        case .declined: return PromptReply(text: reply.response, kind: .done)
        }
    }

    func cancelQuestion() {
        session.cancelQuestion(via: .promptBar)
    }

    func toggleListening() {
        if player.voice.isListening { player.voice.stop() } else { player.voice.listen() }
    }

    func stopListening() -> Bool {
        player.voice.stop()
    }

    /// A voice turn's end goes to the dashboard, which submits a heard sentence as a typed one
    /// (through `submit`) and asks an unsure one back (through `confirm`); returns what that did.
    func voiceTurnEnded(_ result: VoiceResult, on dashboard: Dashboard) -> PlayerSession.SpokenReply? {
        lastReply = nil
        dashboard.voiceTurnEnded(result)
        switch result {
        case .heard, .unsure: return lastReply
        case .notHeard, .unavailable: return nil
        }
    }

    func savedPromptHistory() -> [String] { history.load() }

    /// Saves the sentences; a failure is told once (the history only saves typing).
    func savePromptHistory(_ sentences: [String]) {
        do {
            try history.save(sentences)
            historyError = nil
        } catch {
            guard error != historyError else { return }
            historyError = error
            session.post(notice: "\(error) The prompt bar's history is kept until you quit.")
        }
    }

    // MARK: Editing

    func libraryAlbums() -> [AlbumChoice] {
        var locations: [LibraryPath: [String]] = [:]
        for magazine in store.state.rack.magazines {
            for (index, folder) in magazine.slots.enumerated() {
                if let folder { locations[folder, default: []].append("\(magazine.name) \(index + 1)") }
            }
        }
        return changer.shelf.library.albums.map {
            AlbumChoice(
                id: $0.path.storageText, title: $0.title, artist: $0.artist, trackCount: $0.tracks.count,
                duration: $0.duration, folder: $0.path.lastComponent.displayName, locations: locations[$0.path] ?? []
            )
        }
    }

    func tracks(ofDisc disc: Int, magazine id: UUID) -> DiscTracks? {
        guard let magazine = store.state.rack.magazine(withID: id), case .loaded(let album) = changer.shelf.state(ofSlot: magazine.album(inSlot: disc)) else { return nil }
        return DiscTracks(
            magazine: magazine.id, magazineName: magazine.name, disc: disc, title: album.title, artist: album.artist,
            tracks: album.tracks.map { DiscTracks.Track(title: $0.title, artist: $0.artist, duration: $0.duration) }
        )
    }

    func question(before edit: DashboardEdit) -> String? {
        guard case .success(let rackEdit) = rackEdit(for: edit) else { return nil }
        return session.rackEditor.question(before: rackEdit)
    }

    func edit(_ edit: DashboardEdit) -> EditResult {
        let rackEdit: RackEdit
        switch self.rackEdit(for: edit) {
        case .success(let found): rackEdit = found
        case .failure(let refusal): return EditResult(message: refusal.message, succeeded: false)
        }
        do {
            let outcome = try session.edit(rackEdit)
            var message = outcome.message
            switch edit {
            case .createMagazine, .renameMagazine:
                if let magazine = outcome.magazine { message = withCollisionNote(message, magazine) }
            case .load, .eject, .deleteMagazine, .moveMagazine:
                break
            }
            return EditResult(message: message, succeeded: true)
        } catch {
            return EditResult(message: error.description, succeeded: false)
        }
    }

    func undo() -> EditResult {
        do {
            return EditResult(message: try session.undoLastEdit().message, succeeded: true)
        } catch {
            return EditResult(message: error.description, succeeded: false)
        }
    }

    func selectMagazine(_ magazine: UUID) {
        changer.select(magazine)
        session.changed()
    }

    /// Why the dashboard's edit can't become an edit of the rack.
    private struct Refusal: Error {
        var message: String
    }

    /// The rack edit the dashboard asks for (its album found on the shelf).
    private func rackEdit(for edit: DashboardEdit) -> Result<RackEdit, Refusal> {
        switch edit {
        case .load(let id, let slot, let magazine):
            guard let path = LibraryPath(storageText: id), let album = changer.shelf.album(at: path) else {
                return .failure(Refusal(message: "That album is no longer in the library."))
            }
            return .success(.load(album, slot: slot, magazine: .id(magazine)))
        case .eject(let slot, let magazine): return .success(.eject(slot: slot, magazine: .id(magazine)))
        case .createMagazine(let name): return .success(.create(name: name, slotCount: Magazine.defaultSlotCount))
        case .renameMagazine(let magazine, let name): return .success(.rename(.id(magazine), to: name))
        case .deleteMagazine(let magazine): return .success(.delete(.id(magazine)))
        case .moveMagazine(let magazine, let position): return .success(.move(.id(magazine), to: position))
        }
    }

    /// Adds a note when a magazine's name makes sentences ambiguous ("Disc 3", "Something").
    private func withCollisionNote(_ message: String, _ magazine: Magazine) -> String {
        let warnings = MagazineEntities.collisionWarnings(for: magazine, in: session.registry)
        guard let first = warnings.first else { return message }
        return message + " Note: " + first
    }
}
