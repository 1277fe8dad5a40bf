import Foundation
@testable import Dashboard

/// An in-memory changer for the dashboard's tests: magazines of album ids, a library, a playing
/// disc and modes. Its snapshot is derived from that state on every call, like the real host's.
/// It records what the dashboard asked of it, and answers sentences from a script.
final class FakeHost: DashboardHost {
    struct Magazine {
        var id = UUID()
        var name: String
        var slots: [String?]
    }

    var library: [AlbumChoice]
    var magazines: [Magazine]
    var currentMagazine = 0
    /// The magazine whose disc plays, when it is not the one on show.
    var playingMagazine: Int?
    /// The album ids whose folders are gone.
    var missingAlbums: Set<String> = []
    var playing: (disc: Int, track: Int)?
    var transport: DashboardSnapshot.Transport = .stopped
    var elapsed = 0.0
    var repeatMode = "off"
    var randomMode = "off"
    var isScanning = false
    var volume = 80
    var isMuted = false
    var output = "silent"
    var notice: String?
    var replayGain: String?
    var stopsAfterTrack = false
    var remoteResponse: DashboardSnapshot.RemoteResponse?
    var activity: String?
    /// Questions `question(before:)` answers, by edit.
    var questions: [DashboardEdit: String] = [:]
    var pinnedNotices: [DashboardSnapshot.PinnedNotice] = []
    /// The voice turn under way, as the player would show it.
    var listening: DashboardSnapshot.Listening?
    /// How many times `v` asked to start (or end) a turn, and Esc to end one.
    private(set) var listeningToggles = 0
    private(set) var listeningStops = 0

    private(set) var performed: [DashboardCommand] = []
    private(set) var edits: [DashboardEdit] = []
    private(set) var undos = 0
    private(set) var submitted: [String] = []
    private(set) var confirmed: [String] = []
    private(set) var cancelledQuestions = 0
    private(set) var snapshotCount = 0
    /// Replies to sentences, by exact text; others get "Sorry…" with `suggestions`.
    var replies: [String: PromptReply] = [:]
    var suggestions = ["play disc 3"]
    /// Questions asking back unsure voice sentences, by exact text; others are not understood (nil).
    var confirmations: [String: PromptReply] = [:]

    init(albumCount: Int = 8, slotsFilled: Int = 6) {
        library = (1...albumCount).map { number in
            AlbumChoice(id: "album-\(number)", title: FakeHost.titles[(number - 1) % FakeHost.titles.count], artist: FakeHost.artists[(number - 1) % FakeHost.artists.count], trackCount: 8 + number)
        }
        magazines = [
            Magazine(name: "Road Trip", slots: (0..<6).map { $0 < slotsFilled ? "album-\($0 + 1)" : nil }),
            Magazine(name: "Sunday Morning", slots: ["album-7", "album-8", nil, nil, nil, nil]),
            Magazine(name: "Workout", slots: Array(repeating: nil, count: 12)),
        ]
    }

    static let titles = ["Night Drive", "Coastal Highway", "Blue Hour", "Paper Planes", "Tin Roof Rain", "Long Way Home", "Quiet Harbour", "Satellite Hearts"]
    static let artists = ["The Midnight Band", "Sea Lions", "Aurora Lane", "The Paper Kites", "Copper Fields", "Hollow Pines", "June Avenue", "Orbiting Static"]

    func album(_ id: String) -> AlbumChoice? { library.first { $0.id == id } }

    var current: Magazine { magazines[currentMagazine] }
    var playingIndex: Int { playingMagazine ?? currentMagazine }

    // MARK: DashboardHost

