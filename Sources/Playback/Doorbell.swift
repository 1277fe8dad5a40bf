import Dispatch
import Synchronization

/// Puts one thread to sleep until another has something for it, without lost wake-ups and
/// without a system call on the waker's side while the sleeper is awake.
///
/// The sleeper announces itself, re-checks its condition and only then blocks on a semaphore;
/// a waker changes the condition first (with a sequentially consistent store) and then calls
/// `ring()`, which signals only if the sleeper announced itself. Either the sleeper sees the
/// new condition, or the waker sees the sleeper: one of the two always happens.
final class Doorbell: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let sleeping = Atomic<Bool>(false)

    /// Blocks until `ring()` is called, unless `ready()` is already true; returns at the latest
    /// after `timeout` nanoseconds when one is given. Says whether it returned because of the timeout.
    @discardableResult
    func sleep(unless ready: () -> Bool, timeoutNanoseconds timeout: UInt64? = nil) -> Bool {
        sleeping.store(true, ordering: .sequentiallyConsistent)
        if ready() {
            // Withdraw; if a waker got there first its signal must be consumed.
            if !sleeping.exchange(false, ordering: .sequentiallyConsistent) { semaphore.wait() }
            return false
        }
        guard let timeout else {
            semaphore.wait()
            return false
        }
        if semaphore.wait(timeout: .now() + .nanoseconds(Int(min(timeout, UInt64(Int.max))))) == .success { return false }
        if !sleeping.exchange(false, ordering: .sequentiallyConsistent) {
            semaphore.wait()
            return false
        }
        return true
    }

    /// Wakes the sleeper if it is asleep (or about to be); costs one atomic load otherwise.
    func ring() {
        guard sleeping.load(ordering: .sequentiallyConsistent) else { return }
        if sleeping.exchange(false, ordering: .sequentiallyConsistent) { semaphore.signal() }
    }
}
