import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The app's main-thread loop: waits in `poll(2)` for readable file descriptors (the terminal, a
/// wake-up pipe), runs timers, and runs work posted from other threads through its `Mailbox`.
///
/// Everything registered here runs on the loop's thread, so UI and changer state need no locks.
/// Other threads (the audio engine, the control socket, D-Bus) talk to it only through `mailbox`.
public final class MainLoop {
    /// The thread-safe side of the loop: post work, run work and wait for its result, wake it.
    public let mailbox: Mailbox
    private var readers: [Int32: () -> Void] = [:]
    private var timers: [Timer] = []
    private var signalHandlers: [Int32: () -> Void] = [:]
    private var wakeHandlers: [() -> Void] = []
    private var running = false

    private struct Timer {
        var id: Int
        var interval: Double
        var due: Double
        var action: () -> Void
    }

    private var nextTimerID = 0

    public init() throws(SystemCallError) {
        mailbox = try Mailbox()
    }

    /// Calls `handler` on the loop whenever `descriptor` is readable (the handler must read it).
    public func watch(_ descriptor: Int32, handler: @escaping () -> Void) {
        readers[descriptor] = handler
    }

    public func unwatch(_ descriptor: Int32) {
        readers[descriptor] = nil
    }

    /// Calls `action` on the loop every `interval` seconds; returns an id for `cancelTimer`.
    @discardableResult
    public func every(_ interval: Double, _ action: @escaping () -> Void) -> Int {
        nextTimerID += 1
        timers.append(Timer(id: nextTimerID, interval: interval, due: MainLoop.now() + interval, action: action))
        return nextTimerID
    }

    public func cancelTimer(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Runs `handler` on the loop when the process receives `signal` (SIGINT, SIGTERM, SIGHUP…).
    /// The signal handler itself only writes the signal number to the wake-up pipe.
    public func onSignal(_ signal: Int32, _ handler: @escaping () -> Void) {
        signalHandlers[signal] = handler
        SignalRelay.install(signal, writingTo: mailbox.wakeDescriptor)
    }

    /// Runs `handler` on the loop after every `mailbox.wake()`: how a thread that must not allocate
    /// (the audio engine) says "I have news" — it only writes a byte to a pipe.
    public func onWake(_ handler: @escaping () -> Void) {
        wakeHandlers.append(handler)
    }

    /// Runs until `stop()` is called from a handler on the loop.
    public func run() {
        running = true
        var descriptors: [pollfd] = []
        while running {
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: mailbox.readDescriptor, events: Int16(POLLIN), revents: 0))
            for descriptor in readers.keys { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            let timeout = timers.map(\.due).min().map { max(0, Int32((($0 - MainLoop.now()) * 1000).rounded(.up))) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0, errno != EINTR { break }
            if ready > 0 {
                for entry in descriptors where entry.revents != 0 {
                    if entry.fd == mailbox.readDescriptor {
                        drainMailbox()
                    } else {
                        readers[entry.fd]?()
                    }
                    if !running { return }
                }
            }
            runDueTimers()
        }
    }

    /// Makes `run()` return after the current handler.
    public func stop() {
        running = false
    }

    private func drainMailbox() {
        let bytes = mailbox.takeWakeBytes()
        for signal in bytes where signal != 0 {
            signalHandlers[Int32(signal)]?()
        }
        for work in mailbox.takePosted() { work() }
        if bytes.contains(0) {
            for handler in wakeHandlers { handler() }
        }
    }

    private func runDueTimers() {
        let now = MainLoop.now()
        // An action may add or cancel timers, so each due timer is looked up again before it runs.
        for id in timers.filter({ $0.due <= now }).map(\.id) {
            guard let index = timers.firstIndex(where: { $0.id == id }) else { continue }
            timers[index].due = now + timers[index].interval
            timers[index].action()
            if !running { return }
        }
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The thread-safe entrance to the loop.
    public final class Mailbox: Sendable {
        let readDescriptor: Int32
        let wakeDescriptor: Int32
        private let posted = Mutex<[@Sendable () -> Void]>([])

        init() throws(SystemCallError) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw SystemCallError(call: "pipe", code: errno) }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            readDescriptor = ends[0]
            wakeDescriptor = ends[1]
        }

        deinit {
            close(readDescriptor)
            close(wakeDescriptor)
        }

        /// Runs `work` on the loop soon; returns at once. Safe from any thread.
        public func post(_ work: @escaping @Sendable () -> Void) {
            posted.withLock { $0.append(work) }
            wake()
        }

        /// Runs `work` on the loop and waits for its result. Call it from another thread only:
        /// on the loop's own thread it would wait for itself.
        public func sync<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Result {
            let done = Mutex<Result?>(nil)
            let signal = Semaphore()
            post {
                let result = work()
                done.withLock { $0 = result }
                signal.signal()
            }
            signal.wait()
            return done.withLock { $0! }
        }

        /// Wakes the loop without work: a cheap notification, e.g. "the engine has events".
        public func wake() {
            var zero: UInt8 = 0
            _ = write(wakeDescriptor, &zero, 1)
        }

        func takePosted() -> [@Sendable () -> Void] {
            posted.withLock { work in
                defer { work.removeAll() }
                return work
            }
        }

        /// Empties the wake-up pipe and returns the bytes (signal numbers, or 0 for a plain wake).
        func takeWakeBytes() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = read(readDescriptor, &buffer, buffer.count)
                if count <= 0 { break }
                bytes.append(contentsOf: buffer[0..<count])
            }
            return bytes
        }
    }
}
