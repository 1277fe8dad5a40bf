#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import MusicLibrary
import SystemSupport

/// A track's place in the rack: which magazine, which slot, which track of the album (0-based, play order).
public struct TrackReference: Hashable, Sendable {
    public var magazineID: UUID
    public var slot: Int
    public var trackIndex: Int

    public init(magazineID: UUID, slot: Int, trackIndex: Int) {
        self.magazineID = magazineID
        self.slot = slot
        self.trackIndex = trackIndex
    }
}

/// Whether the changer is playing, paused or stopped.
public enum TransportState: String, Sendable {
    case stopped, playing, paused
}

/// Monotonic time in seconds, so tests can move time by hand.
public protocol ChangerClock {
    var now: Double { get }
}

/// The system's monotonic clock.
public struct SystemClock: ChangerClock {
    public init() {}
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// What the changer tells the app about.
public enum ChangerEvent: Equatable, Sendable {
    /// A track began to be heard.
    case trackStarted(TrackReference)
    /// Playback stopped because someone asked (`stop()`).
    case stopped
    /// Playback stopped by itself: at the end of what there was to play, or because nothing
    /// could be played.
    case finished
    /// Something the user should read: a skipped file, a device problem.
    case notice(String)
}

/// The changer's state machine: which disc and track play next, as on a car head unit.
///
/// It decides, and the `PlaybackEngine` plays. Transport (play disc N, next and previous track and
/// disc, seek, pause), repeat (off, track, disc, magazine), random (off, disc, magazine), scan (the
/// first 10 s of each track), volume and mute all live here, and the position is saved through the
/// store periodically, on pause, on stop and on quit.
///
/// With repeat off, playback goes on from disc to disc and stops after the last disc of the magazine;
/// `stopsAtEndOfDisc` makes it stop after the current disc instead (the headless `play` command).
/// Which track follows which (the repeat rules, shuffled orders, next and previous disc) is
/// `PlayOrder`'s to decide; the changer keeps the shuffle in force and drives the engine.
///
/// Used from one thread (the app's main loop).
public final class Changer {
    public let store: ChangerStore
    public var shelf: AlbumShelf
    private let engine: any PlaybackEngine
    private let clock: any ChangerClock
    private var generator: SeededGenerator

    public var stopsAtEndOfDisc = false
    /// Seconds of each track that scan mode plays.
    public static let scanLength = 10.0
    /// "Previous" restarts the current track when more than this many seconds have played.
    public static let restartThreshold = 3.0
    /// How often the position is saved while playing.
    public static let positionSaveInterval = 10.0
    /// Called for every event, on the changer's thread.
    public var onEvent: ((ChangerEvent) -> Void)?

    public private(set) var transport: TransportState = .stopped
    public private(set) var current: TrackReference?
    public private(set) var isScanning = false
    /// Playback stops when the current track ends ("stop after this song"): nothing is queued
    /// after it, and the position becomes the track that would have followed. Once only: it ends
    /// with that track, and a track started any other way (next, a disc, a stop) cancels it.
    public private(set) var stopsAfterCurrentTrack = false
    /// The track heard before the current one, or the one that ended or was stopped last ("what
    /// was that song"); nil until a track has been left.
    public private(set) var previouslyHeard: HeardTrack?
    /// The track that follows the current one in play order (repeat and random applied); nil when
    /// playback ends with the current track (`stopsAfterCurrentTrack` too), or nothing plays.
    public var upNext: TrackReference? { transport == .stopped ? nil : queued?.step.reference }
    private var currentID: UInt64?
    /// The file the engine plays for `current`, to notice when an edit put another disc in its slot.
    private var currentPath: LibraryPath?
    /// The id whose start was last reported, so a seek (which restarts the engine's item) isn't reported again.
    private var announcedID: UInt64?
    private var queued: QueuedTrack?
    private var lastIssuedID: UInt64 = 0
    private var shuffle: [TrackReference] = []
    private var consecutiveFailures = 0
    private var lastPositionSave: Double

    public init(store: ChangerStore, shelf: AlbumShelf, engine: any PlaybackEngine, clock: any ChangerClock = SystemClock(), seed: UInt64? = nil) {
        self.store = store
        self.shelf = shelf
        self.engine = engine
        self.clock = clock
        self.generator = SeededGenerator(seed: seed ?? UInt64.random(in: 0...UInt64.max))
        self.lastPositionSave = clock.now
        let settings = store.state.settings
        engine.setVolume(settings.volume, muted: settings.muted)
    }

