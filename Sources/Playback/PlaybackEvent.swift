#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Something the player reports to its owner. Read them with `Player.nextEvent()` or
/// `Player.takeEvents()` after the wake-up callback fired.
public struct PlaybackEvent: Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The item's first frame was handed to the sink (it is heard after the device delay;
        /// `Player.position` accounts for that).
        case started(item: UInt64)
        /// The item's last frame was handed to the sink: it was decoded to its end.
        case finished(item: UInt64)
        /// Everything queued has been played: the sink was drained and nothing follows.
        case drained
        /// The item could not be played, or stopped early; `message` is ready to show, e.g.
        /// `Skipping "03 Foo.mp3": not an MP3 file`. A skipped item counts as zero frames long:
        /// the player goes on to the queued next item by itself.
        case skipped(item: UInt64, message: String)
        /// The item's exact length became known after playback began (a file without an info
        /// frame was scanned in the background).
        case lengthRefined(item: UInt64, frames: Int, sampleRate: Int)
        /// A message about the output for the user (see `Notice`).
        case notice(Notice)
    }

    /// A message about the output device.
    public struct Notice: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// The chosen device could not be opened; the player plays silently in real time.
            case silentFallback
            /// The device failed mid-track; the player paused. Resume to try again.
            case deviceLost
            /// A message ALSA itself printed (kept off stderr).
            case deviceMessage
            /// The WAV sink started a new file because the format changed.
            case newFile
        }

        public var kind: Kind
        public var message: String

        public init(kind: Kind, message: String) {
            self.kind = kind
            self.message = message
        }

        public var description: String { message }
    }

    public var kind: Kind
    /// When it happened, in nanoseconds of `CLOCK_MONOTONIC` (compare with `PlaybackEvent.now()`).
    public var time: UInt64

    public init(_ kind: Kind, time: UInt64 = PlaybackEvent.now()) {
        self.kind = kind
        self.time = time
    }

    /// The current `CLOCK_MONOTONIC` time in nanoseconds.
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    public var description: String {
        switch kind {
        case .started(let item): "started \(item)"
        case .finished(let item): "finished \(item)"
        case .drained: "drained"
        case .skipped(_, let message): message
        case .lengthRefined(let item, let frames, let rate): "length of \(item): \(frames) frames at \(rate) Hz"
        case .notice(let notice): notice.message
        }
    }
}

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