    func snapshot() -> DashboardSnapshot {
        snapshotCount += 1
        let magazine = current
        let slots = magazine.slots.enumerated().map { index, albumID -> DashboardSnapshot.SlotRow in
            let number = index + 1
            guard let albumID, let album = album(albumID) else { return .init(number: number, state: .empty, title: nil, artist: nil) }
            if missingAlbums.contains(albumID) { return .init(number: number, state: .missing, title: album.title, artist: nil) }
            var state: DashboardSnapshot.SlotRow.SlotState = .loaded
            if playing?.disc == number, playingIndex == currentMagazine { state = transport == .paused ? .paused : (transport == .playing ? .playing : .loaded) }
            return .init(number: number, state: state, title: album.title, artist: album.artist)
        }
        var panel: DashboardSnapshot.NowPlayingPanel?
        let heard = magazines[playingIndex]
        if let playing, let albumID = heard.slots[safe: playing.disc - 1] ?? nil, let album = album(albumID) {
            panel = .init(magazine: heard.id, magazineName: heard.name, disc: playing.disc, track: playing.track, trackCount: album.trackCount, title: "\(album.title) Song \(playing.track)", artist: album.artist, album: album.title, elapsed: elapsed, duration: 245)
        }
        return DashboardSnapshot(
            magazines: magazines.enumerated().map {
                .init(id: $1.id, name: $1.name, slotCount: $1.slots.count, loadedCount: $1.slots.compactMap { $0 }.count,
                      isCurrent: $0 == currentMagazine, isPlaying: panel != nil && $0 == playingIndex)
            },
            slots: slots, nowPlaying: panel, transport: panel == nil ? .stopped : transport,
            repeatMode: repeatMode, randomMode: randomMode, isScanning: isScanning, volume: volume, isMuted: isMuted, output: output, notice: notice,
            replayGain: replayGain, stopsAfterTrack: stopsAfterTrack,
            remoteResponse: remoteResponse, activity: activity, pinnedNotices: pinnedNotices, listening: listening
        )
    }

    func perform(_ command: DashboardCommand) -> String {
        performed.append(command)
        switch command {
        case .playDisc(let disc):
            guard let albumID = current.slots[safe: disc - 1] ?? nil, let album = album(albumID) else { return "Disc \(disc) is empty." }
            playing = (disc, 1)
            playingMagazine = nil
            transport = .playing
            elapsed = 0
            return "Playing disc \(disc), \(album.title)."
        case .playTrack(let track, let disc, let magazine, _):
            guard let index = magazines.firstIndex(where: { $0.id == magazine }) else { return "No such magazine." }
            playing = (disc, track)
            playingMagazine = index == currentMagazine ? nil : index
            transport = .playing
            elapsed = 0
            return "Playing disc \(disc), track \(track)."
        case .playMagazine(let id, let name):
            guard let index = magazines.firstIndex(where: { $0.id == id }) else { return "No such magazine." }
            currentMagazine = index
            playingMagazine = nil
            playing = (1, 1)
            transport = .playing
            return "Playing \(name): disc 1."
        case .seekTo(let seconds):
            elapsed = Double(seconds)
            return "At \(seconds) s."
        case .stop:
            transport = .stopped
            playing = nil
            return "Stopped."
        case .togglePlayPause:
            guard playing != nil else { return "Nothing to play." }
            transport = transport == .playing ? .paused : .playing
            return transport == .playing ? "Playing." : "Paused."
        case .nextTrack:
            if let current = playing { playing = (current.disc, current.track + 1) }
            return "Next track."
        case .volumeUp:
            volume = min(100, volume + 5)
            return "Volume \(volume)."
        case .toggleMute:
            isMuted.toggle()
            return isMuted ? "Muted." : "Sound on."
        case .cycleRepeat:
            repeatMode = ["off": "track", "track": "disc", "disc": "magazine"][repeatMode] ?? "off"
            return "Repeat \(repeatMode)."
        case .quit:
            return "Goodbye."
        default:
            return "Done."
        }
    }

    func submit(_ sentence: String) -> PromptReply {
        submitted.append(sentence)
        return replies[sentence] ?? PromptReply(text: "Sorry, CD Changer hasn't added support for that.", kind: .unsupported(suggestions: suggestions))
    }

    func confirm(_ sentence: String) -> PromptReply? {
        confirmed.append(sentence)
        return confirmations[sentence]
    }

    func cancelQuestion() { cancelledQuestions += 1 }

    func toggleListening() {
        listeningToggles += 1
        listening = listening == nil ? DashboardSnapshot.Listening() : nil
    }

    func stopListening() -> Bool {
        guard listening != nil else { return false }
        listeningStops += 1
        return true
    }

    func libraryAlbums() -> [AlbumChoice] { library }

    func tracks(ofDisc disc: Int, magazine: UUID) -> DiscTracks? {
        guard let found = magazines.first(where: { $0.id == magazine }), let albumID = found.slots[safe: disc - 1] ?? nil,
              let album = album(albumID), !missingAlbums.contains(albumID) else { return nil }
        return DiscTracks(
            magazine: found.id, magazineName: found.name, disc: disc, title: album.title, artist: album.artist,
            tracks: (1...album.trackCount).map { DiscTracks.Track(title: "\(album.title) Song \($0)", artist: album.artist, duration: 200 + Double($0)) }
        )
    }