    /// One of `choices`, drawn with the changer's own generator (seeded in tests, like the shuffle).
    public func pickAtRandom<Element>(_ choices: [Element]) -> Element? {
        choices.randomElement(using: &generator)
    }

    // MARK: - What is playing

    public var settings: PlayerSettings { store.state.settings }

    /// The magazine of the disc playing (or last played), else the selected one: the one whose
    /// discs "next disc" and "previous disc" step through.
    public var currentMagazine: Magazine? {
        if let current, let magazine = store.state.rack.magazine(withID: current.magazineID) { return magazine }
        return store.state.currentMagazine
    }

    /// The magazine on show (Tab and the magazine menu select it; playing a disc selects its
    /// magazine). A disc number without a magazine means a disc of this one.
    public var selectedMagazine: Magazine? { store.state.currentMagazine }

    /// The magazine of the disc playing or paused; nil when stopped.
    public var playingMagazine: Magazine? {
        guard transport != .stopped, let current else { return nil }
        return store.state.rack.magazine(withID: current.magazineID)
    }

    /// Selects a magazine without playing it (the music, if any, goes on).
    public func select(_ magazineID: UUID) {
        guard store.state.currentMagazineID != magazineID, store.state.rack.magazine(withID: magazineID) != nil else { return }
        store.update { $0.currentMagazineID = magazineID }
    }

    /// The album and track a reference points at, if they are still there.
    public func resolve(_ reference: TrackReference) -> (magazine: Magazine, album: Album, track: Track)? {
        playOrder.resolve(reference)
    }

    /// Slots that hold an album that is there and has something to play.
    public func playableSlots(of magazine: Magazine) -> [Int] {
        playOrder.playableSlots(of: magazine)
    }

    /// What follows what, for the rack, shelf and settings as they are now.
    private var playOrder: PlayOrder {
        PlayOrder(rack: store.state.rack, shelf: shelf, settings: settings, stopsAtEndOfDisc: stopsAtEndOfDisc)
    }

    /// Seconds heard of the current track.
    public var elapsed: Double { current == nil ? 0 : engine.heardSeconds }

    // MARK: - Transport

    /// Plays disc `number` of `magazineID` (else of the selected magazine) from track `track` (1-based).
    public func playDisc(_ number: Int, magazineID: UUID? = nil, track: Int = 1) throws(TransportError) {
        guard let magazine = magazineID.flatMap(store.state.rack.magazine(withID:)) ?? selectedMagazine else { throw .noMagazine }
        guard magazine.slots.indices.contains(number - 1) else { throw .noSuchDisc(number, magazine: magazine.name, slots: magazine.slots.count) }
        checkFolders(of: magazine)
        switch shelf.state(ofSlot: magazine.slots[number - 1]) {
        case .empty: throw .emptySlot(number, magazine: magazine.name)
        case .missing(let folder): throw .missingDisc(number, folder: folder.displayName)
        case .loaded(let album) where album.tracks.isEmpty: throw .nothingPlayable(number)
        case .loaded(let album) where !album.tracks.indices.contains(track - 1):
            throw .noSuchTrack(track, disc: number, count: album.tracks.count)
        case .loaded: break
        }
        isScanning = false
        select(magazine.id)
        if track == 1 {
            startDisc(slot: number, of: magazine.id)
        } else {
            start(TrackReference(magazineID: magazine.id, slot: number, trackIndex: track - 1))
        }
    }

    /// Plays the first playable disc of a magazine (its slot 1, or the next loaded one).
    public func playMagazine(_ magazineID: UUID) throws(TransportError) {
        guard let magazine = store.state.rack.magazine(withID: magazineID) else { throw .noMagazine }
        checkFolders(of: magazine)
        guard let slot = playableSlots(of: magazine).first else { throw .emptyMagazine(magazine.name) }
        isScanning = false
        select(magazine.id)
        startDisc(slot: slot, of: magazine.id)
    }

