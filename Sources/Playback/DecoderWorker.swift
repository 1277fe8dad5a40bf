#if canImport(Glibc)
import Glibc
#endif
import AudioDecoding
import SystemSupport

/// The decoder thread's work: open the item it is told to, decode it straight into the ring,
/// mark where each item begins and ends, go on to the queued next item, and sleep while the
/// ring is full.
///
/// Lives on the decoder thread only; it learns what to do from `DecoderCommand`s alone. Files
/// are opened with the decoder the registry names for their extension (libmpg123 for MP3).
/// It decodes in large reads and sleeps until half the ring is free, so it wakes a few times a
/// minute while playing. Exact lengths of files whose length is only estimated (an MP3 without
/// an info frame) are measured after the first audio is out and while the ring is full.
final class DecoderWorker {
    /// One item being decoded.
    private struct Active {
        let decoder: any AudioDecoder
        var job: DecodeJob
        var format: AudioFormat
        /// What the item's tags say about its loudness, for its begin markers.
        let replayGain: ReplayGain
        /// The item frame the next decoded frame has.
        var frame: Int
        /// The frame the pending `begin` marker will announce; nil once it was pushed.
        var beginAt: Int?
        var framesDecoded = 0
        var lengthIsExact: Bool
        var scanned = false
        var reads = 0
    }

    private let shared: PlaybackShared
    private var active: Active?
    /// Items to decode after the active one, in order.
    private var pending: [DecodeJob] = []
    /// Markers waiting for a free marker slot, oldest first.
    private var markers: [SegmentMarker] = []
    /// The largest read into the ring (the first read of an item stops at its first audio, for a quick start).
    private let readBytes = 128 * 1024
    /// The sample formats the volume stage and the sinks take; audio in another is refused with a reason.
    static let playableSampleFormats: [AudioFormat.SampleFormat] = [.signed16, .signed32]

    init(shared: PlaybackShared) {
        self.shared = shared
        markers.reserveCapacity(8)
    }

    func run() {
        while true {
            if shared.hasDecoderCommands, !applyCommands() { return }
            if !pushWaitingMarkers() {
                shared.decoderBell.sleep(unless: { shared.hasDecoderCommands || shared.ring.hasMarkerSpace() })
                continue
            }
            if active == nil {
                if !pending.isEmpty {
                    start(pending.removeFirst())
                } else {
                    shared.decoderBell.sleep(unless: { shared.hasDecoderCommands })
                }
                continue
            }
            decodeStep()
        }
    }

    // MARK: Commands

    /// Applies the queued commands; false on shutdown.
    private func applyCommands() -> Bool {
        for command in shared.takeDecoderCommands() {
            switch command {
            case .play(let job, let upcoming):
                markers.removeAll(keepingCapacity: true)
                pending = upcoming
                if var current = active, current.job.item == job.item, reposition(&current, job: job) {
                    active = current
                } else {
                    active = nil
                    start(job)
                }
            case .replaceUpcoming(let cancelled, let added):
                if let token = active?.job.token, cancelled.contains(token) { active = nil }
                markers.removeAll { cancelled.contains($0.token) }
                pending.removeAll { cancelled.contains($0.token) }
                pending.append(contentsOf: added)
            case .stop:
                active = nil
                pending.removeAll()
                markers.removeAll(keepingCapacity: true)
            case .shutdown:
                active = nil
                return false
            }
        }
        return true
    }

    // MARK: Starting an item

    private func start(_ job: DecodeJob) {
        let decoder: any AudioDecoder
        do {
            decoder = try shared.decoders.open(job.item.path)
        } catch {
            skip(job, reason: DecoderWorker.reason(for: job.item.path, error: error))
            return
        }
        let format = decoder.format
        if let refusal = DecoderWorker.refusal(of: format) {
            skip(job, reason: refusal)
            return
        }
        var current = Active(
            decoder: decoder, job: job, format: format, replayGain: decoder.tags.replayGain, frame: 0, beginAt: 0, lengthIsExact: decoder.length.isExact)
        publishLength(of: current)
        let target = job.offset.frames(at: format.sampleRate)
        if target > 0 {
            guard reposition(&current, job: job) else {
                // Past the end: the item has nothing left to play.
                queue(.empty(at: 0, token: job.token, item: job.item.id))
                return
            }
        }
        active = current
    }

