import Dispatch
import Foundation
import Synchronization
import SystemSupport
import Testing

@Suite("A named worker thread")
struct WorkerThreadTests {
    @Test("runs its closure under its name, and join waits for it")
    func runsNamed() throws {
        let seen = Mutex<String?>(nil)
        let thread = try WorkerThread(name: "cdc-test-named") {
            Thread.sleep(forTimeInterval: 0.05)
            let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            seen.withLock { $0 = name }
        }
        thread.join()
        #expect(seen.withLock { $0 } == "cdc-test-named\n")
        thread.join()  // a second join returns at once
    }

    @Test("Linux keeps the first 15 bytes of a long name")
    func longName() throws {
        let seen = Mutex<String?>(nil)
        let thread = try WorkerThread(name: "cdc-a-very-long-thread-name") {
            seen.withLock { $0 = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) }
        }
        thread.join()
        #expect(seen.withLock { $0 } == "cdc-a-very-long\n")
    }

    @Test("join with a time limit gives up on a busy thread, which still ends on its own")
    func joinWithTimeout() throws {
        let release = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let thread = try WorkerThread(name: "cdc-test-busy") {
            release.wait()
            ended.signal()
        }
        #expect(thread.join(timeout: 0.05) == false)
        release.signal()
        #expect(ended.wait(timeout: .now() + 5) == .success)
    }

    @Test("join with a time limit joins a thread that ends in time")
    func joinInTime() throws {
        let ran = Atomic(false)
        let thread = try WorkerThread(name: "cdc-test-quick") { ran.store(true, ordering: .relaxed) }
        #expect(thread.join(timeout: 5))
        let didRun = ran.load(ordering: .relaxed)
        #expect(didRun)
        #expect(thread.join(timeout: 0))
    }
}