    /// Plays whatever is loaded, resuming exactly where playback last stopped when that is still there.
    public func playSomething() throws(TransportError) {
        isScanning = false
        if transport == .paused {
            resume()
            return
        }
        if let position = store.state.position, let magazine = store.state.rack.magazine(withID: position.magazineID) {
            checkFolders(of: magazine)
        }
        if let position = store.state.position,
           let (_, album, _) = resolve(TrackReference(magazineID: position.magazineID, slot: position.slot, trackIndex: position.trackIndex)) {
            let offset = position.offset < album.tracks[position.trackIndex].duration - 0.5 ? max(0, position.offset) : 0
            let reference = TrackReference(magazineID: position.magazineID, slot: position.slot, trackIndex: position.trackIndex)
            select(position.magazineID)
            start(reference, at: offset)
            return
        }
        let magazines = [currentMagazine].compactMap { $0 } + store.state.rack.magazines
        guard let magazine = magazines.first(where: { !playableSlots(of: $0).isEmpty }) else { throw .nothingLoaded }
        try playMagazine(magazine.id)
    }

    /// Starts a fresh shuffle at a random track ("surprise me" while stopped, "shuffle Road
    /// Trip"): of the whole magazine (random magazine) or of the disc last heard in it (random
    /// disc). Without `magazineID`, of the magazine last heard, or the first with something loaded
    /// when that one has nothing. With random off it is `playMagazine` or `playSomething`.
    public func playShuffled(in magazineID: UUID? = nil) throws(TransportError) {
        if let magazineID, settings.randomMode == .off { return try playMagazine(magazineID) }
        guard settings.randomMode != .off, transport != .paused || magazineID != nil else { return try playSomething() }
        let magazines: [Magazine]
        if let magazineID {
            guard let magazine = store.state.rack.magazine(withID: magazineID) else { throw .noMagazine }
            magazines = [magazine]
        } else {
            magazines = [currentMagazine].compactMap { $0 } + store.state.rack.magazines
        }
        guard let magazine = magazines.first(where: { checkFolders(of: $0); return !playableSlots(of: $0).isEmpty }) else {
            if magazineID != nil, let magazine = magazines.first { throw .emptyMagazine(magazine.name) }
            throw .nothingLoaded
        }
        let slots = playableSlots(of: magazine)
        let lastHeard = store.state.position.flatMap { $0.magazineID == magazine.id && slots.contains($0.slot) ? $0.slot : nil }
        let anchor = TrackReference(magazineID: magazine.id, slot: lastHeard ?? slots[0], trackIndex: 0)
        let order = playOrder.shuffledOrder(for: anchor, using: &generator)
        guard let first = order.first else { throw .emptyMagazine(magazine.name) }
        isScanning = false
        select(magazine.id)
        start(PlayOrder.Step(reference: first, order: order))
    }

    public func pause() {
        guard transport == .playing else { return }
        isScanning = false
        engine.pause()
        transport = .paused
        savePosition()
    }

    /// Resumes after a pause; when stopped, plays something.
    public func resume() {
        switch transport {
        case .paused:
            engine.resume()
            transport = .playing
        case .stopped:
            try? playSomething()
        case .playing:
            isScanning = false
        }
    }

    public func togglePlayPause() {
        if isScanning {
            isScanning = false
            return
        }
        transport == .playing ? pause() : resume()
    }

    /// Stops, keeping the track: playing again starts it from its beginning (as MPRIS asks).
    public func stop() {
        halt(finished: false)
    }

    /// Sets or cancels `stopsAfterCurrentTrack`; returns false (and sets nothing) when no track
    /// is playing or paused.
    @discardableResult
    public func stopAfterCurrentTrack(_ on: Bool) -> Bool {
        guard current != nil, transport != .stopped else { return false }
        stopsAfterCurrentTrack = on
        requeue()
        return true
    }

    private func halt(finished: Bool) {
        isScanning = false
        stopsAfterCurrentTrack = false
        guard transport != .stopped else { return }
        rememberHeard(before: nil)
        engine.stop()
        transport = .stopped
        queued = nil
        currentID = nil
        currentPath = nil
        savePosition()
        onEvent?(finished ? .finished : .stopped)
    }

    /// The next track; at the end of the magazine it wraps to the first disc. A paused changer
    /// stays paused, at the start of that track.
    public func nextTrack() {
        guard let current, !endScan() else { return }
        guard let next = playOrder.successor(of: current, natural: false, order: shuffle, using: &generator) else { return }
        start(next, keepingPause: true)
    }

