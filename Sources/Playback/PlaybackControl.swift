import Synchronization

/// An item to play: the caller's opaque id and the file's path as raw bytes (names need not be UTF-8).
public struct PlaybackItem: Sendable, Hashable {
    public var id: UInt64
    public var path: [UInt8]

    public init(id: UInt64, path: [UInt8]) {
        self.id = id
        self.path = path
    }

    public init(id: UInt64, path: String) {
        self.init(id: id, path: Array(path.utf8))
    }

    /// The file's name for messages: the last path component, invalid UTF-8 repaired.
    public var displayName: String {
        let name = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last.map(Array.init) ?? path
        return String(decoding: name, as: UTF8.self)
    }
}

/// Where to start in an item.
public enum PlaybackOffset: Sendable, Hashable {
    case start
    case seconds(Double)
    case frames(Int)

    /// The offset in frames at `sampleRate`.
    func frames(at sampleRate: Int) -> Int {
        switch self {
        case .start: 0
        case .seconds(let seconds): max(0, Int((seconds * Double(sampleRate)).rounded()))
        case .frames(let frames): max(0, frames)
        }
    }
}

/// An item as the decoder is asked to decode it: with its decode token and starting offset.
struct DecodeJob: Sendable {
    var item: PlaybackItem
    /// Unique for every start of an item (play, seek, queue): marks its audio in the ring.
    var token: UInt64
    var offset: PlaybackOffset
}

/// What the decoder thread is told to do. Commands are applied in order.
enum DecoderCommand: Sendable {
    /// Abandon everything, decode `job`, then the `upcoming` items in order.
    case play(DecodeJob, upcoming: [DecodeJob])
    /// The queue after the current item changed: abandon the items under the `cancelled`
    /// tokens (if one is being decoded, stop it) and decode `added` after the rest.
    case replaceUpcoming(cancelled: [UInt64], added: [DecodeJob])
    /// Abandon everything and close the file.
    case stop
    /// Leave the thread.
    case shutdown
}

/// The queue as the output thread hears it, changed under one lock by the caller's commands
/// and by the output thread when it crosses from one item to the next.
struct ControlState {
    /// The item being handed to the sink (or about to be, after a play or seek).
    var current: DecodeJob?
    /// The items queued to follow `current` gaplessly, in order.
    var upcoming: [DecodeJob] = []
    /// The item before `current`, still audible for a device delay after a handover.
    var previous: DecodeJob?
    var lastToken: UInt64 = 0
    /// Bumped by play, seek and stop: the output drops the device buffer and the ring's old audio.
    var flushGeneration: UInt64 = 0
    var paused = false
    var output: OutputChoice
    var outputGeneration: UInt64 = 0
    var shuttingDown = false

    mutating func makeToken() -> UInt64 {
        lastToken += 1
        return lastToken
    }
}

/// Everything the caller's threads, the decoder thread and the output thread share.
final class PlaybackShared: Sendable {
    let control: Mutex<ControlState>
    /// Bumped after every change to `control` the output thread must notice.
    let controlVersion = Atomic<UInt64>(0)
    let ring: PCMRing
    let decoderBell = Doorbell()
    let outputBell = PollingDoorbell()
    let events: EventQueue
    let positions = PositionStore()
    let volume = Atomic<Int>(100)
    let muted = Atomic<Bool>(false)
    let outputDescription: Mutex<String>
    private let decoderCommands = Mutex<[DecoderCommand]>([])
    private let pendingDecoderCommands = Atomic<Int>(0)

    /// The decoder is woken when at least this many bytes are free.
    var lowWater: Int { ring.capacity / 2 }
    /// A waiting output thread is woken when at least this many bytes are filled (or a marker came).
    var outputWakeBytes: Int { ring.capacity / 4 }

    init(output: OutputChoice, ringBytes: Int, wake: @escaping @Sendable () -> Void) {
        control = Mutex(ControlState(output: output))
        ring = PCMRing(capacity: ringBytes)
        events = EventQueue(wake: wake)
        outputDescription = Mutex(output.description)
    }

    /// Queues a command for the decoder (call it while holding `control`, so commands keep the
    /// order of the state changes) and wakes the decoder.
    func send(_ command: DecoderCommand) {
        decoderCommands.withLock { $0.append(command) }
        pendingDecoderCommands.add(1, ordering: .sequentiallyConsistent)
        decoderBell.ring()
    }

    var hasDecoderCommands: Bool { pendingDecoderCommands.load(ordering: .sequentiallyConsistent) > 0 }

    func takeDecoderCommands() -> [DecoderCommand] {
        let commands = decoderCommands.withLock { queue in
            let taken = queue
            queue.removeAll(keepingCapacity: true)
            return taken
        }
        pendingDecoderCommands.subtract(commands.count, ordering: .sequentiallyConsistent)
        return commands
    }

    /// Tells the output thread that `control` changed.
    func controlChanged() {
        controlVersion.add(1, ordering: .sequentiallyConsistent)
        outputBell.ring()
    }
}
