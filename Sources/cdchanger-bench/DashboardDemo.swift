import Dashboard
import Foundation
import MainLoop

/// `cdchanger-bench dashboard-demo`: the real dashboard (ncurses, keys, resize, signals) on a
/// pretend changer, to try the terminal layer before the app's host is wired, and for the tmux
/// end-to-end tests. Playback is simulated: the elapsed time follows the clock.
///
/// Options: `--playing` starts with disc 1 playing; `--stderr-after SECONDS` writes a line to
/// standard error after that long (to check that it becomes a notice instead of landing on screen);
/// `--quit-after SECONDS` quits by itself; `--report` prints the dashboard's statistics and the
/// process's CPU time after the terminal is given back.
enum DashboardDemo {
    static func run(_ arguments: [String]) {
        let loop: MainLoop
        do { loop = try MainLoop() } catch {
            FileHandle.standardError.write(Data("dashboard-demo: \(error)\n".utf8))
            exit(1)
        }
        let host = DemoHost()
        if arguments.contains("--playing") { _ = host.perform(.playDisc(1)) }
        let dashboard = Dashboard(host: host, loop: loop)
        host.onQuit = { loop.stop() }
        host.onChange = { [weak dashboard] in dashboard?.setNeedsRedraw() }
        if let index = arguments.firstIndex(of: "--stderr-after"), index + 1 < arguments.count, let delay = Double(arguments[index + 1]) {
            var written = false
            loop.every(delay) {
                guard !written else { return }
                written = true
                FileHandle.standardError.write(Data("[demo] a library complained on stderr\n".utf8))
            }
        }
        if let index = arguments.firstIndex(of: "--quit-after"), index + 1 < arguments.count, let delay = Double(arguments[index + 1]) {
            loop.every(delay) { _ = host.perform(.quit) }
        }
        let started = DashboardClock.system.monotonic()
        do { try dashboard.start() } catch {
            FileHandle.standardError.write(Data("dashboard-demo: \(error)\n".utf8))
            exit(1)
        }
        loop.run()
        dashboard.stop()
        print("dashboard-demo: quit at disc \(host.playing?.disc ?? 0), track \(host.playing?.track ?? 0)")
        if arguments.contains("--report") {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
            let statistics = dashboard.statistics
            let wall = DashboardClock.system.monotonic() - started
            print(String(format: "report: wall=%.3f cpu=%.6f frames=%d drawing=%.6f keys=%d key-mean=%.6f key-worst=%.6f",
                         wall, cpu, statistics.frames, statistics.drawingTime, statistics.keyBatches,
                         statistics.keyBatches > 0 ? statistics.keyResponseTotal / Double(statistics.keyBatches) : 0, statistics.keyResponseWorst))
        }
    }
}

/// A pretend changer: three magazines of albums from a made-up library, simulated playback, and
/// a handful of sentences.
final class DemoHost: DashboardHost {
    struct Magazine {
        var id = UUID()
        var name: String
        var slots: [Int?]
    }

    struct Album {
        var title: String
        var artist: String
        var tracks: [String]
    }

    var onQuit: () -> Void = {}
    var onChange: () -> Void = {}
    private(set) var playing: (disc: Int, track: Int)?
    private var transport: DashboardSnapshot.Transport = .stopped
    private var elapsedBase = 0.0
    private var resumedAt: Double?
    private var magazines: [Magazine]
    private var current = 0
    private var repeatModes = ["off", "track", "disc", "magazine"], repeatIndex = 0
    private var randomModes = ["off", "disc", "magazine"], randomIndex = 0
    private var scanning = false
    private var volume = 70
    private var muted = false
    private var question: String?
    private let library: [Album] = [
        Album(title: "Night Drive", artist: "The Midnight Band", tracks: ["Neon Exit", "Overpass", "Tail Lights", "Last Toll"]),
        Album(title: "Coastal Highway", artist: "Sea Lions", tracks: ["Salt Air", "Lighthouse", "Low Tide"]),
        Album(title: "Blue Hour", artist: "Aurora Lane", tracks: ["Dusk", "Streetlamps", "Slow Fade", "Indigo", "Morning"]),
        Album(title: "東京の夜", artist: "坂本さくら", tracks: ["新宿", "渋谷", "月"]),
        Album(title: "Paper Planes", artist: "The Paper Kites", tracks: ["Fold", "Glide", "Land"]),
        Album(title: "Café Ünïcode 🎸", artist: "Zoë & the Accents", tracks: ["Résumé", "Naïve", "Smörgåsbord"]),
        Album(title: "Long Way Home", artist: "Hollow Pines", tracks: ["Mile One", "Mile Two"]),
        Album(title: "Road Trip Classics", artist: "Various Artists", tracks: ["Open Road", "Highway Song", "Radio"]),
    ]