    /// Restarts the current track when more than 3 s have played, else goes to the previous track.
    /// A paused changer stays paused.
    public func previousTrack() {
        guard let current, !endScan() else { return }
        if engine.heardSeconds > Changer.restartThreshold {
            engine.seek(to: 0)
        } else {
            start(PlayOrder.Step(reference: playOrder.predecessor(of: current, order: shuffle) ?? current, order: shuffle), keepingPause: true)
        }
    }

    /// Whether `nextTrack()` has a track to go to that playback would reach by itself too: false on
    /// the last track of what plays with repeat off (the last disc of the magazine, or the disc for
    /// `stopsAtEndOfDisc`), and when nothing is current.
    public var hasNaturalNext: Bool {
        guard let current else { return false }
        if settings.repeatMode != .off { return true }
        var scratch = generator
        return playOrder.successor(of: current, natural: true, order: shuffle, using: &scratch) != nil
    }

    /// Whether `previousTrack()` would go to another track at the start of this one: false on the
    /// first track of a disc (or of the shuffled order), where it restarts the track.
    public var hasPreviousTrack: Bool {
        guard let current else { return false }
        return playOrder.predecessor(of: current, order: shuffle) != nil
    }

    /// The next loaded disc of the magazine (skipping empty and missing slots, wrapping around).
    public func nextDisc() { stepDisc(by: 1) }

    /// The previous loaded disc of the magazine (skipping empty and missing slots, wrapping around).
    public func previousDisc() { stepDisc(by: -1) }

    /// Moves `seconds` forward or back in the current track; past the end goes to the next track.
    public func seek(by seconds: Double) {
        seek(to: engine.heardSeconds + seconds)
    }

    /// Moves to `seconds` into the current track (its start, for a negative time); at or past its
    /// end goes to the next track.
    public func seek(to seconds: Double) {
        guard let current, !endScan(), let (_, _, track) = resolve(current) else { return }
        if seconds >= track.duration, track.duration > 0 {
            nextTrack()
            return
        }
        engine.seek(to: max(0, seconds))
    }

    /// Selects the next (or previous) magazine in the rack; if playing, plays its first disc.
    public func stepMagazine(by step: Int) throws(TransportError) {
        guard let selected = selectedMagazine, let target = playOrder.magazine(steppingBy: step, from: selected) else { throw .noMagazine }
        if transport == .stopped {
            select(target.id)
        } else {
            try playMagazine(target.id)
        }
    }

    /// Scan: plays the first 10 s of each track, then moves on. Asking again ends it.
    public func scan() {
        if isScanning {
            isScanning = false
            return
        }
        if transport != .playing { try? playSomething() }
        isScanning = transport == .playing
    }

    // MARK: - Modes and volume

    public func setVolume(_ percent: Int) {
        let volume = min(100, max(0, percent))
        store.update { $0.settings.volume = volume; $0.settings.muted = false }
        engine.setVolume(volume, muted: false)
    }

    public func changeVolume(by step: Int) { setVolume(settings.volume + step) }

    public func setMuted(_ muted: Bool) {
        store.update { $0.settings.muted = muted }
        engine.setVolume(settings.volume, muted: muted)
    }

    public func setRepeat(_ mode: RepeatMode) {
        store.update { $0.settings.repeatMode = mode }
        requeue()
    }

    public func setRandom(_ mode: RandomMode) {
        store.update { $0.settings.randomMode = mode }
        shuffle = current.map { playOrder.shuffledOrder(for: $0, first: $0, using: &generator) } ?? []
        requeue()
    }

    // MARK: - A new scan

    /// Takes a new scan of the library while playing or not (the music folder changed): the track
    /// being heard stays the current one, found again by its file in the new scan (tracks before
    /// it may have come or gone), and what follows it is worked out again from the new shelf.
    public func replaceShelf(_ newShelf: AlbumShelf) {
        let heard = currentPath
        shelf = newShelf
        guard let reference = current else { return }
        if let heard, let magazine = store.state.rack.magazine(withID: reference.magazineID),
           let folder = magazine.album(inSlot: reference.slot), let album = newShelf.album(at: folder),
           let index = album.tracks.firstIndex(where: { $0.path == heard }) {
            current = TrackReference(magazineID: reference.magazineID, slot: reference.slot, trackIndex: index)
        }
        if settings.randomMode != .off, let current {
            shuffle = playOrder.shuffledOrder(for: current, first: current, using: &generator)
        }
        // The engine keeps the track it was given to follow when that file still follows; else
        // it gets the new one (or none: the disc ends here now).
        requeue()
    }

