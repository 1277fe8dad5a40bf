import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Turns signals into bytes on the loop's wake-up pipe: the handler does nothing but `write(2)`,
/// which is async-signal-safe, and the loop runs the real handler on its own thread.
enum SignalRelay {
    /// The pipe's write end, read by the C signal handler (an atomic, so the handler needs no lock).
    private static let descriptor = Atomic<Int32>(-1)

    static func install(_ signal: Int32, writingTo pipe: Int32) {
        descriptor.store(pipe, ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(SignalRelay.descriptor.load(ordering: .relaxed), &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        // A parent may have started us with the signal blocked (blocked masks are inherited).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }
}
