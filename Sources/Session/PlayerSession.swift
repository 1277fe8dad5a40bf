import AudioDecoding
import ChangerIntents
import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IntentKit
import MainLoop
import MusicLibrary
import Playback
import Synchronization
import SystemSupport

/// A running player: the changer, the audio engine, the intent layer and the main loop, wired
/// together. Every front end — the dashboard's keys and prompt bar, the headless `play` command,
/// `cdchanger say` over the control socket, MPRIS — acts through `perform(_:)` and `respond(to:via:)`.
///
/// Lives on the main loop's thread.
public final class PlayerSession {
    public let loop: MainLoop
    private let openedContext: ChangerContext
    /// The state, library and notices; its shelf is always the changer's (albums loaded from
    /// outside the music folder, discs found missing).
    public var context: ChangerContext {
        var context = openedContext
        context.shelf = changer.shelf
        return context
    }
    private let registryLoader: RegistryLoader
    /// The intent registry (built in the background at start; waits for it the first time if needed).
    public var registry: ShortcutRegistry { registryLoader.registry }
    /// The songs of the current magazine's loaded discs and the library's genres: the names of
    /// listed types heard by voice (the genres as the library's names have them since its last
    /// scan, not worked out again at every turn).
    public var spokenListedNames: [String: [String]] {
        MagazineEntities.spokenListedNames(of: openedContext.store.state, in: changer.shelf.library, genres: registryLoader.library.libraryGenres)
    }
    public let changer: Changer
    public let performer: IntentPerformer
    public let engine: EngineBridge
    /// The one way the rack is edited in this player: the dashboard, `cdchanger magazine` sent
    /// here, and intents that load or eject discs.
    public let rackEditor: RackEditor

    private var changeObservers: [() -> Void] = []
    /// Called when a track starts being played.
    public var onTrackStarted: ((TrackReference) -> Void)?
    /// Called when playback stops by request (a stop key, sentence or MPRIS `Stop`).
    public var onStopped: (() -> Void)?
    /// Called when playback stops by itself: at the end of what there was to play, or because
    /// nothing could be played.
    public var onFinished: (() -> Void)?
    /// Called with every notice (a skipped file, a device problem, a state that could not be saved).
    /// Notices that came before it was set are delivered when it is set.
    public var onNotice: ((String) -> Void)? {
        didSet {
            guard let onNotice else { return }
            let waiting = undelivered
            undelivered.removeAll()
            waiting.forEach(onNotice)
        }
    }
    private var undelivered: [String] = []

    /// The latest notice that fades, and when it came (seconds of the monotonic clock).
    public private(set) var latestNotice: (text: String, time: Double)?
    /// The answer to the latest sentence a remote client (`cdchanger say`) sent, and how many
    /// sentences came that way, so a screen shows each answer once.
    public private(set) var latestRemoteResponse: (text: String, count: Int)?
    /// The background scan's progress in words ("Scanning 3,412 of 10,000 files…") while it runs.
    public private(set) var libraryActivity: String?
    /// Counts the times the library was replaced (a background scan ended), so screens refresh lists.
    public private(set) var libraryRevision = 0
    private var scanThread: WorkerThread?
    private let cacheGate = CacheWriteGate()
    /// Notices that stay on screen until the user dismisses them, oldest first: what the user must
    /// know about how the player started (a state file moved aside, an empty music folder, a bad
    /// line in the settings file, no session bus). Never shortened: the dashboard dismisses them.
    public private(set) var pinnedNotices: [PinnedNotice] = []
    private var conversations: [Channel: (conversation: Conversation, time: Double)] = [:]
    private let clock = SystemClock()

    /// Who is talking: follow-up questions are remembered per channel.
    public enum Channel: Hashable, Sendable {
        case promptBar, remote
    }

    /// A question left open longer than this is forgotten.
    public static let followUpLifetime = 120.0

    public init(context: ChangerContext, output: OutputChoice, replayGain: ReplayGainMode, loop: MainLoop) {
        self.loop = loop
        openedContext = context
        registryLoader = RegistryLoader(store: context.store, library: LibraryEntities(context.shelf.library))
        let mailbox = loop.mailbox
        engine = EngineBridge(output: output, replayGain: replayGain, wake: { mailbox.wake() })
        changer = Changer(store: context.store, shelf: context.shelf, engine: engine)
        rackEditor = RackEditor(store: context.store, shelf: context.shelf, changer: changer)
        performer = IntentPerformer(changer: changer, rackEditor: rackEditor)
        changer.onEvent = { [unowned self] event in self.changerEvent(event) }
        loop.onWake { [unowned self] in self.drainEngineEvents() }
        scheduleTicks()
        for notice in context.notices { post(notice: notice, pinned: true) }
        if let notice = context.musicFolderNotice { post(notice: notice, pinned: true) }
        if let survey = context.pendingScan { scanInBackground(survey) }
    }

