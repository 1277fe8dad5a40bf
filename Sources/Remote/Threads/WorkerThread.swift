import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One POSIX thread running a closure, joined with a time limit.
///
/// Remote's threads call the app's closures, which the app runs on its main loop and waits
/// for. If the main loop itself asks such a thread to stop, a plain `pthread_join` could wait
/// for ever on a thread that waits for the loop; `join(timeout:)` gives up after the limit and
/// detaches the thread instead, which then ends on its own once the app's closure returns.
final class WorkerThread: Sendable {
    private let thread: pthread_t
    private let finished = DispatchSemaphore(value: 0)
    /// Whether the thread has been joined or detached (each may happen once).
    private let released = Mutex(false)

    /// Starts a thread that runs `body`.
    ///
    /// The corresponding C function is `pthread_create`.
    init(_ body: @escaping @Sendable () -> Void) throws(SystemFailure) {
        let finished = self.finished
        let work = Unmanaged.passRetained(Work {
            body()
            finished.signal()
        })
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            work.body()
            return nil
        }, work.toOpaque())
        guard result == 0 else {
            work.release()
            throw SystemFailure(call: "pthread_create", code: result)
        }
        self.thread = thread
    }

    deinit {
        release(join: false)
    }

    /// Waits up to `timeout` seconds for the thread to end; true if it ended and was joined.
    ///
    /// The corresponding C functions are `pthread_join`, or `pthread_detach` on timeout.
    @discardableResult
    func join(timeout: Double) -> Bool {
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

    /// The closure handed to the new thread through `pthread_create`'s context pointer.
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}

/// A failed system call inside Remote and its `errno`, before it is given a user-facing error.
struct SystemFailure: Error {
    var call: String
    var code: Int32
}
