import AudioDecoding
import BuiltInDecoders
import Synchronization
import SystemSupport

/// The audio engine: plays audio files gaplessly through a sink, driven by commands from any
/// thread, reporting through events.
///
/// Two threads do the work: a decoder thread (the registry's decoder for each file's type —
/// libmpg123 for MP3, libFLAC, libvorbisfile, libopusfile: gapless, stereo, the file's own rate
/// and sample format) fills a preallocated ring buffer; an output thread drains it into the sink,
/// through the volume stage (volume and ReplayGain).
/// Commands never wait for either thread: they change a small locked state, queue a command
/// for the decoder and ring a doorbell. Events come back through a bounded queue; the
/// `onEvent` callback is called (on an audio thread) whenever one was posted, and must not
/// block — write a byte to a pipe, signal a semaphore — then read them with `nextEvent()`.
///
/// ```
/// let player = Player(output: .standard) { wakeUpPipe.signal() }
/// player.play(PlaybackItem(id: 1, path: "/music/01.mp3"), next: PlaybackItem(id: 2, path: "/music/02.mp3"))
/// // on .started(item: 2): player.setNext(PlaybackItem(id: 3, path: "/music/03.mp3"))
/// ```
///
/// Items are heard in this order: `play(x, next: y)` plays x then y with no gap; after y
/// started, `setNext` queues what follows it (or queue several at once with
/// `play(_:from:then:)` and `setQueue`). A skipped item counts as zero frames long: the next
/// queued item follows. When nothing is queued after the last item, `.drained` comes once the
/// sink played everything.
public final class Player: Sendable {
    private let shared: PlaybackShared
    private let threads: Mutex<[WorkerThread]>

    /// Starts the decoder and output threads. Files are opened with `decoders` (chosen by their
    /// extension). `ringBytes` is the decoded-audio buffer (the default, 1 MiB, holds about 6 s
    /// of 44.1 kHz 16-bit stereo), a multiple of 8; it must hold at least two of the largest
    /// block a decoder hands over. `replayGain` is applied from each file's tags.
    public convenience init(
        output: OutputChoice = .standard, decoders: DecoderRegistry = .builtIn, ringBytes: Int = 1 << 20,
        replayGain: ReplayGainMode = .album, onEvent: @escaping @Sendable () -> Void = {}
    ) {
        self.init(output: output, decoders: decoders, ringBytes: ringBytes, replayGain: replayGain, makeSink: SinkRegistry.makeSink, onEvent: onEvent)
    }

    /// A player whose output thread makes its sinks with `makeSink` (tests give it sinks of their own).
    init(
        output: OutputChoice, decoders: DecoderRegistry, ringBytes: Int, replayGain: ReplayGainMode,
        makeSink: @escaping @Sendable (OutputChoice) -> any AudioSink, onEvent: @escaping @Sendable () -> Void
    ) {
        let shared = PlaybackShared(output: output, decoders: decoders, ringBytes: ringBytes, replayGain: replayGain, wake: onEvent)
        self.shared = shared
        do {
            let decoder = try WorkerThread(name: "cdc-decoder") { DecoderWorker(shared: shared).run() }
            let output = try WorkerThread(name: "cdc-output") { OutputWorker(shared: shared, output: output, makeSink: makeSink).run() }
            threads = Mutex([decoder, output])
        } catch {
            preconditionFailure("Can't start the audio threads: \(error)")
        }
    }

    deinit { shutdown() }

    // MARK: Commands

    /// Plays `item` from `offset` at once (dropping whatever was playing), with `next` queued
    /// to follow it gaplessly. Also ends a pause, unless `paused`: then the item is made ready
    /// and nothing is heard until `resume()`.
    public func play(_ item: PlaybackItem, from offset: PlaybackOffset = .start, next: PlaybackItem? = nil, paused: Bool = false) {
        play(item, from: offset, then: next.map { [$0] } ?? [], paused: paused)
    }

