@testable import cdchanger
import Foundation
import MainLoop
import Synchronization
import Testing

/// The gate the player's threads reach its main loop through: work asked for before a quit is done
/// before the quit's last step, and work asked for after it is refused at once.
@Suite("Loop gate")
struct LoopGateTests {
    /// A main loop running on a thread of its own until `finish()`.
    final class LoopThread: Sendable {
        /// Set to end the loop; its own timer looks.
        final class Flag: Sendable {
            let isSet = Atomic(false)
        }

        let mailbox: MainLoop.Mailbox
        private let finished = Flag()
        private let ended = DispatchSemaphore(value: 0)

        init() throws {
            let mailbox = Mutex<MainLoop.Mailbox?>(nil)
            let started = DispatchSemaphore(value: 0)
            let finished = self.finished, ended = self.ended
            Thread {
                defer { ended.signal() }
                guard let loop = try? MainLoop() else {
                    started.signal()
                    return
                }
                mailbox.withLock { $0 = loop.mailbox }
                loop.every(0.01) { if finished.isSet.load(ordering: .acquiring) { loop.stop() } }
                started.signal()
                loop.run()
            }.start()
            started.wait()
            self.mailbox = try #require(mailbox.withLock { $0 }, "the main loop could not start")
        }

        func finish() {
            finished.isSet.store(true, ordering: .releasing)
            ended.wait()
        }
    }

    @Test("work asked for before the close runs before the final step; after it, sync returns nil at once")
    func closeOrdersTheFinalStepLast() throws {
        let loop = try LoopThread()
        defer { loop.finish() }
        let gate = LoopGate(mailbox: loop.mailbox)
        #expect(gate.sync { 6 * 7 } == 42)

        // Hold the loop, so the next request waits in its queue when the gate closes.
        let held = DispatchSemaphore(value: 0)
        gate.post { held.wait() }
        let order = Mutex<[String]>([])
        let answered = DispatchSemaphore(value: 0)
        let answer = Mutex<Int?>(nil)
        Thread {
            let value = gate.sync { order.withLock { $0.append("request") }; return 1 }
            answer.withLock { $0 = value }
            answered.signal()
        }.start()
        usleep(100_000)  // the request is queued behind the held work
        gate.close { order.withLock { $0.append("final step") } }
        #expect(gate.sync { 2 } == nil)
        #expect(!gate.post { order.withLock { $0.append("too late") } })
        gate.close { order.withLock { $0.append("second close") } }
        held.signal()
        answered.wait()
        usleep(100_000)
        #expect(answer.withLock { $0 } == 1)
        #expect(order.withLock { $0 } == ["request", "final step"])
    }
}
