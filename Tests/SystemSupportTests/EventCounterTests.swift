import Glibc
import SystemSupport
import Testing

@Suite("An eventfd counter")
struct EventCounterTests {
    func isReadable(_ counter: EventCounter) -> Bool {
        var entry = pollfd(fd: counter.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    @Test("poll sees it readable after a signal and not after a reset")
    func signalAndReset() throws {
        let counter = try EventCounter()
        #expect(!isReadable(counter))
        counter.signal()
        counter.signal()
        #expect(isReadable(counter))
        counter.reset()
        #expect(!isReadable(counter))
        counter.reset()  // never blocks, even at zero
        #expect(!isReadable(counter))
    }
}