    /// Moves an open item to the job's offset under the job's token; false when it can't (past the end).
    private func reposition(_ current: inout Active, job: DecodeJob) -> Bool {
        let target = job.offset.frames(at: current.format.sampleRate)
        if let length = current.decoder.length.frames, current.lengthIsExact, target >= length { return false }
        guard let landed = try? current.decoder.seek(toFrame: target) else { return false }
        current.job = job
        current.frame = landed
        current.beginAt = landed
        current.framesDecoded = 0
        current.reads = 0
        publishLength(of: current)
        return true
    }

    private func publishLength(of current: Active) {
        shared.positions.setLength(token: current.job.token, frames: current.decoder.length.frames ?? 0, exact: current.lengthIsExact)
    }

    /// Reports an item that can't be played and lets the output treat it as zero frames long.
    private func skip(_ job: DecodeJob, reason: String) {
        shared.events.post(.skipped(item: job.item.id, message: "Skipping \"\(job.item.displayName)\": \(reason)"))
        queue(.empty(at: 0, token: job.token, item: job.item.id))
    }

    // MARK: Decoding

    private func decodeStep() {
        guard var current = active else { return }
        let ring = shared.ring
        if ring.freeBytes() < readBytes / 4 {
            // Full: a good moment for slow work, then sleep until half the ring is free.
            if !current.lengthIsExact, !current.scanned, current.framesDecoded > 0 {
                current.scanned = true
                active = current
                scanForLength(current)
                return
            }
            shared.decoderBell.sleep(unless: { shared.hasDecoderCommands || ring.freeBytes() >= shared.lowWater })
            return
        }
        if current.beginAt != nil, !ring.hasMarkerSpace() {
            shared.decoderBell.sleep(unless: { shared.hasDecoderCommands || ring.hasMarkerSpace() })
            return
        }
        // Decode block by block straight into the ring (the decoder writes where the audio
        // goes), up to a batch; each block needs room for the decoder's largest. A new segment
        // starts on a whole frame of its format: filler bytes before it, if needed.
        let block = type(of: current.decoder).largestBlockBytes
        let frameBytes = current.format.bytesPerFrame
        let filler = current.beginAt == nil ? 0 : SegmentMarker.fillerBytes(at: ring.writePosition, frameBytes: frameBytes)
        let region = ring.writableRegionAcrossEnd(limit: readBytes, minimum: filler + block)
        guard region.count > 0 else {
            shared.decoderBell.sleep(unless: { shared.hasDecoderCommands || ring.freeBytes() >= shared.lowWater })
            active = current
            return
        }
        var decoded = filler
        var status = DecodeResult.Status.decoded
        while status == .decoded, region.count - decoded >= block, !shared.hasDecoderCommands {
            let result = current.decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: region[decoded...]))
            decoded += result.bytes
            status = result.status
            if current.reads == 0, decoded > filler { break }
        }
        current.reads += 1
        let audio = decoded - filler
        if audio > 0 {
            // The begin marker goes in only once there is audio to follow it, at the position
            // where that audio (after its filler) starts; it is not published until `commit`.
            let begins = current.beginAt != nil
            if let frame = current.beginAt {
                ring.push(.begin(
                    at: ring.writePosition, token: current.job.token, item: current.job.item.id, format: current.format, firstFrame: frame,
                    replayGain: current.replayGain))
                current.beginAt = nil
            }
            ring.commit(decoded)
            current.frame += audio / frameBytes
            current.framesDecoded += audio / frameBytes
            // Wake a waiting output thread for a good batch, not for every read (markers
            // always wake it): while playing in real time the output is never waiting on the
            // ring, and played as fast as possible this saves hundreds of thread switches.
            if begins || ring.filledBytes() >= shared.outputWakeBytes { shared.outputBell.ring() }
        }
        switch status {
        case .decoded:
            active = current
        case .newFormat:
            current.format = current.decoder.format
            current.beginAt = current.frame
            if let refusal = DecoderWorker.refusal(of: current.format) {
                finish(current, failure: refusal)
            } else {
                active = current
            }
        case .finished:
            finish(current, failure: nil)
        case .failed:
            finish(current, failure: "the \(type(of: current.decoder).formatName) data is damaged")
        }
    }

    /// Ends the active item: an end marker after its audio; an empty marker (and a skip notice,
    /// for a file that never produced audio) when it had none.
    private func finish(_ current: Active, failure: String?) {
        active = nil
        let job = current.job
        let startedAtBeginning = job.offset.frames(at: current.format.sampleRate) == 0
        if current.framesDecoded == 0 {
            if startedAtBeginning {
                skip(job, reason: failure ?? "there is no audio in it")
            } else {
                queue(.empty(at: 0, token: job.token, item: job.item.id))
            }
            return
        }
        if let failure {
            shared.events.post(.skipped(item: job.item.id, message: "Skipping the rest of \"\(job.item.displayName)\": \(failure)"))
        }
        queue(.end(at: 0, token: job.token, item: job.item.id))
        if !current.lengthIsExact, startedAtBeginning {
            // Decoded from start to end: now the length is known exactly.
            shared.positions.setLength(token: job.token, frames: current.frame, exact: true)
            if !current.scanned {
                shared.events.post(.lengthRefined(item: job.item.id, frames: current.frame, sampleRate: current.format.sampleRate))
            }
        }
    }

    /// Has the decoder read the whole file once more (on its own handle) to learn its exact length.
    private func scanForLength(_ current: Active) {
        guard let frames = try? current.decoder.measureExactLength() else { return }
        shared.positions.setLength(token: current.job.token, frames: frames, exact: true)
        shared.events.post(.lengthRefined(item: current.job.item.id, frames: frames, sampleRate: current.format.sampleRate))
    }

    // MARK: Markers

    /// Queues a marker to go into the ring at the write position as soon as a slot is free.
    private func queue(_ marker: SegmentMarker) {
        markers.append(marker)
        _ = pushWaitingMarkers()
    }

    /// Pushes waiting markers; false while some still wait for a slot.
    private func pushWaitingMarkers() -> Bool {
        let ring = shared.ring
        while let first = markers.first {
            guard ring.hasMarkerSpace() else { return false }
            var marker = first
            marker.position = ring.writePosition
            ring.push(marker)
            markers.removeFirst()
            shared.outputBell.ring()
        }
        return true
    }

    // MARK: Reasons

    /// Why a file could not be opened, in words for the user: what is wrong with the file
    /// itself if anything, else the decoder's reason ("not an MP3 file").
    static func reason(for path: [UInt8], error: DecoderError) -> String {
        let status: FileSystem.Status
        do {
            status = try FileSystem.status(of: path, followingLinks: true)
        } catch let failure {
            return failure.code == ENOENT ? "the file is gone" : "can't read it (\(failure.reason))"
        }
        if status.isDirectory { return "it is a folder, not a file" }
        if status.size == 0 { return "the file is empty" }
        do {
            try FileSystem.checkAccess(path, for: .read)
        } catch let failure {
            return "can't read it (\(failure.reason))"
        }
        return error.reason
    }

    /// Why audio in `format` can't be played, or nil when it can: the sinks take signed 16- or
    /// 32-bit samples, one or two channels (decoders downmix more), at a rate above zero.
    static func refusal(of format: AudioFormat) -> String? {
        if !playableSampleFormats.contains(format.sampleFormat) { return "its samples are \(format.sampleFormat), which the player can't output" }
        if !(1...2).contains(format.channels) { return "its audio has \(format.channels) channels, which the player can't output" }
        if format.sampleRate <= 0 { return "its sample rate is \(format.sampleRate) Hz" }
        return nil
    }
}
