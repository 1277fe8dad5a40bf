import MainLoop
import Synchronization

/// How the player's other threads (control-socket connections, the MPRIS dispatch thread) reach
/// the main loop, with a way to shut them out when the player quits.
///
/// While open, `sync` runs work on the loop and waits for it. `close(then:)` shuts the gate and
/// posts its final step behind every piece of work let through before, so that step can wait
/// for those threads without a deadlock: none of them is left waiting for the loop, and work
/// asked for after the close is refused at once (`sync` returns nil).
final class LoopGate: Sendable {
    private let mailbox: MainLoop.Mailbox
    private let isOpen = Mutex(true)

    init(mailbox: MainLoop.Mailbox) {
        self.mailbox = mailbox
    }

    /// Runs `work` on the loop and returns its result; nil, at once, once the gate is closed.
    /// Call it from another thread only.
    func sync<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Result? {
        let result = Mutex<Result?>(nil)
        let done = Semaphore()
        // Posting under the lock puts the work ahead of the final step of a close.
        let posted = isOpen.withLock { isOpen -> Bool in
            guard isOpen else { return false }
            mailbox.post {
                let value = work()
                result.withLock { $0 = value }
                done.signal()
            }
            return true
        }
        guard posted else { return nil }
        done.wait()
        return result.withLock { $0 }
    }

    /// Runs `work` on the loop soon, without waiting; false once the gate is closed.
    @discardableResult
    func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        isOpen.withLock { isOpen in
            if isOpen { mailbox.post(work) }
            return isOpen
        }
    }

    /// Closes the gate and runs `finalStep`, if given, on the loop after the work already let
    /// through. Only the first close counts; later ones do nothing.
    func close(then finalStep: (@Sendable () -> Void)? = nil) {
        isOpen.withLock { isOpen in
            guard isOpen else { return }
            isOpen = false
            if let finalStep { mailbox.post(finalStep) }
        }
    }
}
