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

    private(set) var performed: [DashboardCommand] = []
    private(set) var submitted: [String] = []
    private(set) var cancelledQuestions = 0
    private(set) var snapshotCount = 0
    /// Replies to sentences, by exact text; others get "Sorry…" with `suggestions`.
    var replies: [String: PromptReply] = [:]
    var suggestions = ["play disc 3"]

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

    // MARK: DashboardHost

    func snapshot() -> DashboardSnapshot {
        snapshotCount += 1
        let magazine = current
        let slots = magazine.slots.enumerated().map { index, albumID -> DashboardSnapshot.SlotRow in
            let number = index + 1
            guard let albumID, let album = album(albumID) else { return .init(number: number, state: .empty, title: nil, artist: nil) }
            if missingAlbums.contains(albumID) { return .init(number: number, state: .missing, title: album.title, artist: nil) }
            var state: DashboardSnapshot.SlotRow.SlotState = .loaded
            if playing?.disc == number { state = transport == .paused ? .paused : (transport == .playing ? .playing : .loaded) }
            return .init(number: number, state: state, title: album.title, artist: album.artist)
        }
        var panel: DashboardSnapshot.NowPlayingPanel?
        if let playing, let albumID = magazine.slots[safe: playing.disc - 1] ?? nil, let album = album(albumID) {
            panel = .init(disc: playing.disc, track: playing.track, trackCount: album.trackCount, title: "\(album.title) Song \(playing.track)", artist: album.artist, album: album.title, elapsed: elapsed, duration: 245)
        }
        return DashboardSnapshot(
            magazines: magazines.enumerated().map { .init(id: $1.id, name: $1.name, slotCount: $1.slots.count, isCurrent: $0 == currentMagazine) },
            slots: slots, nowPlaying: panel, transport: panel == nil ? .stopped : transport,
            repeatMode: repeatMode, randomMode: randomMode, isScanning: isScanning, volume: volume, isMuted: isMuted, output: output, notice: notice,
            replayGain: replayGain
        )
    }

    func perform(_ command: DashboardCommand) -> String {
        performed.append(command)
        switch command {
        case .playDisc(let disc):
            guard let albumID = current.slots[safe: disc - 1] ?? nil, let album = album(albumID) else { return "Disc \(disc) is empty." }
            playing = (disc, 1)
            transport = .playing
            elapsed = 0
            return "Playing disc \(disc), \(album.title)."
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
        case .nextMagazine:
            currentMagazine = (currentMagazine + 1) % magazines.count
            return "Magazine \(current.name)."
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

    func cancelQuestion() { cancelledQuestions += 1 }

    func libraryAlbums() -> [AlbumChoice] { library }

    func load(album id: String, intoSlot slot: Int, ofMagazine magazine: UUID) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), magazines[index].slots.indices.contains(slot - 1) else {
            return EditResult(message: "No such slot.", succeeded: false)
        }
        guard let album = album(id) else { return EditResult(message: "No such album.", succeeded: false) }
        magazines[index].slots[slot - 1] = id
        return EditResult(message: "Loaded \(album.title) into slot \(slot).", succeeded: true)
    }

    func eject(slot: Int, ofMagazine magazine: UUID) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), magazines[index].slots.indices.contains(slot - 1) else {
            return EditResult(message: "No such slot.", succeeded: false)
        }
        magazines[index].slots[slot - 1] = nil
        if index == currentMagazine, playing?.disc == slot { playing = nil; transport = .stopped }
        return EditResult(message: "Ejected disc \(slot).", succeeded: true)
    }

    func createMagazine(named name: String?) -> EditResult {
        let name = name ?? "Magazine \(magazines.count + 1)"
        guard !magazines.contains(where: { $0.name == name }) else { return EditResult(message: "There is already a magazine called \(name).", succeeded: false) }
        magazines.append(Magazine(name: name, slots: Array(repeating: nil, count: 6)))
        return EditResult(message: "Created \(name).", succeeded: true)
    }

    func renameMagazine(_ magazine: UUID, to name: String) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }) else { return EditResult(message: "No such magazine.", succeeded: false) }
        guard !magazines.contains(where: { $0.name == name && $0.id != magazine }) else { return EditResult(message: "There is already a magazine called \(name).", succeeded: false) }
        let old = magazines[index].name
        magazines[index].name = name
        return EditResult(message: "Renamed \(old) to \(name).", succeeded: true)
    }

    func deleteMagazine(_ magazine: UUID) -> EditResult {
        guard magazines.count > 1 else { return EditResult(message: "The last magazine can't be deleted.", succeeded: false) }
        guard let index = magazines.firstIndex(where: { $0.id == magazine }) else { return EditResult(message: "No such magazine.", succeeded: false) }
        let currentID = current.id
        let name = magazines.remove(at: index).name
        currentMagazine = magazines.firstIndex { $0.id == currentID } ?? 0
        return EditResult(message: "Deleted \(name).", succeeded: true)
    }

    func moveMagazine(_ magazine: UUID, to position: Int) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), (1...magazines.count).contains(position) else {
            return EditResult(message: "No such position.", succeeded: false)
        }
        let currentID = current.id
        let moved = magazines.remove(at: index)
        magazines.insert(moved, at: position - 1)
        currentMagazine = magazines.firstIndex { $0.id == currentID } ?? 0
        return EditResult(message: "Moved \(moved.name) to position \(position).", succeeded: true)
    }

    func selectMagazine(_ magazine: UUID) {
        if let index = magazines.firstIndex(where: { $0.id == magazine }) { currentMagazine = index }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
