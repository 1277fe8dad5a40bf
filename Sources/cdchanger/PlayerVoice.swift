import ChangerIntents
import Dashboard
import MainLoop
import Session
import Synchronization
import SystemSupport
import Voice

/// The running player's voice prompt: the dashboard's `v` key, `cdchanger listen` and D-Bus
/// `org.cdchanger.Voice.Listen` (docs/voice.md).
///
/// One long-lived `VoiceRecognizer` on the player's live registry, so a magazine renamed a
/// moment ago is heard by its new name; it is made on the first turn and loads its model then,
/// so a player that never listens keeps its memory. Each turn opens the microphone, loads the
/// model if needed and listens on a worker thread of its own; the loop's thread only receives
/// the level, the partial hypothesis and the result, through the loop's mailbox (as the
/// background scan's progress does), and never waits for the microphone or the decoder.
///
/// Lives on the main loop's thread.
final class PlayerVoice {
    /// How a turn ended, with what the player did with the sentence when one was heard.
    struct Ending {
        var result: VoiceResult
        /// The reply to the heard sentence, when it was carried out.
        var reply: PlayerSession.SpokenReply?
    }

    /// The ALSA capture device listened on.
    let microphone: String
    private let session: PlayerSession
    private let live = LiveTurn()
    private var recognizer: VoiceRecognizer?
    private var worker: WorkerThread?
    /// What to call when the turn under way ends (the `listen` requests waiting for it).
    private var waiting: [(Ending) -> Void] = []
    /// Whether the "Voice is off" notice has been pinned (once per run).
    private var pinnedNotice = false
    /// Set on quit: a turn that ends afterwards does nothing.
    private var isShutDown = false
    /// The turn under way, as the prompt bar shows it.
    private(set) var listening: DashboardSnapshot.Listening?
    /// What a heard sentence goes through, and what becomes of a turn that heard none: the
    /// dashboard submits it as a typed sentence; without one it is answered as `say`'s are. An
    /// unsure sentence is asked back ("Did you say …?") the same two ways.
    var onTurnEnded: (VoiceResult) -> PlayerSession.SpokenReply?

    init(session: PlayerSession, microphone: String) {
        self.session = session
        self.microphone = microphone
        onTurnEnded = { [unowned session] result in
            switch result {
            case .heard(let sentence): session.respondToRemote(sentence)
            case .unsure(let sentence): session.confirmRemote(sentence)
            case .notHeard, .unavailable: nil
            }
        }
    }

    /// Whether a turn is under way.
    var isListening: Bool { listening != nil }

    /// Starts a turn unless one is under way; `completion` is called on the loop when it ends.
    func listen(then completion: ((Ending) -> Void)? = nil) {
        guard !isShutDown else {
            completion?(Ending(result: .unavailable("The player is quitting."), reply: nil))
            return
        }
        if let completion { waiting.append(completion) }
        guard listening == nil else { return }
        let recognizer = self.recognizer ?? VoiceRecognizer(registry: session.registry, options: .changer)
        self.recognizer = recognizer
        // The songs of the discs loaded now and the library's genres (a change rebuilds the
        // grammar before this turn listens).
        recognizer.setListedNames(session.spokenListedNames)
        live.reset()
        listening = DashboardSnapshot.Listening(isLoading: !recognizer.isLoaded)
        let reference = VoiceReference(self)
        let mailbox = session.loop.mailbox
        let live = self.live
        let device = microphone
        do {
            worker = try WorkerThread(name: "cdc-voice") {
                let outcome = PlayerVoice.turn(recognizer: recognizer, device: device, live: live) {
                    mailbox.post { reference.object?.showProgress() }
                }
                mailbox.post { reference.object?.finish(outcome) }
            }
        } catch {
            finish(.failed("Voice is off: \(error)."))
        }
        session.changed()
    }

    /// A second `v`, Esc: the turn ends at its next 20 ms of audio (what was said is still
    /// recognized). Returns whether a turn was under way.
    @discardableResult
    func stop() -> Bool {
        guard listening != nil else { return false }
        live.requestStop()
        recognizer?.stop()
        return true
    }