    // MARK: Acting

    /// Carries out an invocation (a key, a media key, a resolved sentence: `fromSentence`).
    @discardableResult
    public func perform(_ invocation: IntentInvocation, fromSentence: Bool = false) -> IntentOutcome {
        let outcome = performer.perform(invocation, fromSentence: fromSentence)
        changed()
        return outcome
    }

    /// What a typed or spoken sentence did.
    public struct SpokenReply: Sendable {
        public var resolution: Resolution
        /// The spoken answer: the intent's response, the question, or "Sorry…".
        public var response: String
        /// What running the intent did, when it was run.
        public var outcome: IntentOutcome?
        /// The `resolve --json` object for this sentence with `response` filled in by what happened.
        public var jsonLine: String

        /// `cdchanger say`'s exit status: 0 done, 1 not understood or not possible, 2 ambiguous (or a
        /// question the intent asked: which album, which slot), 3 needs a value.
        public var exitStatus: Int32 {
            if outcome?.followUp != nil { return 2 }
            return outcome?.succeeded == false ? 1 : PlayerSession.exitStatus(for: resolution)
        }
    }

    /// What a sentence's resolution means as an exit status (`say`, `resolve`): 0 understood (or
    /// declined: "no" to a question), 1 not understood, 2 ambiguous, 3 needs a value.
    public static func exitStatus(for resolution: Resolution) -> Int32 {
        switch resolution {
        case .matched, .declined: 0
        case .unsupported: 1
        case .ambiguous: 2
        case .needsValue: 3
        }
    }

    /// Resolves a sentence in the app (the app name optional), answering any open follow-up
    /// question of the same channel, and carries it out when it is understood.
    public func respond(to sentence: String, via channel: Channel) -> SpokenReply {
        let now = clock.now
        var conversation = openConversation(of: channel, at: now)
        let resolution = conversation.respond(to: sentence)
        let report = registry.report(for: sentence, resolution: resolution)
        guard case .matched(let invocation) = resolution else {
            conversations[channel] = (conversation, now)
            return SpokenReply(resolution: resolution, response: report.response, outcome: nil, jsonLine: report.jsonLine)
        }
        let outcome = perform(invocation, fromSentence: true)
        // A question the intent asked instead of guessing ("Which album by Amber Lane?") stays open.
        if let followUp = outcome.followUp { conversation.ask(.choice(followUp)) }
        conversations[channel] = (conversation, now)
        let performed = ResolveReport(sentence: sentence, resolution: resolution, response: outcome.response)
        return SpokenReply(resolution: resolution, response: outcome.response, outcome: outcome, jsonLine: performed.jsonLine)
    }

    /// A sentence the voice recognizer is not sure of (`Conversation.confirm`): nothing runs yet;
    /// the reply asks it back ("Did you say “play disc five”?") and the channel's next sentence
    /// may answer "yes" (with a question open, it is read as the answer, which is asked back).
    /// Nil when it is not understood or does not answer the channel's open question
    /// (`Conversation.confirm`).
    public func confirm(_ sentence: String, via channel: Channel) -> SpokenReply? {
        let now = clock.now
        var conversation = openConversation(of: channel, at: now)
        guard let resolution = conversation.confirm(sentence) else { return nil }
        conversations[channel] = (conversation, now)
        let report = registry.report(for: sentence, resolution: resolution)
        return SpokenReply(resolution: resolution, response: report.response, outcome: nil, jsonLine: report.jsonLine)
    }

    /// The channel's conversation, or a new one when it has none or its question is too old.
    private func openConversation(of channel: Channel, at now: Double) -> Conversation {
        conversations[channel].flatMap { now - $0.time < PlayerSession.followUpLifetime ? $0.conversation : nil }
            ?? Conversation(registry: registry, mode: .inApp)
    }

    /// `respond(to:via:)` for a sentence from a remote client, remembered for the screen.
    public func respondToRemote(_ sentence: String) -> SpokenReply {
        remembered(respond(to: sentence, via: .remote))
    }

    /// `confirm(_:via:)` for a sentence heard by a remote client's voice turn, remembered for the screen.
    public func confirmRemote(_ sentence: String) -> SpokenReply? {
        confirm(sentence, via: .remote).map(remembered)
    }