    func question(before edit: DashboardEdit) -> String? { questions[edit] }

    func edit(_ edit: DashboardEdit) -> EditResult {
        edits.append(edit)
        switch edit {
        case .load(let id, let slot, let magazine): return load(album: id, intoSlot: slot, ofMagazine: magazine)
        case .eject(let slot, let magazine): return eject(slot: slot, ofMagazine: magazine)
        case .createMagazine(let name): return createMagazine(named: name)
        case .renameMagazine(let magazine, let name): return renameMagazine(magazine, to: name)
        case .deleteMagazine(let magazine): return deleteMagazine(magazine)
        case .moveMagazine(let magazine, let position): return moveMagazine(magazine, to: position)
        }
    }

    func undo() -> EditResult {
        undos += 1
        return EditResult(message: "Nothing to undo.", succeeded: false)
    }

    private func load(album id: String, intoSlot slot: Int, ofMagazine magazine: UUID) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), magazines[index].slots.indices.contains(slot - 1) else {
            return EditResult(message: "No such slot.", succeeded: false)
        }
        guard let album = album(id) else { return EditResult(message: "No such album.", succeeded: false) }
        magazines[index].slots[slot - 1] = id
        return EditResult(message: "Loaded \(album.title) into slot \(slot).", succeeded: true)
    }

    private func eject(slot: Int, ofMagazine magazine: UUID) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), magazines[index].slots.indices.contains(slot - 1) else {
            return EditResult(message: "No such slot.", succeeded: false)
        }
        magazines[index].slots[slot - 1] = nil
        if index == currentMagazine, playing?.disc == slot { playing = nil; transport = .stopped }
        return EditResult(message: "Ejected disc \(slot).", succeeded: true)
    }

    private func createMagazine(named name: String?) -> EditResult {
        let name = name ?? "Magazine \(magazines.count + 1)"
        guard !magazines.contains(where: { $0.name == name }) else { return EditResult(message: "There is already a magazine called \(name).", succeeded: false) }
        magazines.append(Magazine(name: name, slots: Array(repeating: nil, count: 6)))
        return EditResult(message: "Created \(name).", succeeded: true)
    }

    private func renameMagazine(_ magazine: UUID, to name: String) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }) else { return EditResult(message: "No such magazine.", succeeded: false) }
        guard !magazines.contains(where: { $0.name == name && $0.id != magazine }) else { return EditResult(message: "There is already a magazine called \(name).", succeeded: false) }
        let old = magazines[index].name
        magazines[index].name = name
        return EditResult(message: "Renamed \(old) to \(name).", succeeded: true)
    }

    private func deleteMagazine(_ magazine: UUID) -> EditResult {
        guard magazines.count > 1 else { return EditResult(message: "The last magazine can't be deleted.", succeeded: false) }
        guard let index = magazines.firstIndex(where: { $0.id == magazine }) else { return EditResult(message: "No such magazine.", succeeded: false) }
        let currentID = current.id
        let name = magazines.remove(at: index).name
        currentMagazine = magazines.firstIndex { $0.id == currentID } ?? 0
        return EditResult(message: "Deleted \(name).", succeeded: true)
    }

    private func moveMagazine(_ magazine: UUID, to position: Int) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), (1...magazines.count).contains(position) else {
            return EditResult(message: "No such position.", succeeded: false)
        }
        let currentID = current.id
        let moved = magazines.remove(at: index)
        magazines.insert(moved, at: position - 1)
        currentMagazine = magazines.firstIndex { $0.id == currentID } ?? 0
        return EditResult(message: "Moved \(moved.name) to position \(position).", succeeded: true)
    }

    /// What an earlier run saved, and what the dashboard saved since.
    var savedHistory: [String] = []
    private(set) var historySaves = 0

    func savedPromptHistory() -> [String] { savedHistory }

    func savePromptHistory(_ sentences: [String]) {
        savedHistory = sentences
        historySaves += 1
    }

    func selectMagazine(_ magazine: UUID) {
        if let index = magazines.firstIndex(where: { $0.id == magazine }) { currentMagazine = index }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