    // MARK: - Edits of the rack

    /// What the changer did about an edit of the rack.
    public enum RackReaction: Equatable, Sendable {
        /// The edit did not touch the disc being heard.
        case none
        /// Another disc went into the slot that was playing: it plays from its start.
        case playingNewDisc(slot: Int)
        /// The playing disc went (ejected, missing): the next loaded disc plays.
        case movedOn(slot: Int)
        /// The disc being heard went and nothing plays now (it was paused, nothing else is loaded,
        /// or its magazine was deleted); play starts from `resumesAt`, if anything.
        case stopped(resumesAt: TrackReference?)
    }

    /// Call after every edit of the rack (and after the shelf changed): when the disc being heard
    /// is no longer in its slot, sound, screen and status move together — a disc put in its place
    /// plays from its start, an ejected or missing disc gives way to the next loaded one, a paused
    /// one stops there. Otherwise only what is queued to follow is brought up to date.
    @discardableResult
    public func rackChanged() -> RackReaction {
        guard transport != .stopped, let current else { return .none }
        if let (_, _, track) = resolve(current), track.path == currentPath {
            requeue()
            return .none
        }
        isScanning = false
        let wasPlaying = transport == .playing
        guard let magazine = store.state.rack.magazine(withID: current.magazineID) else {
            halt(at: nil)
            return .stopped(resumesAt: nil)
        }
        if case .loaded(let album) = shelf.state(ofSlot: magazine.album(inSlot: current.slot)), !album.tracks.isEmpty {
            guard wasPlaying else {
                let first = TrackReference(magazineID: magazine.id, slot: current.slot, trackIndex: 0)
                halt(at: first)
                return .stopped(resumesAt: first)
            }
            startDisc(slot: current.slot, of: magazine.id)
            return .playingNewDisc(slot: current.slot)
        }
        // A new scan found the folder gone (an eject says so itself); the headless player, which
        // plays one disc, is done then, as when a track finds it gone.
        if case .missing(let folder) = shelf.state(ofSlot: magazine.album(inSlot: current.slot)) {
            onEvent?(.notice(TransportError.missingDisc(current.slot, folder: folder.displayName).description))
            if stopsAtEndOfDisc {
                halt(finished: true)
                return .stopped(resumesAt: nil)
            }
        }
        guard let next = playOrder.disc(steppingBy: 1, from: current, in: magazine) else {
            halt(at: nil)
            return .stopped(resumesAt: nil)
        }
        guard wasPlaying else {
            let first = TrackReference(magazineID: magazine.id, slot: next, trackIndex: 0)
            halt(at: first)
            return .stopped(resumesAt: first)
        }
        startDisc(slot: next, of: magazine.id)
        return .movedOn(slot: next)
    }

    /// Marks the discs of `magazine` whose folders have gone as missing, telling the user. The
    /// changer looks when a disc is played and when a track fails (a removed folder the watcher
    /// has not reported yet is noticed then).
    @discardableResult
    private func checkFolders(of magazine: Magazine) -> Bool {
        let gone = shelf.markGone(among: magazine.slots.compactMap { $0 })
        for folder in gone {
            if let slot = magazine.slots.firstIndex(of: folder) {
                onEvent?(.notice(TransportError.missingDisc(slot + 1, folder: folder.displayName).description))
            }
        }
        return !gone.isEmpty
    }

    // MARK: - Engine events and time