    /// On quit: the turn under way is ended and whoever waits for it is answered now.
    func shutdown() {
        stop()
        isShutDown = true
        let waiters = waiting
        waiting = []
        for waiter in waiters { waiter(Ending(result: .unavailable("The player is quitting."), reply: nil)) }
    }

    /// What the worker thread found.
    private enum Outcome: Sendable {
        case turn(VoiceTurn)
        case noMicrophone(String)
        case failed(String)
    }

    /// One turn, on the worker thread: the microphone first (no microphone loads no model), then
    /// the model (first turn only), then listening until the speaker stops, `stop()` or 8 s.
    private static func turn(recognizer: VoiceRecognizer, device: String, live: LiveTurn, progress: @escaping @Sendable () -> Void) -> Outcome {
        var source: CaptureDevice
        do {
            source = try CaptureDevice(name: device)
        } catch {
            return .noMicrophone("No microphone: \(error.description). Voice is off; everything else works.")
        }
        do {
            try recognizer.prepare()
            live.loaded()
            progress()
            var lastShown = ContinuousClock.now
            let turn = try recognizer.listen(to: &source, level: { level in
                if live.stopRequested { recognizer.stop() }
                live.update(level: level)
                // The screen is told at most every 50 ms, and never twice before it has drawn.
                let now = ContinuousClock.now
                if now - lastShown >= .milliseconds(50), live.markPosted() {
                    lastShown = now
                    progress()
                }
            }, partial: { words in
                live.update(partial: words)
                if live.markPosted() { progress() }
            })
            return .turn(turn)
        } catch {
            return .failed("Voice is off: \(error.description).")
        }
    }

    /// The worker's latest level and words reach the prompt bar.
    private func showProgress() {
        guard listening != nil else { return }
        listening = live.take()
        session.changed()
    }

    private func finish(_ outcome: Outcome) {
        guard !isShutDown else { return }
        worker?.join(timeout: 1)
        worker = nil
        listening = nil
        let result: VoiceResult
        switch outcome {
        case .turn(let turn):
            result = turn.heard.map(VoiceResult.heard) ?? turn.unsure.map(VoiceResult.unsure) ?? .notHeard
        case .noMicrophone(let reason), .failed(let reason):
            if !pinnedNotice {
                pinnedNotice = true
                session.post(notice: reason, pinned: true)
            }
            result = .unavailable(reason)
        }
        let reply = onTurnEnded(result)
        let waiters = waiting
        waiting = []
        for waiter in waiters { waiter(Ending(result: result, reply: reply)) }
        session.changed()
    }
}

/// What the worker thread shares with the loop during a turn: the latest level and partial
/// hypothesis, whether the loop has been told of them, and a stop asked for before listening began.
private final class LiveTurn: Sendable {
    private struct State {
        var listening = DashboardSnapshot.Listening(isLoading: true)
        var posted = false
        var stopRequested = false
    }

    private let state = Mutex(State())

    func reset() { state.withLock { $0 = State() } }
    func loaded() { state.withLock { $0.listening.isLoading = false } }
    func update(level: Double) { state.withLock { $0.listening.level = level } }
    func update(partial: String) { state.withLock { $0.listening.partial = partial } }
    func requestStop() { state.withLock { $0.stopRequested = true } }
    var stopRequested: Bool { state.withLock { $0.stopRequested } }

    /// Marks the state as posted to the loop; false when a post is already waiting.
    func markPosted() -> Bool {
        state.withLock { state in
            defer { state.posted = true }
            return !state.posted
        }
    }

    /// The state for the screen; the next change may be posted again.
    func take() -> DashboardSnapshot.Listening {
        state.withLock { state in
            state.posted = false
            return state.listening
        }
    }
}

/// A weak reference to the player's voice that a mailbox closure can carry.
///
/// `@unchecked Sendable`: the closures that hold it run on the loop's thread, the voice's own,
/// and only there is the reference read.
private final class VoiceReference: @unchecked Sendable {
    weak var object: PlayerVoice?

    init(_ object: PlayerVoice) { self.object = object }
}
