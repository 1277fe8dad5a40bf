import CSystemShim
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One named POSIX thread running a closure, joined by its owner with or without a time limit.
///
/// The name (Linux keeps its first 15 bytes) is what `top -H` and debuggers show. A thread whose
/// closure waits for the main loop must not be joined for ever by the main loop itself:
/// `join(timeout:)` gives up after the limit and detaches it instead, and it ends on its own once
/// its closure returns. A thread nobody joined is detached when the value goes away.
///
/// ```swift
/// let decoder = try WorkerThread(name: "cdc-decoder") { worker.run() }
/// …
/// decoder.join()
/// ```
///
/// The corresponding C functions are `pthread_create`, `pthread_join`, `pthread_detach` and
/// (through the shim) `prctl(PR_SET_NAME)`.
public final class WorkerThread: Sendable {
    private let thread: pthread_t
    /// Signalled when the closure has returned.
    private let finished = DispatchSemaphore(value: 0)
    /// Whether the thread has been joined or detached (only one of them, once).
    private let released = Mutex(false)

    /// Starts a thread named `name` that runs `body`.
    public init(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
        let finished = self.finished
        let start = Unmanaged.passRetained(ThreadStart(name: name) {
            body()
            finished.signal()
        })
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            let start = Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue()
            cdc_set_thread_name(start.name)
            start.body()
            return nil
        }, start.toOpaque())
        guard result == 0 else {
            start.release()
            throw SystemCallError(call: "pthread_create", code: result)
        }
        self.thread = thread
    }

    deinit {
        release(join: false)
    }

    /// Waits for the closure to return, however long it takes.
    public func join() {
        finished.wait()
        finished.signal()  // a later join returns at once
        release(join: true)
    }

    /// Waits up to `timeout` seconds for the closure to return; true if it did and the thread was
    /// joined, false if the thread was detached to end on its own.
    @discardableResult
    public func join(timeout: Double) -> Bool {
        let ended = finished.wait(timeout: .now() + timeout) == .success
        if ended { finished.signal() }  // a later join returns at once
        release(join: ended)
        return ended
    }

    private func release(join: Bool) {
        let first = released.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        if join {
            pthread_join(thread, nil)
        } else {
            pthread_detach(thread)
        }
    }
}

/// What a new thread needs, handed over through `pthread_create`'s context pointer.
private final class ThreadStart: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
