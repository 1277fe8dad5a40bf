#if canImport(Glibc)
import Glibc
#endif
import CSystemShim

/// A joinable POSIX thread running one closure: the decoder and the output each run on one.
///
/// The corresponding C functions are `pthread_create`, `pthread_join` and (through the shim)
/// `prctl(PR_SET_NAME)`.
struct AudioThread: Sendable {
    private let thread: pthread_t

    /// Starts `body` on a new thread named `name` (Linux keeps the first 15 bytes; `top -H` shows it).
    init(name: String, body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            let start = Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue()
            cdc_set_thread_name(start.name)
            start.body()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        self.thread = thread
    }

    /// Waits for the thread to finish.
    func join() {
        _ = pthread_join(thread, nil)
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