    init() {
        magazines = [
            Magazine(name: "Road Trip", slots: [0, 1, 2, 3, nil, 5]),
            Magazine(name: "Sunday Morning", slots: [6, 4, nil, nil, nil, nil]),
            Magazine(name: "Road Trip Classics", slots: [7, nil, nil, nil, nil, nil]),
        ]
    }

    private static func now() -> Double { DashboardClock.system.monotonic() }

    private var elapsed: Double { elapsedBase + (resumedAt.map { DemoHost.now() - $0 } ?? 0) }
    private let trackLength = 95.0

    private func album(disc: Int) -> Album? {
        guard let slot = magazines[current].slots[safe: disc - 1], let index = slot else { return nil }
        return library[index]
    }

    /// Moves to the next track when the current one has played out.
    private func advanceIfFinished() {
        guard let position = playing, transport == .playing, elapsed >= trackLength, let album = album(disc: position.disc) else { return }
        let next = position.track < album.tracks.count ? (position.disc, position.track + 1) : (position.disc, 1)
        start(disc: next.0, track: next.1)
    }

    private func start(disc: Int, track: Int) {
        playing = (disc, track)
        transport = .playing
        elapsedBase = 0
        resumedAt = DemoHost.now()
    }

    func snapshot() -> DashboardSnapshot {
        advanceIfFinished()
        let magazine = magazines[current]
        let slots = magazine.slots.enumerated().map { index, albumIndex -> DashboardSnapshot.SlotRow in
            guard let albumIndex else { return .init(number: index + 1, state: .empty, title: nil, artist: nil) }
            let album = library[albumIndex]
            var state: DashboardSnapshot.SlotRow.SlotState = .loaded
            if playing?.disc == index + 1 { state = transport == .paused ? .paused : .playing }
            return .init(number: index + 1, state: state, title: album.title, artist: album.artist)
        }
        var panel: DashboardSnapshot.NowPlayingPanel?
        if let playing, let album = album(disc: playing.disc) {
            panel = .init(disc: playing.disc, track: playing.track, trackCount: album.tracks.count, title: album.tracks[playing.track - 1],
                          artist: album.artist, album: album.title, elapsed: elapsed, duration: trackLength)
        }
        return DashboardSnapshot(
            magazines: magazines.enumerated().map { .init(id: $1.id, name: $1.name, slotCount: $1.slots.count, isCurrent: $0 == current) },
            slots: slots, nowPlaying: panel, transport: panel == nil ? .stopped : transport,
            repeatMode: repeatModes[repeatIndex], randomMode: randomModes[randomIndex], isScanning: scanning,
            volume: volume, isMuted: muted, output: "silent", notice: nil
        )
    }

    func perform(_ command: DashboardCommand) -> String {
        switch command {
        case .playDisc(let disc):
            guard let album = album(disc: disc) else { return "Disc \(disc) is empty." }
            start(disc: disc, track: 1)
            return "Playing disc \(disc), \(album.title)."
        case .togglePlayPause:
            guard playing != nil else { return perform(.playDisc(1)) }
            if transport == .playing {
                elapsedBase = elapsed
                resumedAt = nil
                transport = .paused
                return "Paused."
            }
            resumedAt = DemoHost.now()
            transport = .playing
            return "Playing."
        case .nextTrack, .previousTrack:
            guard let position = playing, let album = album(disc: position.disc) else { return "Nothing is playing." }
            let step = command == .nextTrack ? 1 : -1
            let track = (position.track - 1 + step + album.tracks.count) % album.tracks.count + 1
            start(disc: position.disc, track: track)
            return "Track \(track), \(album.tracks[track - 1])."
        case .nextDisc, .previousDisc:
            let loaded = magazines[current].slots.indices.filter { magazines[current].slots[$0] != nil }.map { $0 + 1 }
            guard !loaded.isEmpty else { return "The magazine is empty." }
            let index = loaded.firstIndex(of: playing?.disc ?? 0) ?? -1
            let step = command == .nextDisc ? 1 : -1
            return perform(.playDisc(loaded[(index + step + loaded.count) % loaded.count]))
        case .seek(let seconds):
            guard playing != nil else { return "Nothing is playing." }
            elapsedBase = min(trackLength - 1, max(0, elapsed + Double(seconds)))
            if resumedAt != nil { resumedAt = DemoHost.now() }
            return seconds < 0 ? "Back \(-seconds) seconds." : "Ahead \(seconds) seconds."
        case .volumeUp, .volumeDown:
            volume = min(100, max(0, volume + (command == .volumeUp ? 5 : -5)))
            return "Volume \(volume)."
        case .toggleMute:
            muted.toggle()
            return muted ? "Muted." : "Sound on."
        case .cycleRepeat:
            repeatIndex = (repeatIndex + 1) % repeatModes.count
            return "Repeat \(repeatModes[repeatIndex])."
        case .cycleRandom:
            randomIndex = (randomIndex + 1) % randomModes.count
            return "Random \(randomModes[randomIndex])."
        case .scan:
            scanning.toggle()
            return scanning ? "Scanning." : "Scan off."
        case .nextMagazine:
            current = (current + 1) % magazines.count
            playing = nil
            transport = .stopped
            return "Magazine \(magazines[current].name)."
        case .quit:
            onQuit()
            return "Goodbye."
        }
    }

