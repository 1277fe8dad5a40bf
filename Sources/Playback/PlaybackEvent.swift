#if canImport(Glibc)
import Glibc
#endif

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