    private func remembered(_ reply: SpokenReply) -> SpokenReply {
        latestRemoteResponse = (reply.response, (latestRemoteResponse?.count ?? 0) + 1)
        changed()
        return reply
    }

    /// Carries out an edit of the rack through `rackEditor` and tells the observers.
    @discardableResult
    public func edit(_ edit: RackEdit) throws(RackError) -> RackEditOutcome {
        defer { changed() }
        return try rackEditor.perform(edit)
    }

    /// Takes back the last eject, replaced disc or deleted magazine.
    @discardableResult
    public func undoLastEdit() throws(RackError) -> RackEditOutcome {
        defer { changed() }
        return try rackEditor.undo()
    }

    /// Saves the position and stops the audio threads (on quit and on signals); a background scan
    /// writes no cache from now on (a write under way ends first).
    public func shutdown() {
        libraryWatcher?.stop()
        cacheGate.close()
        changer.savePosition()
        engine.shutdown()
        context.store.save()
    }

    /// Calls `observer` after anything a screen or a remote client would show changed (state, track, notice).
    public func observeChanges(_ observer: @escaping () -> Void) {
        changeObservers.append(observer)
    }

    /// Tells the observers that something changed, and says once if a change could not be saved.
    /// Front ends call it after editing the store themselves.
    public func changed() {
        scheduleTicks()
        reportUnsavedChanges()
        for observer in changeObservers { observer() }
    }

    /// Forgets an open follow-up question of `channel` (the user left the prompt bar).
    public func cancelQuestion(via channel: Channel) {
        conversations[channel] = nil
    }

    // MARK: The library read in the background

    /// Reads the files of a first scan (or of many new ones) on a thread of its own while the player
    /// plays from the discs already read; progress and the finished library come back through the loop.
    private func scanInBackground(_ survey: LibrarySurvey) {
        let scanner = openedContext.scanner
        let cacheURL = openedContext.stateFile.scanCacheURL
        let mailbox = loop.mailbox
        let session = SessionReference(self)
        let gate = cacheGate
        libraryActivity = ScanProgress(read: 0, total: survey.fileCount).description
        do {
            scanThread = try WorkerThread(name: "cdc-scan") {
                var cache = ScanCache(contentsOf: cacheURL)
                let library = scanner.read(survey, cache: &cache) { progress in
                    mailbox.post { session.object?.scanProgressed(progress) }
                }
                let read = cache
                mailbox.post { session.object?.scanFinished(library, cache: read) }
                // After the library is handed over: writing a large cache takes a moment.
                gate.write { try? cache.write(to: cacheURL) }
            }
        } catch {
            post(notice: "\(error) The music folder is read now instead.")
            var cache = ScanCache(contentsOf: cacheURL)
            let library = scanner.read(survey, cache: &cache)
            try? cache.write(to: cacheURL)
            scanFinished(library, cache: cache)
        }
    }

    private func scanProgressed(_ progress: ScanProgress) {
        guard libraryActivity != nil else { return }
        libraryActivity = progress.description
        changed()
    }

    /// The whole library is known: the changer's shelf is replaced (albums from outside the music
    /// folder scanned again), what plays goes on, and the user is told.
    private func scanFinished(_ library: Library, cache: ScanCache) {
        var cache = cache
        let slotFolders = openedContext.store.state.rack.magazines.flatMap { $0.slots.compactMap { $0 } }
        adopt(AlbumShelf(library: library, slotFolders: slotFolders, scanner: openedContext.scanner, cache: &cache))
        libraryActivity = nil
        // The thread ends on its own once the cache is written.
        scanThread = nil
        let tracks = library.albums.reduce(0) { $0 + $1.tracks.count }
        post(notice: "Scanned \(library.root.displayName): \(ScanProgress.grouped(library.albums.count)) albums, \(ScanProgress.grouped(tracks)) tracks.")
        changed()
    }

    // MARK: Events

    private func drainEngineEvents() {
        let events = engine.takeEvents()
        guard !events.isEmpty else { return }
        for event in events { changer.handle(event) }
        changed()
    }

    private func tick() {
        changer.tick()
        retryUnsavedChanges()
        scheduleTicks()
    }

    /// The changer's clock, for its position saves (every 10 s), save retries (every 2 s) and
    /// scan (10 s of each track): once a second, four times a second while scanning. Each wake-up
    /// of the loop costs CPU, which counts while playing.
    private func scheduleTicks() {
        let interval = changer.isScanning ? 0.25 : 1
        guard interval != tickInterval else { return }
        if let tickTimer { loop.cancelTimer(tickTimer) }
        tickInterval = interval
        tickTimer = loop.every(interval) { [unowned self] in self.tick() }
    }

