#if canImport(Glibc)
import Glibc
#endif
import AudioDecoding

/// The output thread's work: take decoded audio from the ring, apply the volume and ReplayGain,
/// hand it to the sink in the sample format the sink takes, and report what was handed over and heard.
///
/// Lives on the output thread only, which owns the sink. At a marker it decides, under the
/// control lock, whether the audio that follows is still wanted (the current item, or the
/// queued next one, which makes it current: the gapless handover) or stale (a cancelled next
/// item, audio from before a seek), which it releases unplayed. The sink stays open across
/// items of one format; a new format drains the old audio and reconfigures it. In the steady
/// state a loop is: read a region, scale or convert it if the gain is not unity or the sink takes
/// another sample format (else the ring's memory goes to the sink as it is), write it without
/// blocking, release it; no allocation, one short lock for the position.
final class OutputWorker {
    private let shared: PlaybackShared
    private var choice: OutputChoice
    private var sink: (any AudioSink)?
    /// The format the open sink was configured for.
    private var sinkFormat: AudioFormat?
    /// The format the open sink takes: `sinkFormat`, or the same with another sample format
    /// (a device that plays only 16 bits gets 32-bit audio dithered down).
    private var deviceFormat = AudioFormat(sampleRate: 44_100, channels: 2, sampleFormat: .signed16)
    /// The format of the audio being played (the sink is opened for it when needed).
    private var format = AudioFormat(sampleRate: 44_100, channels: 2, sampleFormat: .signed16)
    /// Bytes at the read position to release unplayed before the segment's first frame.
    private var fillerBytes = 0
    /// The playing segment's ReplayGain tags (`gainInputs` is cleared when they change).
    private var replayGain = ReplayGain() {
        didSet { gainInputs = nil }
    }
    /// The gain the volume stage applies and what it was worked out from.
    private var gain = SampleScaler.unity
    private var gainInputs: (volume: Int, muted: Bool, mode: ReplayGainMode)?
    private var scaler = SampleScaler()
    /// Frames ever handed to the sink.
    private var sinkFrames: UInt64 = 0
    /// Whether the sink holds audio written since the last drain or drop.
    private var sinkHasAudio = false
    /// The item whose audio is being handed over, and its decode token.
    private var playingToken: UInt64?
    private var playingItem: UInt64 = 0
    /// Whether the audio at the read position is unwanted (released unplayed).
    private var stale = true
    /// Whether the playing item's end was reached.
    private var ended = false
    /// Whether `started` is still to be reported, at the item's first write.
    private var startPending = false
    private var paused = false
    private var shuttingDown = false
    private var seenVersion: UInt64 = .max
    private var seenFlush: UInt64 = 0
    private var seenOutputGeneration: UInt64 = 0
    /// Audio handed to a paced sink per write at most, in seconds: more than an ALSA buffer
    /// (200 ms), so whatever room the device has takes one write (each write costs a pass
    /// through ALSA's plugin chain). Commands never wait for it: writes don't block.
    private let chunkSeconds = 0.4
    /// Bytes handed to a fast (unpaced) sink per write at most; also the most a paced write
    /// takes (0.4 s of 192 kHz 32-bit stereo, 614,400 bytes, fits).
    private let fastChunkBytes = 640 * 1024
    /// Where the volume stage writes: twice the largest chunk, as 16-bit audio widened for a
    /// 32-bit-only device doubles in size.
    private let scratch: UnsafeMutableRawBufferPointer
    /// Poll slots: the doorbell's own, then the sink's descriptors.
    private let slots: UnsafeMutableBufferPointer<pollfd>
    /// How long an idle ALSA device stays open after playback stopped or ran dry.
    private let lingerNanoseconds: UInt64 = 10_000_000_000

    /// Makes the sink for a choice (`SinkRegistry.makeSink`, unless a test gives its own).
    private let makeSink: (OutputChoice) -> any AudioSink