    /// Plays `item` from `offset` at once, with `upcoming` queued to follow it gaplessly, in order
    /// (paused, when `paused`).
    public func play(_ item: PlaybackItem, from offset: PlaybackOffset = .start, then upcoming: [PlaybackItem], paused: Bool = false) {
        shared.control.withLock { state in
            let job = DecodeJob(item: item, token: state.makeToken(), offset: offset)
            let queue = upcoming.map { DecodeJob(item: $0, token: state.makeToken(), offset: .start) }
            state.previous = nil
            state.current = job
            state.upcoming = queue
            state.flushGeneration += 1
            state.paused = paused
            shared.send(.play(job, upcoming: queue))
        }
        shared.controlChanged()
    }

    /// Replaces (or, with nil, clears) the item queued after the current one. If the decoder had
    /// already begun the old next item, its audio is discarded; the current item plays on
    /// untouched. Ignored when nothing is playing (use `play` then).
    public func setNext(_ item: PlaybackItem?) {
        setQueue(item.map { [$0] } ?? [])
    }

    /// Replaces the items queued after the current one. Items that stay at the head of the queue
    /// keep what was decoded of them; the audio of removed items is discarded. Ignored when
    /// nothing is playing.
    public func setQueue(_ items: [PlaybackItem]) {
        let changed = shared.control.withLock { state -> Bool in
            guard state.current != nil else { return false }
            var kept = 0
            while kept < min(items.count, state.upcoming.count), state.upcoming[kept].item == items[kept] { kept += 1 }
            if kept == items.count, kept == state.upcoming.count { return false }
            let cancelled = state.upcoming[kept...].map(\.token)
            let added = items[kept...].map { DecodeJob(item: $0, token: state.makeToken(), offset: .start) }
            state.upcoming.removeSubrange(kept...)
            state.upcoming.append(contentsOf: added)
            shared.send(.replaceUpcoming(cancelled: cancelled, added: added))
            return true
        }
        if changed { shared.controlChanged() }
    }

    /// Pauses; the device keeps its place (or replays what it dropped), so nothing is lost.
    public func pause() { setPaused(true) }

    /// Resumes after `pause` (or after the device was lost: it is reopened).
    public func resume() { setPaused(false) }

    private func setPaused(_ paused: Bool) {
        shared.control.withLock { $0.paused = paused }
        shared.controlChanged()
    }

    /// Stops: the decoder closes its file, the device's buffer is dropped. An ALSA device stays
    /// open (silent, not running) for 10 s so that a following play starts at once, then closes.
    public func stop() {
        shared.control.withLock { state in
            state.previous = nil
            state.current = nil
            state.upcoming.removeAll()
            state.flushGeneration += 1
            state.paused = false
            shared.send(.stop)
        }
        shared.controlChanged()
    }

    /// Moves within the item being heard to `offset`: the device and ring buffers are dropped
    /// and decoding restarts there (on the open file when the decoder still has it). The
    /// queued next item stays queued. A position past the end goes on to the next item.
    public func seek(to offset: PlaybackOffset) {
        let heard = shared.positions.heardToken()
        shared.control.withLock { state in
            guard var target = state.current else { return }
            var following = state.upcoming.map(\.item)
            if let previous = state.previous, previous.token == heard {
                // Just after a handover the previous item is still what the user hears.
                following.insert(target.item, at: 0)
                target = previous
            }
            let job = DecodeJob(item: target.item, token: state.makeToken(), offset: offset)
            let queue = following.map { DecodeJob(item: $0, token: state.makeToken(), offset: .start) }
            state.previous = nil
            state.current = job
            state.upcoming = queue
            state.flushGeneration += 1
            shared.send(.play(job, upcoming: queue))
        }
        shared.controlChanged()
    }

