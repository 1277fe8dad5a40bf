import AudioDecoding
import Synchronization

/// The shared record behind `Player.position`.
///
/// The output thread notes where each item begins in the stream of frames handed to the sink
/// ("sink frames") and, after every write, how many sink frames there are and how many of them
/// the device still holds. A reader maps "sink frames minus delay", advanced by the time since
/// that note while playing, back to an item and a frame within it. The decoder adds lengths.
/// All storage is fixed-size and reserved up front, so updating never allocates.
final class PositionStore: Sendable {
    struct Segment {
        var token: UInt64 = 0
        var item: UInt64 = 0
        var sinkStart: UInt64 = 0
        var firstFrame = 0
        var sampleRate = 0
        var replayGain = ReplayGain()
    }

    struct Length {
        var token: UInt64 = 0
        var frames = 0
        var exact = false
    }

    private struct State {
        var segments = [Segment](repeating: Segment(), count: 8)
        var segmentCount = 0
        var newestSegment = -1
        var lengths = [Length](repeating: Length(), count: 8)
        var newestLength = -1
        var sinkFrames: UInt64 = 0
        var delay = 0
        var updatedAt: UInt64 = 0
        var running = false

        /// The newest segment that had begun by sink frame `heard` (the oldest kept, if none).
        func segment(heardAt heard: UInt64) -> Segment {
            var chosen = segments[newestSegment]
            for step in 0..<segmentCount {
                chosen = segments[(newestSegment - step + segments.count) % segments.count]
                if chosen.sinkStart <= heard { break }
            }
            return chosen
        }
    }

    private let state = Mutex(State())

    /// The output thread starts handing over `item` (decode `token`) at the current sink frame.
    func begin(token: UInt64, item: UInt64, firstFrame: Int, sampleRate: Int, replayGain: ReplayGain) {
        state.withLock { state in
            let slot = (state.newestSegment + 1) % state.segments.count
            state.segments[slot] = Segment(
                token: token, item: item, sinkStart: state.sinkFrames, firstFrame: firstFrame, sampleRate: sampleRate, replayGain: replayGain)
            state.newestSegment = slot
            state.segmentCount = min(state.segments.count, state.segmentCount + 1)
        }
    }

    /// After a write (or pause, drain, drop): frames handed to the sink so far and the device delay.
    func update(sinkFrames: UInt64, delay: Int, running: Bool) {
        let now = PlaybackEvent.now()
        state.withLock { state in
            state.sinkFrames = sinkFrames
            state.delay = delay
            state.updatedAt = now
            state.running = running
        }
    }

    /// Nothing is being heard any more (stop, or the queue ran dry).
    func clear() {
        state.withLock { state in
            state.segmentCount = 0
            state.running = false
            state.delay = 0
        }
    }

    /// The decoder learned the length of the item decoded under `token`.
    func setLength(token: UInt64, frames: Int, exact: Bool) {
        state.withLock { state in
            if let index = state.lengths.firstIndex(where: { $0.token == token }) {
                state.lengths[index] = Length(token: token, frames: frames, exact: exact)
                return
            }
            let slot = (state.newestLength + 1) % state.lengths.count
            state.lengths[slot] = Length(token: token, frames: frames, exact: exact)
            state.newestLength = slot
        }
    }

    /// The position now, or nil when nothing is being played.
    func position() -> PlaybackPosition? {
        let now = PlaybackEvent.now()
        return state.withLock { state -> PlaybackPosition? in
            guard state.segmentCount > 0 else { return nil }
            var heard = state.sinkFrames &- UInt64(min(state.delay, Int(state.sinkFrames)))
            if state.running, now > state.updatedAt {
                // The sink plays at the newest segment's rate (a format change drains first).
                let rate = UInt64(max(1, state.segments[state.newestSegment].sampleRate))
                heard = min(state.sinkFrames, heard + (now - state.updatedAt) * rate / 1_000_000_000)
            }
            let chosen = state.segment(heardAt: heard)
            let elapsed = chosen.firstFrame + Int(heard >= chosen.sinkStart ? heard - chosen.sinkStart : 0)
            let length = state.lengths.first(where: { $0.token == chosen.token && $0.frames > 0 })
            return PlaybackPosition(
                item: chosen.item, elapsedFrames: elapsed, sampleRate: chosen.sampleRate,
                lengthFrames: length?.frames, lengthIsExact: length?.exact ?? false, isRunning: state.running, replayGain: chosen.replayGain)
        }
    }

    /// The decode token of the segment being heard, for seeking within it.
    func heardToken() -> UInt64? {
        state.withLock { state in
            guard state.segmentCount > 0 else { return nil }
            let heard = state.sinkFrames &- UInt64(min(state.delay, Int(state.sinkFrames)))
            let chosen = state.segment(heardAt: heard)
            return chosen.token
        }
    }
}