    /// Takes an event from the engine.
    public func handle(_ event: EngineEvent) {
        switch event {
        case .started(let id):
            consecutiveFailures = 0
            if let queued, queued.id == id {
                rememberHeard(before: queued.step.reference)
                current = queued.step.reference
                currentID = id
                currentPath = queued.path
                shuffle = queued.step.order
                self.queued = nil
                transport = .playing
                requeue()
                savePosition()
                announcedID = id
                onEvent?(.trackStarted(queued.step.reference))
            } else if id == currentID, id != announcedID, let current {
                announcedID = id
                onEvent?(.trackStarted(current))
            }
        case .failed(let id, let reason):
            consecutiveFailures += 1
            let failed = queued?.id == id ? queued?.step.reference : (id == currentID ? current : nil)
            let discGone = failed.flatMap { store.state.rack.magazine(withID: $0.magazineID) }.map { checkFolders(of: $0) } ?? false
            if !discGone { onEvent?(.notice(reason)) }
            let tooMany = consecutiveFailures > totalTracks(inMagazineOf: current) + 1
            if let queued, queued.id == id {
                let reference = queued.step.reference
                let after = tooMany ? nil : resolve(reference) == nil
                    ? playOrder.successor(ofMissingDisc: reference, using: &generator)
                    : playOrder.successor(afterFailureOf: reference, order: queued.step.order, using: &generator)
                self.queued = after.map(queue)
                engine.replaceNext(self.queued?.engineTrack)
            } else if id == currentID, let current {
                let next = resolve(current) == nil
                    ? playOrder.successor(ofMissingDisc: current, using: &generator)
                    : playOrder.successor(afterFailureOf: current, order: shuffle, using: &generator)
                if tooMany {
                    onEvent?(.notice("Nothing in this magazine can be played."))
                    halt(finished: true)
                } else if let next {
                    start(next)
                } else {
                    halt(finished: true)
                }
            }
        case .finished:
            guard transport == .playing, let current else { return }
            transport = .stopped
            isScanning = false
            stopsAfterCurrentTrack = false
            rememberHeard(before: nil)
            let resumeAt = playOrder.successor(of: current, natural: false, order: shuffle, using: &generator)?.reference ?? current
            store.update { $0.position = PlaybackPosition(magazineID: resumeAt.magazineID, slot: resumeAt.slot, trackIndex: resumeAt.trackIndex, offset: 0) }
            // Where "play" goes on; a later save (on quit) keeps it instead of the track that ended.
            self.current = resumeAt
            currentID = nil
            currentPath = nil
            queued = nil
            onEvent?(.finished)
        case .notice(let text):
            onEvent?(.notice(text))
        case .deviceLost(let text):
            if transport == .playing {
                isScanning = false
                transport = .paused
                savePosition()
            }
            onEvent?(.notice(text))
        }
    }

    /// Called regularly (a few times a second) by the app: moves scan on and saves the position.
    public func tick() {
        guard transport == .playing else { return }
        if isScanning, engine.heardSeconds >= Changer.scanLength, let current,
           let next = playOrder.successor(of: current, natural: false, order: shuffle, using: &generator) {
            start(next)
        }
        if clock.now - lastPositionSave >= Changer.positionSaveInterval { savePosition() }
    }

    /// Saves where playback is (on quit, and whenever the position should survive a restart).
    public func savePosition() {
        lastPositionSave = clock.now
        guard let current else { return }
        let offset = transport == .stopped && currentID == nil ? 0 : engine.heardSeconds
        store.update {
            $0.position = PlaybackPosition(magazineID: current.magazineID, slot: current.slot, trackIndex: current.trackIndex, offset: offset)
        }
    }

    private func stepDisc(by step: Int) {
        if let magazine = currentMagazine { checkFolders(of: magazine) }
        guard !endScan(), let magazine = currentMagazine, let target = playOrder.disc(steppingBy: step, from: current, in: magazine) else { return }
        startDisc(slot: target, of: magazine.id)
    }

    private func totalTracks(inMagazineOf reference: TrackReference?) -> Int {
        guard let magazine = reference.flatMap({ store.state.rack.magazine(withID: $0.magazineID) }) ?? currentMagazine else { return 0 }
        return playOrder.trackCount(of: magazine)
    }

    // MARK: - Driving the engine

    /// A track handed to the engine to follow the current one, and the file it is.
    private struct QueuedTrack {
        var id: UInt64
        var step: PlayOrder.Step
        var path: LibraryPath

        var engineTrack: EngineTrack { EngineTrack(id: id, path: path) }
    }

    private func startDisc(slot: Int, of magazineID: UUID) {
        start(playOrder.start(ofDisc: slot, in: magazineID, using: &generator))
    }

    /// Plays a reference whose shuffled order is not known yet (a resumed position).
    private func start(_ reference: TrackReference, at offset: Double = 0) {
        start(playOrder.step(to: reference, keeping: shuffle, using: &generator), at: offset)
    }