    private var tickTimer: Int?
    private var tickInterval = 0.0

    /// How often a change that could not be saved is tried again, in seconds.
    public static let saveRetryInterval = 2.0
    private var lastSaveRetry = 0.0

    /// Tries again, every couple of seconds, to save a change the disk refused; says so when it worked.
    private func retryUnsavedChanges() {
        guard context.store.pendingSaveError != nil, clock.now - lastSaveRetry >= PlayerSession.saveRetryInterval else { return }
        lastSaveRetry = clock.now
        if context.store.retrySave() == nil {
            reportedSaveError = nil
            post(notice: "Saved the changes that could not be saved before.")
            changed()
        }
    }

    private func changerEvent(_ event: ChangerEvent) {
        switch event {
        case .trackStarted(let reference): onTrackStarted?(reference)
        case .stopped: onStopped?()
        case .finished: onFinished?()
        case .notice(let text): post(notice: text)
        }
        changed()
    }

    // MARK: The library

    private var libraryWatcher: LibraryWatcher?

    /// Watches the music folder while the player runs: when an album is added, renamed or removed,
    /// the folder is scanned again (on the watcher's thread, through the scan cache) and the result
    /// taken here (``takeScan(_:)``): the new names resolve at once, the removed ones no longer, and
    /// a slot whose folder went shows missing.
    public func watchLibrary() {
        let rescan = LibraryRescan(context: context)
        let session = SessionReference(self)
        let mailbox = loop.mailbox
        do {
            libraryWatcher = try LibraryWatcher(root: context.musicFolder.path, decoders: context.scanner.decoders, onChange: {
                let shelf = rescan.shelf()
                mailbox.post { session.object?.takeScan(shelf) }
            }, onProblem: { text in
                mailbox.post { session.object?.post(notice: text) }
            })
        } catch {
            post(notice: "New albums in the music folder show after a restart: it cannot be watched (\(error)).")
        }
    }

    /// Takes a new scan of the music folder: the changer plays from it, and its album, artist and
    /// song names resolve from now on (the registry's snapshot observers are told).
    public func takeScan(_ shelf: AlbumShelf) {
        adopt(shelf)
        changed()
    }

    /// Plays from `shelf` from now on (what plays goes on when its file is still there), resolves
    /// its names, and has the dashboard's browser read it again.
    private func adopt(_ shelf: AlbumShelf) {
        // A problem the scan found that the last one did not (the music folder gone) is said once.
        for problem in shelf.library.problems where !changer.shelf.library.problems.contains(problem) { post(notice: problem) }
        changer.replaceShelf(shelf)
        changer.rackChanged()
        if let registry = registryLoader.builtRegistry {
            MagazineEntities.refresh(library: shelf.library, names: registryLoader.library, in: registry, store: openedContext.store)
        } else {
            registryLoader.library.update(shelf.library)
        }
        libraryRevision += 1
    }

    /// Shows a notice to the user: on the dashboard's notice line, where it fades, or — `pinned` —
    /// in the dashboard's notices box until it is dismissed; on standard error for the headless player.
    public func post(notice: String, pinned: Bool = false) {
        if pinned {
            pinnedNotices.append(PinnedNotice(id: pinnedNotices.count + 1, text: notice))
        } else {
            latestNotice = (notice, clock.now)
        }
        if let onNotice { onNotice(notice) } else { undelivered.append(notice) }
    }

    private var reportedSaveError: StateError?

    /// Says once when a change could not be saved (disk full, read-only folder); it stays in memory.
    private func reportUnsavedChanges() {
        let error = context.store.pendingSaveError
        defer { reportedSaveError = error }
        guard let error, error != reportedSaveError else { return }
        post(notice: "\(error) The change is kept and will be saved when possible.")
    }
}

/// A weak reference to the session that a mailbox closure can carry.
///
/// `@unchecked Sendable`: the closures that hold it run on the loop's thread, the session's own,
/// and only there is the reference read.
private final class SessionReference: @unchecked Sendable {
    weak var object: PlayerSession?

    init(_ object: PlayerSession) { self.object = object }
}

/// Whether the background scan may still write the scan cache. Shutting down takes the same lock,
/// so it waits for a write under way and stops any later one (no half-written cache at exit).
private final class CacheWriteGate: Sendable {
    private let isOpen = Mutex(true)

    func write(_ body: () -> Void) {
        isOpen.withLock { open in
            if open { body() }
        }
    }

    func close() {
        isOpen.withLock { $0 = false }
    }
}