    init(shared: PlaybackShared, output: OutputChoice, makeSink: @escaping (OutputChoice) -> any AudioSink) {
        self.shared = shared
        self.makeSink = makeSink
        choice = output
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * fastChunkBytes, alignment: 16)
        slots = UnsafeMutableBufferPointer<pollfd>.allocate(capacity: 17)
        slots.initialize(repeating: pollfd())
    }

    deinit {
        scratch.deallocate()
        slots.deallocate()
    }

    func run() {
        // Open a sound device now, at the commonest format, so the first play doesn't pay for
        // ALSA's configuration parsing; a wrong guess costs one reopen.
        if case .alsa = choice.sink { openSink() }
        while true {
            if controlChanged { _ = applyControl() }
            if shuttingDown { break }
            if paused {
                sleep(until: nil, unless: { controlChanged })
                continue
            }
            let ring = shared.ring
            let published = ring.publishedPosition()
            let marker = ring.peekMarker()
            if let marker, marker.position == ring.readPosition {
                handle(marker)
                ring.popMarker()
                shared.decoderBell.ring()
                continue
            }
            let region = ring.readableRegion(limit: choice.fast ? fastChunkBytes : pacedChunkBytes, end: min(published, marker?.position ?? .max))
            if region.count == 0 {
                waitForAudio()
                continue
            }
            if stale {
                release(region.count)
                continue
            }
            if fillerBytes > 0 {
                let skipped = min(fillerBytes, region.count)
                fillerBytes -= skipped
                release(skipped)
                continue
            }
            play(region)
        }
        sink?.close()
        sink = nil
    }

    /// `chunkSeconds` of the playing format, in whole frames.
    private var pacedChunkBytes: Int {
        let frameBytes = format.bytesPerFrame
        return min(fastChunkBytes / frameBytes, Int(Double(format.sampleRate) * chunkSeconds)) * frameBytes
    }

    private var controlChanged: Bool {
        shared.controlVersion.load(ordering: .sequentiallyConsistent) != seenVersion
    }

    // MARK: Control

    /// Applies changes from the caller; false when shutting down.
    private func applyControl() -> Bool {
        seenVersion = shared.controlVersion.load(ordering: .sequentiallyConsistent)
        let state = shared.control.withLock { $0 }
        if state.shuttingDown {
            shuttingDown = true
            return false
        }
        if state.flushGeneration != seenFlush { flush(to: state.flushGeneration) }
        if state.outputGeneration != seenOutputGeneration {
            seenOutputGeneration = state.outputGeneration
            // What the old device still holds is cut: playback moves on at once.
            closeSink()
            choice = state.output
            shared.outputDescription.withLock { $0 = state.output.description }
            if playingToken != nil || choice.sink != .null { openSink() }
        }
        if state.paused != paused {
            paused = state.paused
            if paused {
                sink?.pause()
                shared.positions.update(sinkFrames: sinkFrames, delay: sink?.delayFrames() ?? 0, running: false)
            } else {
                do {
                    if sink == nil, playingToken != nil { openSink() }
                    try sink?.resume()
                } catch {
                    deviceLost(error)
                }
            }
        }
        return true
    }

    /// A play, seek or stop happened: drop what the sink holds, and treat the ring's audio as
    /// stale until a marker of the new queue comes.
    private func flush(to generation: UInt64) {
        seenFlush = generation
        sink?.drop()
        sinkHasAudio = false
        stale = true
        fillerBytes = 0
        playingToken = nil
        ended = false
        startPending = false
        shared.positions.clear()
    }

    // MARK: Markers

    private func handle(_ marker: SegmentMarker) {
        // The caller changes the queue and then tells this thread; the decoder may be quicker
        // with the new item's first marker than that message. So a marker is always judged
        // against the latest flush: one short lock per marker.
        let generation = shared.control.withLock { $0.flushGeneration }
        if generation != seenFlush { flush(to: generation) }
        switch marker.kind {
        case .begin:
            if !stale, playingToken == marker.token {
                // A format change inside the item.
                useFormat(marker.format)
                fillerBytes = marker.fillerBytes
                shared.positions.begin(token: marker.token, item: marker.item, firstFrame: marker.firstFrame, sampleRate: marker.format.sampleRate, replayGain: marker.replayGain)
                return
            }
            guard claim(marker.token) else {
                stale = true
                return
            }
            playingToken = marker.token
            playingItem = marker.item
            stale = false
            ended = false
            startPending = true
            useFormat(marker.format)
            fillerBytes = marker.fillerBytes
            replayGain = marker.replayGain
            shared.positions.begin(token: marker.token, item: marker.item, firstFrame: marker.firstFrame, sampleRate: marker.format.sampleRate, replayGain: marker.replayGain)
        case .end:
            guard !stale, playingToken == marker.token else { return }
            if startPending {
                startPending = false
                shared.events.post(.started(item: playingItem))
            }
            shared.events.post(.finished(item: playingItem))
            ended = true
        case .empty:
            guard claim(marker.token) else { return }
            playingToken = marker.token
            playingItem = marker.item
            stale = true
            fillerBytes = 0
            ended = true
            startPending = false
        }
    }

    /// Whether audio under `token` is wanted: it is the current item's, or the queued next
    /// item's, which then becomes current (the handover).
    private func claim(_ token: UInt64) -> Bool {
        shared.control.withLock { state in
            if state.current?.token == token { return true }
            guard let next = state.upcoming.first, next.token == token else { return false }
            state.previous = state.current
            state.current = state.upcoming.removeFirst()
            return true
        }
    }

    // MARK: Idle

    /// Nothing to read: drain if the queue ran dry, else sleep until the decoder or the caller
    /// has something (closing an idle sound device after a while).
    private func waitForAudio() {
        if ended, let token = playingToken {
            let dry = shared.control.withLock { state in
                guard state.current?.token == token, state.upcoming.isEmpty else { return false }
                state.previous = nil
                state.current = nil
                return true
            }
            if dry {
                playingToken = nil
                ended = false
                stale = true
                // A play, seek or stop during the drain makes this queue's end moot.
                if drainSink() {
                    shared.positions.clear()
                    shared.events.post(.drained)
                }
                return
            }
        }
        let lingers = playingToken == nil && sink is ALSASink
        let deadline = lingers ? PlaybackEvent.now() + lingerNanoseconds : nil
        sleep(until: deadline, unless: { shared.ring.hasContent() || controlChanged })
        if let deadline, PlaybackEvent.now() >= deadline, playingToken == nil, !shared.ring.hasContent() {
            closeSink()
        }
    }

    // MARK: Playing

    private func play(_ region: UnsafeRawBufferPointer) {
        if sink == nil || sinkFormat != format { openSink() }
        guard let sink else { return }
        let frameBytes = format.bytesPerFrame
        let room: Int
        do {
            room = try sink.room()
        } catch {
            deviceLost(error)
            return
        }
        let regionFrames = region.count / frameBytes
        if room < min(sink.minimumWrite, regionFrames) {
            waitForRoom(in: sink)
            return
        }
        let piece = UnsafeRawBufferPointer(rebasing: region[0..<(min(regionFrames, room) * frameBytes)])
        updateGain()
        var data = piece
        if gain != SampleScaler.unity || deviceFormat.sampleFormat != format.sampleFormat {
            let written = scaler.process(piece, as: format.sampleFormat, gain: gain, into: scratch, as: deviceFormat.sampleFormat)
            data = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(scratch)[0..<written])
        }
        let handedAt = PlaybackEvent.now()
        let taken: Int
        do {
            taken = try sink.write(data)
        } catch {
            // The region stays in the ring: it is played again on resume.
            deviceLost(error)
            return
        }
        if taken > 0 {
            if startPending {
                startPending = false
                shared.events.post(PlaybackEvent(.started(item: playingItem), time: handedAt))
            }
            sinkHasAudio = true
            let frames = taken / deviceFormat.bytesPerFrame
            sinkFrames += UInt64(frames)
            release(frames * frameBytes)
            shared.positions.update(sinkFrames: sinkFrames, delay: sink.delayFrames(), running: true)
        }
        if let notice = sink.takeNotice() { shared.events.post(.notice(notice)) }
    }

    /// Works out the volume stage's gain again when the volume, mute, the ReplayGain mode or the
    /// segment's tags changed since the last write (a few atomic loads otherwise).
    private func updateGain() {
        let volume = shared.volume.load(ordering: .relaxed)
        let muted = shared.muted.load(ordering: .relaxed)
        let mode = shared.replayGainMode
        if let inputs = gainInputs, inputs.volume == volume, inputs.muted == muted, inputs.mode == mode { return }
        gainInputs = (volume, muted, mode)
        let factor = Volume.factor(percent: volume, muted: muted) * replayGain.factor(for: mode)
        gain = factor == 1 ? SampleScaler.unity : SampleScaler.gain(factor)
    }

    /// Sleeps until the sink has room (its descriptors or deadline) or the caller has news.
    private func waitForRoom(in sink: any AudioSink) {
        let descriptors = UnsafeMutableBufferPointer(rebasing: slots[1...])
        var (count, deadline) = sink.waitCondition(descriptors: descriptors)
        // Never sleep without a way to wake: look again soon.
        if count == 0, deadline == nil { deadline = PlaybackEvent.now() + 10_000_000 }
        shared.outputBell.sleep(unless: { controlChanged }, slots: slots, count: 1 + count, deadline: deadline)
        if count > 0 { sink.acknowledge(UnsafeMutableBufferPointer(rebasing: slots[1...count])) }
    }

    /// Plays out what the sink holds, waiting as for room; false when a play, seek or stop
    /// came meanwhile (the audio was dropped instead).
    private func drainSink() -> Bool {
        guard let sink, sinkHasAudio else { return true }
        let generation = seenFlush
        sink.beginDrain()
        while !sink.isDrained() {
            if controlChanged {
                if !applyControl() { return false }
                if seenFlush != generation { return false }
                continue
            }
            waitForRoom(in: sink)
        }
        sinkHasAudio = false
        return true
    }

    /// Sleeps on the doorbell alone, until `deadline` if one is given.
    private func sleep(until deadline: UInt64?, unless ready: () -> Bool) {
        shared.outputBell.sleep(unless: ready, slots: slots, count: 1, deadline: deadline)
    }

    private func release(_ count: Int) {
        shared.ring.release(count)
        if shared.ring.freeBytes() >= shared.lowWater { shared.decoderBell.ring() }
    }

    // MARK: The sink

    /// Plays `newFormat` from now on: after draining what the sink holds in the old one.
    private func useFormat(_ newFormat: AudioFormat) {
        format = newFormat
        guard sink != nil, sinkFormat != newFormat else { return }
        _ = drainSink()
        openSink()
    }

    /// Makes the sink ready for `format`; when the chosen device can't be used, falls back to a
    /// silent real-time sink with a notice, so playback goes on.
    private func openSink() {
        do {
            let candidate = sink ?? makeSink(choice)
            deviceFormat = try candidate.configure(format)
            sink = candidate
            sinkFormat = format
            shared.outputDescription.withLock { $0 = candidate.description }
            if let notice = candidate.takeNotice() { shared.events.post(.notice(notice)) }
        } catch {
            sink?.close()
            let fallback = NullSink(paced: !choice.fast, label: "silent (no sound device)")
            deviceFormat = fallback.configure(format)
            sink = fallback
            sinkFormat = format
            shared.outputDescription.withLock { $0 = fallback.description }
            let message: String
            if case .alsa = choice.sink {
                message = "No sound device (\(error.message)): playing silently. Choose one with --device."
            } else {
                message = "\(error.message) Playing silently instead."
            }
            shared.events.post(.notice(PlaybackEvent.Notice(kind: .silentFallback, message: message)))
        }
    }

    private func closeSink() {
        sink?.close()
        sink = nil
        sinkFormat = nil
        sinkHasAudio = false
    }

    /// The device failed mid-track: close it, pause, and tell the user; resume reopens it.
    private func deviceLost(_ error: SinkError) {
        closeSink()
        paused = true
        shared.control.withLock { $0.paused = true }
        shared.positions.update(sinkFrames: sinkFrames, delay: 0, running: false)
        shared.events.post(.notice(PlaybackEvent.Notice(
            kind: .deviceLost,
            message: "Sound device lost (\(error.message)): paused. Resume to try again, or choose another output (cdchanger output DEVICE).")))
    }
}