    func submit(_ sentence: String) -> PromptReply {
        let words = sentence.lowercased().split(separator: " ").map(String.init)
        if let pending = question {
            question = nil
            if pending == "magazine" {
                let magazine = sentence == "1" || sentence.lowercased().hasPrefix("road trip c") ? 2 : 0
                current = magazine
                start(disc: 1, track: 1)
                return done("Playing \(magazines[magazine].name).")
            }
            if let number = Int(words.last ?? "") { return done(perform(.playDisc(number))) }
            question = pending
            return PromptReply(text: "Sorry, I didn't get that. Which disc?", kind: .question)
        }
        switch words {
        case ["play", "disc"], ["play", "a", "disc"]:
            question = "disc"
            return PromptReply(text: "Which disc?", kind: .question)
        case _ where words.count == 3 && words[0] == "play" && words[1] == "disc" && Int(words[2]) != nil:
            return done(perform(.playDisc(Int(words[2])!)))
        case ["play", "road", "trip"]:
            question = "magazine"
            return PromptReply(text: "Which one?", kind: .choices(["Road Trip Classics", "Road Trip"]))
        case ["next", "track"], ["next", "song"], ["skip"]:
            return done(perform(.nextTrack))
        case ["pause"], ["play"], ["resume"]:
            return done(perform(.togglePlayPause))
        default:
            return PromptReply(text: "Sorry, CD Changer hasn't added support for that.", kind: .unsupported(suggestions: ["play disc 3", "next track"]))
        }
    }

    private func done(_ text: String) -> PromptReply {
        onChange()
        return PromptReply(text: text, kind: .done)
    }

    func cancelQuestion() { question = nil }

    func libraryAlbums() -> [AlbumChoice] {
        library.enumerated().map { AlbumChoice(id: "\($0)", title: $1.title, artist: $1.artist, trackCount: $1.tracks.count) }
    }

    func load(album id: String, intoSlot slot: Int, ofMagazine magazine: UUID) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), let album = Int(id), library.indices.contains(album),
              magazines[index].slots.indices.contains(slot - 1) else { return EditResult(message: "That slot doesn't exist.", succeeded: false) }
        magazines[index].slots[slot - 1] = album
        return EditResult(message: "Loaded \(library[album].title) into slot \(slot).", succeeded: true)
    }

    func eject(slot: Int, ofMagazine magazine: UUID) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), magazines[index].slots.indices.contains(slot - 1) else {
            return EditResult(message: "That slot doesn't exist.", succeeded: false)
        }
        magazines[index].slots[slot - 1] = nil
        if index == current, playing?.disc == slot { playing = nil; transport = .stopped }
        return EditResult(message: "Ejected disc \(slot).", succeeded: true)
    }

    func createMagazine(named name: String?) -> EditResult {
        let name = name ?? "Magazine \(magazines.count + 1)"
        guard !magazines.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
            return EditResult(message: "There is already a magazine called \(name).", succeeded: false)
        }
        magazines.append(Magazine(name: name, slots: Array(repeating: nil, count: 6)))
        return EditResult(message: "Created \(name).", succeeded: true)
    }

    func renameMagazine(_ magazine: UUID, to name: String) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }) else { return EditResult(message: "No such magazine.", succeeded: false) }
        let old = magazines[index].name
        magazines[index].name = name
        return EditResult(message: "Renamed \(old) to \(name).", succeeded: true)
    }

    func deleteMagazine(_ magazine: UUID) -> EditResult {
        guard magazines.count > 1 else { return EditResult(message: "The last magazine can't be deleted; create another first.", succeeded: false) }
        guard let index = magazines.firstIndex(where: { $0.id == magazine }) else { return EditResult(message: "No such magazine.", succeeded: false) }
        let currentID = magazines[current].id
        let name = magazines.remove(at: index).name
        if let kept = magazines.firstIndex(where: { $0.id == currentID }) { current = kept } else { current = 0; playing = nil; transport = .stopped }
        return EditResult(message: "Deleted \(name).", succeeded: true)
    }

    func moveMagazine(_ magazine: UUID, to position: Int) -> EditResult {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), (1...magazines.count).contains(position) else {
            return EditResult(message: "No such position.", succeeded: false)
        }
        let currentID = magazines[current].id
        let moved = magazines.remove(at: index)
        magazines.insert(moved, at: position - 1)
        current = magazines.firstIndex { $0.id == currentID } ?? 0
        return EditResult(message: "Moved \(moved.name) to position \(position).", succeeded: true)
    }

    func selectMagazine(_ magazine: UUID) {
        guard let index = magazines.firstIndex(where: { $0.id == magazine }), index != current else { return }
        current = index
        playing = nil
        transport = .stopped
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