    /// Plays `step` from `offset`; with `keepingPause`, a paused changer stays paused there.
    private func start(_ step: PlayOrder.Step, at offset: Double = 0, keepingPause: Bool = false) {
        guard let (_, _, track) = resolve(step.reference) else { return }
        let id = issueID()
        let paused = keepingPause && transport == .paused
        stopsAfterCurrentTrack = false
        rememberHeard(before: step.reference)
        current = step.reference
        currentID = id
        currentPath = track.path
        shuffle = step.order
        transport = paused ? .paused : .playing
        queued = playOrder.successor(of: step.reference, natural: true, order: step.order, using: &generator).map(queue)
        engine.play(EngineTrack(id: id, path: track.path), from: offset, next: queued?.engineTrack, paused: paused)
        store.update {
            $0.position = PlaybackPosition(magazineID: step.reference.magazineID, slot: step.reference.slot, trackIndex: step.reference.trackIndex, offset: offset)
        }
        lastPositionSave = clock.now
    }

    /// Stops the engine because the disc being heard went; the position becomes `reference`.
    private func halt(at reference: TrackReference?) {
        engine.stop()
        transport = .stopped
        isScanning = false
        stopsAfterCurrentTrack = false
        queued = nil
        currentID = nil
        currentPath = nil
        current = reference
        store.update {
            $0.position = reference.map { PlaybackPosition(magazineID: $0.magazineID, slot: $0.slot, trackIndex: $0.trackIndex, offset: 0) }
        }
        onEvent?(.stopped)
    }

    /// Recomputes what follows the current track (after a mode change, a handover or an edit of
    /// the rack that put another file where the queued one was).
    private func requeue() {
        guard let current, transport != .stopped else { return }
        let next = stopsAfterCurrentTrack ? nil : playOrder.successor(of: current, natural: true, order: shuffle, using: &generator)
        if next?.reference == queued?.step.reference, next.flatMap({ resolve($0.reference)?.track.path }) == queued?.path { return }
        queued = next.map(queue)
        engine.replaceNext(queued?.engineTrack)
    }

    /// Keeps the current track as `previouslyHeard` when the engine has it and `next` (the track
    /// that takes its place, nil for none) is another one.
    private func rememberHeard(before next: TrackReference?) {
        guard currentPath != nil, let current, current != next, let (_, album, track) = resolve(current) else { return }
        previouslyHeard = HeardTrack(slot: current.slot, trackNumber: current.trackIndex + 1, album: album.title, track: track)
    }

    private func queue(_ step: PlayOrder.Step) -> QueuedTrack {
        QueuedTrack(id: issueID(), step: step, path: resolve(step.reference)?.track.path ?? LibraryPath(""))
    }

    private func issueID() -> UInt64 {
        lastIssuedID += 1
        return lastIssuedID
    }

    /// Ends scan mode if it is on; returns whether it was (so the key that ended it does nothing else).
    private func endScan() -> Bool {
        guard isScanning else { return false }
        isScanning = false
        return true
    }
}

/// A track as it was heard: its disc (slot) and place there, its album's title, and the track.
public struct HeardTrack: Equatable, Sendable {
    public var slot: Int
    public var trackNumber: Int
    public var album: String
    public var track: Track
}

/// A transport request that can't be carried out, with words for the user.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    case noMagazine
    case noSuchDisc(Int, magazine: String, slots: Int)
    case emptySlot(Int, magazine: String)
    case missingDisc(Int, folder: String)
    case nothingPlayable(Int)
    case noSuchTrack(Int, disc: Int, count: Int)
    case emptyMagazine(String)
    case nothingLoaded

    public var description: String {
        switch self {
        case .noMagazine: "There is no magazine to play."
        case .noSuchDisc(let number, let magazine, let slots): "\(magazine) has no disc \(number); it has \(slots) slots."
        case .emptySlot(let number, let magazine): "Slot \(number) of \(magazine) is empty."
        case .missingDisc(let number, let folder): "Disc \(number) is missing: its folder \(folder) is gone."
        case .nothingPlayable(let number): "Disc \(number) has nothing that can be played."
        case .noSuchTrack(let track, let disc, let count): "Disc \(disc) has \(count) track\(count == 1 ? "" : "s"); there is no track \(track)."
        case .emptyMagazine(let name): "\(name) has no disc to play."
        case .nothingLoaded: "No magazine holds a disc to play. Load one with cdchanger magazine load."
        }
    }
}