    /// Moves `seconds` forward (or back, when negative) from the heard position.
    public func seek(by seconds: Double) {
        guard let position = shared.positions.position() else { return }
        let target = max(0, position.elapsedFrames + Int((seconds * Double(position.sampleRate)).rounded()))
        seek(to: .frames(target))
    }

    /// Software volume, 0–100 % (see `Volume` for the curve); heard after the device buffer.
    public var volume: Int {
        get { shared.volume.load(ordering: .relaxed) }
        set { shared.volume.store(max(0, min(100, newValue)), ordering: .relaxed) }
    }

    /// Which ReplayGain is applied from the files' tags (album, track or off); a change is heard
    /// after the device buffer, like the volume.
    public var replayGain: ReplayGainMode {
        get { shared.replayGainMode }
        set { shared.replayGainMode = newValue }
    }

    /// Silence without forgetting the volume.
    public var isMuted: Bool {
        get { shared.muted.load(ordering: .relaxed) }
        set { shared.muted.store(newValue, ordering: .relaxed) }
    }

    /// Switches to another sink; what is playing continues there.
    public func setOutput(_ output: OutputChoice) {
        shared.control.withLock { state in
            state.output = output
            state.outputGeneration += 1
        }
        shared.controlChanged()
    }

    /// Stops the threads and closes the sink (a WAV file gets its final header). The player
    /// can't be used afterwards. Called by `deinit` too.
    public func shutdown() {
        let joinable = threads.withLock { threads in
            let taken = threads
            threads.removeAll()
            return taken
        }
        guard !joinable.isEmpty else { return }
        shared.control.withLock { state in
            state.shuttingDown = true
            shared.send(.shutdown)
        }
        shared.controlChanged()
        for thread in joinable { thread.join() }
    }

    // MARK: State and events

    /// The next event, or nil when none is waiting.
    public func nextEvent() -> PlaybackEvent? { shared.events.next() }

    /// All waiting events, oldest first.
    public func takeEvents() -> [PlaybackEvent] {
        var events: [PlaybackEvent] = []
        while let event = shared.events.next() { events.append(event) }
        return events
    }

    /// What is heard now and how far into it (device delay subtracted), with the item's length;
    /// nil when nothing is playing. Cheap: one short lock, no call into the threads.
    public var position: PlaybackPosition? { shared.positions.position() }

    /// The output in words: "alsa:default", "silent (no sound device)", "wav:/tmp/x.wav".
    public var outputDescription: String { shared.outputDescription.withLock { $0 } }

    /// Whether the player is paused (by `pause`, or because the device was lost).
    public var isPaused: Bool { shared.control.withLock { $0.paused } }

    /// The id of the item being handed to the sink or about to be (nil when stopped or drained).
    public var currentItem: UInt64? { shared.control.withLock { $0.current?.item.id } }

    /// A one-line summary of the engine's internals, for diagnostics: the ring's fill, markers
    /// waiting, the queue's decode tokens and commands not yet taken by the decoder.
    public var diagnostics: String {
        let ring = shared.ring
        let control = shared.control.withLock { $0 }
        let queue = control.upcoming.map { "\($0.item.id)#\($0.token)" }.joined(separator: ",")
        return "ring \(ring.filledBytes())/\(ring.capacity) bytes, marker waiting: \(ring.peekMarker().map { "\($0.kind)#\($0.token)@\($0.position)" } ?? "none"), "
            + "read \(ring.readPosition), written \(ring.publishedPosition()); current \(control.current.map { "\($0.item.id)#\($0.token)" } ?? "none"), "
            + "upcoming [\(queue)], flush \(control.flushGeneration), paused \(control.paused), decoder commands waiting: \(shared.hasDecoderCommands), "
            + "control version \(shared.controlVersion.load(ordering: .relaxed)), events dropped unread: \(shared.events.droppedCount)"
    }

    /// The id of the item queued next.
    public var nextItem: UInt64? { shared.control.withLock { $0.upcoming.first?.item.id } }
}
