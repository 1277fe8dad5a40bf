import Foundation
import MainLoop
import Synchronization
import Testing

@Suite("The main loop")
struct MainLoopTests {
    @Test("work posted from other threads runs on the loop's thread, in order")
    func postedWork() throws {
        let loop = try MainLoop()
        let loopThread = pthread_self()
        let seen = Mutex<[Int]>([])
        let onLoop = Mutex(true)
        let mailbox = loop.mailbox
        Thread.detachNewThread {
            for number in 1...5 {
                mailbox.post {
                    seen.withLock { $0.append(number) }
                    if pthread_equal(pthread_self(), loopThread) == 0 { onLoop.withLock { $0 = false } }
                }
            }
        }
        loop.every(0.01) { if seen.withLock({ $0.count }) == 5 { loop.stop() } }
        loop.run()
        #expect(seen.withLock { $0 } == [1, 2, 3, 4, 5])
        #expect(onLoop.withLock { $0 })
    }

    @Test("sync runs work on the loop and returns its result to the waiting thread")
    func syncReturnsResult() throws {
        let loop = try MainLoop()
        let mailbox = loop.mailbox
        let answer = Mutex<Int?>(nil)
        Thread.detachNewThread {
            let value = mailbox.sync { 6 * 7 }
            answer.withLock { $0 = value }
            mailbox.post { }
        }
        loop.every(0.005) { if answer.withLock({ $0 }) != nil { loop.stop() } }
        loop.run()
        #expect(answer.withLock { $0 } == 42)
    }

    @Test("timers fire repeatedly at about their interval")
    func timers() throws {
        let loop = try MainLoop()
        var ticks = 0
        let start = Date()
        loop.every(0.02) {
            ticks += 1
            if ticks == 5 { loop.stop() }
        }
        loop.run()
        let elapsed = Date().timeIntervalSince(start)
        #expect(ticks == 5)
        #expect(elapsed >= 0.09)
        #expect(elapsed < 2)
    }

    @Test("a readable descriptor calls its handler")
    func readable() throws {
        let loop = try MainLoop()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var received: [UInt8] = []
        loop.watch(ends[0]) {
            var byte: UInt8 = 0
            if read(ends[0], &byte, 1) == 1 { received.append(byte) }
            if received.count == 2 { loop.stop() }
        }
        var bytes: [UInt8] = [7, 9]
        #expect(write(ends[1], &bytes, 2) == 2)
        loop.run()
        #expect(received == [7, 9])
    }

    @Test("a signal runs its handler on the loop, not in the signal handler")
    func signals() throws {
        let loop = try MainLoop()
        var handled = false
        loop.onSignal(SIGUSR1) {
            handled = true
            loop.stop()
        }
        loop.every(0.01) { kill(getpid(), SIGUSR1) }
        loop.run()
        #expect(handled)
    }

    @Test("a plain wake from another thread runs the wake handlers on the loop")
    func wakeHandlers() throws {
        let loop = try MainLoop()
        var wakes = 0
        loop.onWake {
            wakes += 1
            loop.stop()
        }
        let mailbox = loop.mailbox
        Thread.detachNewThread { mailbox.wake() }
        loop.run()
        #expect(wakes == 1)
    }

    @Test("a timer's action may cancel other timers and add new ones")
    func timersChangedByActions() throws {
        let loop = try MainLoop()
        var fired: [String] = []
        var second = 0
        loop.every(0.01) {
            fired.append("first")
            loop.cancelTimer(second)
            loop.every(0.01) {
                fired.append("added")
                loop.stop()
            }
        }
        second = loop.every(0.01) { fired.append("second") }
        loop.run()
        #expect(fired.first == "first")
        #expect(!fired.contains("second"))
        #expect(fired.contains("added"))
    }
}
