import MainLoop
#if canImport(Glibc)
import Glibc
#endif

/// CD Changer's full-screen dashboard: the magazine rack, the slots, now playing, the prompt bar.
///
/// Create it with the host (the app's state and intents) and the main loop, then `start()`: it
/// takes over the terminal, reads keys when standard input is readable, redraws on SIGWINCH, and
/// refreshes once a second for the clock and the elapsed time. Call `setNeedsRedraw()` when the
/// changer's state changes; `stop()` gives the terminal back. Everything runs on the loop's thread.
///
/// ```swift
/// let dashboard = Dashboard(host: host, loop: loop)
/// try dashboard.start()
/// loop.run()          // until `q` (the host stops the loop) or SIGINT/SIGTERM/SIGHUP
/// dashboard.stop()
/// ```
public final class Dashboard {
    /// How many earlier sentences the prompt bar keeps (and asks the host to save).
    public static let promptHistoryLimit = 100

    /// How the dashboard sets itself up.
    public struct Options: Sendable {
        /// Colours when the terminal has them, unless `NO_COLOR` is set; or never.
        public var colors: ColorChoice
        /// Installs SIGINT, SIGTERM and SIGHUP handlers on the loop that quit like `q`
        /// (`host.perform(.quit)`), give the terminal back, and stop the loop.
        public var handlesTerminationSignals: Bool
        /// Redirects standard error to a pipe while the dashboard is open and shows its lines as
        /// notices, so no library's message lands on the screen.
        public var capturesStandardError: Bool
        public var clock: DashboardClock

        public init(colors: ColorChoice = .automatic, handlesTerminationSignals: Bool = true, capturesStandardError: Bool = true, clock: DashboardClock = .system) {
            self.colors = colors
            self.handlesTerminationSignals = handlesTerminationSignals
            self.capturesStandardError = capturesStandardError
            self.clock = clock
        }
    }

    public enum ColorChoice: Sendable {
        case automatic, never
    }

    private let host: any DashboardHost
    private let loop: MainLoop
    private let options: Options
    private let controller: DashboardController
    private var terminal: Terminal?
    private var capture: StandardErrorCapture?
    private var timer: Int?
    private var redrawPending = false

    public init(host: any DashboardHost, loop: MainLoop, options: Options = Options()) {
        self.host = host
        self.loop = loop
        self.options = options
        controller = DashboardController(host: host, clock: options.clock)
    }

    deinit { stop() }

    /// Whether the dashboard has the terminal.
    public var isActive: Bool { terminal != nil }

    /// Takes over the terminal and draws the first frame.
    /// Throws when standard input or output is not a terminal, or its type is unknown.
    public func start() throws(DashboardError) {
        guard terminal == nil else { return }
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        let terminal = try Terminal(color: options.colors == .automatic && !noColor)
        self.terminal = terminal
        controller.glyphs = terminal.glyphs
        if options.capturesStandardError, let capture = StandardErrorCapture() {
            self.capture = capture
            loop.watch(capture.descriptor) { [weak self] in self?.readStandardError() }
        }
        loop.watch(STDIN_FILENO) { [weak self] in self?.readKeys() }
        loop.onSignal(SIGWINCH) { [weak self] in self?.resize() }
        if options.handlesTerminationSignals {
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                loop.onSignal(signal) { [weak self, loop] in
                    self?.terminate()
                    loop.stop()
                }
            }
        }
        timer = loop.every(1) { [weak self] in self?.tick() }
        refresh()
    }

    /// Asks for a new frame soon (once, however often it is called before the loop gets to it).
    /// Call it on the loop's thread when the changer's state changed.
    public func setNeedsRedraw() {
        guard terminal != nil, !redrawPending else { return }
        redrawPending = true
        let reference = LoopReference(self)
        loop.mailbox.post { reference.object?.redrawIfPending() }
    }

    /// Draws a frame now from the host's current state.
    public func refresh() {
        guard let terminal else { return }
        redrawPending = false
        terminal.paint(controller.frame(width: terminal.width, height: terminal.height))
    }

    /// Gives the terminal back as it was (modes, cursor, standard error) and stops reading keys.
    /// Safe to call more than once, and from any exit path on the loop's thread.
    public func stop() {
        guard let terminal else { return }
        if let timer { loop.cancelTimer(timer) }
        timer = nil
        loop.unwatch(STDIN_FILENO)
        if let capture {
            loop.unwatch(capture.descriptor)
            for line in capture.takeLines() { controller.report(standardError: line) }
            capture.restore()
        }
        capture = nil
        terminal.close()
        self.terminal = nil
    }

    /// A voice turn ended (see `DashboardHost.toggleListening()`): what was heard is shown in the
    /// prompt bar and submitted exactly as a typed sentence is (answering an open question or
    /// choice), or the apology or reason is the bar's answer. Call it on the loop's thread.
    public func voiceTurnEnded(_ result: VoiceResult) {
        controller.voiceTurnEnded(result)
        refresh()
    }

    private func redrawIfPending() {
        if redrawPending { refresh() }
    }

    private func readKeys() {
        guard let terminal else { return }
        let keys = terminal.readKeys()
        if keys.isEmpty {
            if Dashboard.inputHungUp() {
                terminate()
                loop.stop()
            }
            return
        }
        handle(keys)
    }

    /// Handles keys in order, then draws the frame that shows their effect.
    private func handle(_ keys: [Key]) {
        guard let terminal else { return }
        for key in keys {
            if key == .resize { terminal.updateSize() }
            switch controller.handle(key) {
            case .quit:
                // The host saves the position and stops the loop; its caller then calls stop().
                refresh()
                return
            case .repaint:
                terminal.invalidate()
            case .handled, .ignored:
                break
            }
        }
        refresh()
    }

    /// Whether standard input has hung up (the terminal is gone): readable, but no key will come.
    private static func inputHungUp() -> Bool {
        var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) >= 0 else { return false }
        return entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// SIGWINCH: tell ncurses the new size (`resizeterm` also queues a KEY_RESIZE, read here with
    /// any keys typed meanwhile) and draw everything again.
    private func resize() {
        guard let terminal else { return }
        terminal.updateSize()
        terminal.invalidate()
        handle(terminal.readKeys())
    }

    private func tick() {
        if terminal != nil, controller.needsTimedFrame() { refresh() }
    }

    private func readStandardError() {
        guard let capture else { return }
        let lines = capture.takeLines()
        guard !lines.isEmpty else { return }
        for line in lines { controller.report(standardError: line) }
        refresh()
    }

    /// Quits as `q` does, then gives the terminal back.
    private func terminate() {
        guard terminal != nil else { return }
        _ = host.perform(.quit)
        stop()
    }
}

/// A weak reference to an object of the loop's thread (the dashboard, the loop) that a mailbox
/// closure can carry.
///
/// `@unchecked Sendable`: the mailbox runs posted work on the loop's thread, the thread these
/// objects live on, so the reference is only ever read there.
private final class LoopReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) { self.object = object }
}
