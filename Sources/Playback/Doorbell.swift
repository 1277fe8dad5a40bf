#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import SystemSupport

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

    /// Blocks until `ring()` is called, unless `ready()` is already true.
    func sleep(unless ready: () -> Bool) {
        sleeping.store(true, ordering: .sequentiallyConsistent)
        if ready() {
            // Withdraw; if a waker got there first its signal must be consumed.
            if !sleeping.exchange(false, ordering: .sequentiallyConsistent) { semaphore.wait() }
            return
        }
        semaphore.wait()
    }

    /// Wakes the sleeper if it is asleep (or about to be); costs one atomic load otherwise.
    func ring() {
        guard sleeping.load(ordering: .sequentiallyConsistent) else { return }
        if sleeping.exchange(false, ordering: .sequentiallyConsistent) { semaphore.signal() }
    }
}

/// A `Doorbell` for the output thread, which must also wait for the sound device (its poll
/// descriptors) and for deadlines (real-time pacing, draining).
///
/// Wraps one `EventCounter` (an `eventfd`), polled beside the device's descriptors: a waker
/// signals it only when the sleeper announced itself, as with `Doorbell`. The corresponding C
/// function is `poll`.
final class PollingDoorbell: Sendable {
    private let counter: EventCounter
    private let sleeping = Atomic<Bool>(false)

    init() {
        do {
            counter = try EventCounter()
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Sleeps until `ring()`, until one of `slots[1...]` is ready (slot 0 is this doorbell's own,
    /// filled in here), or until `deadline` (`CLOCK_MONOTONIC` nanoseconds) — unless `ready()`
    /// is already true. `count` is how many slots are in use, its own included.
    func sleep(unless ready: () -> Bool, slots: UnsafeMutableBufferPointer<pollfd>, count: Int, deadline: UInt64?) {
        sleeping.store(true, ordering: .sequentiallyConsistent)
        if ready() {
            sleeping.store(false, ordering: .sequentiallyConsistent)
            return
        }
        slots[0] = pollfd(fd: counter.descriptor, events: Int16(POLLIN), revents: 0)
        var timeout: Int32 = -1
        if let deadline {
            let now = PlaybackEvent.now()
            // Round up: waking a little late costs nothing, waking early costs a spin.
            timeout = deadline > now ? Int32(min(60_000, (deadline - now + 999_999) / 1_000_000)) : 0
        }
        let result = poll(slots.baseAddress, nfds_t(count), timeout)
        sleeping.store(false, ordering: .sequentiallyConsistent)
        if result > 0, slots[0].revents & Int16(POLLIN) != 0 { counter.reset() }
    }

    /// Wakes the sleeper if it is asleep (or about to be); costs one atomic load otherwise.
    func ring() {
        guard sleeping.load(ordering: .sequentiallyConsistent) else { return }
        if sleeping.exchange(false, ordering: .sequentiallyConsistent) { counter.signal() }
    }
}
