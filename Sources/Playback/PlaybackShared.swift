import AudioDecoding
import Synchronization

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
    /// How the decoder thread opens files.
    let decoders: DecoderRegistry
    let decoderBell = Doorbell()
    let outputBell = PollingDoorbell()
    let events: EventQueue
    let positions = PositionStore()
    let volume = Atomic<Int>(100)
    let muted = Atomic<Bool>(false)
    /// `replayGainMode` as its raw value's index (an atomic holds no enum).
    private let replayGainModeIndex: Atomic<UInt8>
    let outputDescription: Mutex<String>
    private let decoderCommands = Mutex<[DecoderCommand]>([])
    private let pendingDecoderCommands = Atomic<Int>(0)

    /// The decoder is woken when at least this many bytes are free.
    var lowWater: Int { ring.capacity / 2 }
    /// A waiting output thread is woken when at least this many bytes are filled (or a marker came).
    var outputWakeBytes: Int { ring.capacity / 4 }

    /// The ring's overflow area takes the largest block a registered decoder hands over (the
    /// one that straddles the ring's end) after a segment's filler, and the ring holds at least
    /// two of them so that half of it free — when the decoder is woken — is room for one.
    init(output: OutputChoice, decoders: DecoderRegistry, ringBytes: Int, replayGain: ReplayGainMode, wake: @escaping @Sendable () -> Void) {
        let alignment = PCMRing.frameAlignment
        let block = (decoders.largestBlockBytes + alignment - 1) / alignment * alignment + alignment
        precondition(ringBytes >= 2 * block, "a ring of \(ringBytes) bytes can't hold two \(block)-byte blocks (with their filler)")
        control = Mutex(ControlState(output: output))
        self.decoders = decoders
        replayGainModeIndex = Atomic(PlaybackShared.index(of: replayGain))
        ring = PCMRing(capacity: ringBytes, overflow: block)
        events = EventQueue(wake: wake)
        outputDescription = Mutex(output.description)
    }

    /// Which ReplayGain the output thread applies (read before each write).
    var replayGainMode: ReplayGainMode {
        get {
            switch replayGainModeIndex.load(ordering: .relaxed) {
            case 0: .album
            case 1: .track
            default: .off
            }
        }
        set { replayGainModeIndex.store(PlaybackShared.index(of: newValue), ordering: .relaxed) }
    }

    private static func index(of mode: ReplayGainMode) -> UInt8 {
        switch mode {
        case .album: 0
        case .track: 1
        case .off: 2
        }
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
