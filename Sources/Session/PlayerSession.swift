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

/// A running player: the changer, the audio engine, the intent layer and the main loop, wired
/// together. Every front end — the dashboard's keys and prompt bar, the headless `play` command,
/// `cdchanger say` over the control socket, MPRIS — acts through `perform(_:)` and `respond(to:via:)`.
///
/// Lives on the main loop's thread.
public final class PlayerSession {
    public let loop: MainLoop
    public private(set) var context: ChangerContext
    private let registryLoader: RegistryLoader
    /// The intent registry (built in the background at start; waits for it the first time if needed).
    public var registry: ShortcutRegistry { registryLoader.registry }
    public let changer: Changer
    public let performer: IntentPerformer
    public let engine: EngineBridge

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

    /// The latest notice and when it came (seconds of the monotonic clock).
    public private(set) var latestNotice: (text: String, time: Double)?
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
        self.context = context
        registryLoader = RegistryLoader(store: context.store)
        let mailbox = loop.mailbox
        engine = EngineBridge(output: output, replayGain: replayGain, wake: { mailbox.wake() })
        changer = Changer(store: context.store, shelf: context.shelf, engine: engine)
        performer = IntentPerformer(changer: changer)
        changer.onEvent = { [unowned self] event in self.changerEvent(event) }
        loop.onWake { [unowned self] in self.drainEngineEvents() }
        scheduleTicks()
        for notice in context.notices { post(notice: notice) }
    }

    // MARK: Acting

    /// Carries out an invocation (a key, a media key, a resolved sentence).
    @discardableResult
    public func perform(_ invocation: IntentInvocation) -> IntentOutcome {
        let outcome = performer.perform(invocation)
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

        /// `cdchanger say`'s exit status: 0 done, 1 not understood or not possible, 2 ambiguous, 3 needs a value.
        public var exitStatus: Int32 {
            switch resolution {
            case .matched: outcome?.succeeded == false ? 1 : 0
            case .unsupported: 1
            case .ambiguous: 2
            case .needsValue: 3
            }
        }
    }

    /// Resolves a sentence in the app (the app name optional), answering any open follow-up
    /// question of the same channel, and carries it out when it is understood.
    public func respond(to sentence: String, via channel: Channel) -> SpokenReply {
        let now = clock.now
        var conversation = conversations[channel].flatMap { now - $0.time < PlayerSession.followUpLifetime ? $0.conversation : nil }
            ?? Conversation(registry: registry, mode: .inApp)
        let resolution = conversation.respond(to: sentence)
        conversations[channel] = (conversation, now)
        let report = registry.report(for: sentence, resolution: resolution)
        guard case .matched(let invocation) = resolution else {
            return SpokenReply(resolution: resolution, response: report.response, outcome: nil, jsonLine: report.jsonLine)
        }
        let outcome = perform(invocation)
        let performed = ResolveReport(sentence: sentence, resolution: resolution, response: outcome.response)
        return SpokenReply(resolution: resolution, response: outcome.response, outcome: outcome, jsonLine: performed.jsonLine)
    }

    /// Saves the position and stops the audio threads (on quit and on signals).
    public func shutdown() {
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

    /// Makes an album found by an edit (e.g. loaded from outside the music folder) known to the changer.
    public func updateShelf(_ shelf: AlbumShelf) {
        changer.shelf = shelf
        context.shelf = shelf
        changed()
    }

    /// Shows a notice to the user (the dashboard's notice line, stderr for the headless player).
    public func post(notice: String) {
        latestNotice = (notice, clock.now)
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
