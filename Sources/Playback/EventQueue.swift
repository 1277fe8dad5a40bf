import Synchronization

/// A bounded queue of events from the audio threads to the owner.
///
/// Its storage is reserved up front, so posting does not allocate; posting takes a short lock
/// and then calls the owner's wake-up callback, which must not block (writing a byte to a pipe
/// is the intended use). When the owner does not read for a long time the oldest events are
/// dropped and counted.
final class EventQueue: Sendable {
    private struct Storage {
        var slots: [PlaybackEvent?]
        var head = 0
        var count = 0
        var dropped = 0
    }

    private let storage: Mutex<Storage>
    private let wake: @Sendable () -> Void

    init(capacity: Int = 256, wake: @escaping @Sendable () -> Void) {
        storage = Mutex(Storage(slots: Array(repeating: nil, count: capacity)))
        self.wake = wake
    }

    func post(_ kind: PlaybackEvent.Kind) {
        post(PlaybackEvent(kind))
    }

    func post(_ event: PlaybackEvent) {
        storage.withLock { queue in
            let capacity = queue.slots.count
            if queue.count == capacity {
                queue.slots[queue.head] = nil
                queue.head = (queue.head + 1) % capacity
                queue.count -= 1
                queue.dropped += 1
            }
            queue.slots[(queue.head + queue.count) % capacity] = event
            queue.count += 1
        }
        wake()
    }

    func next() -> PlaybackEvent? {
        storage.withLock { queue in
            guard queue.count > 0 else { return nil }
            let event = queue.slots[queue.head]
            queue.slots[queue.head] = nil
            queue.head = (queue.head + 1) % queue.slots.count
            queue.count -= 1
            return event
        }
    }

    /// How many events were dropped because the queue was full.
    var droppedCount: Int { storage.withLock { $0.dropped } }
}
