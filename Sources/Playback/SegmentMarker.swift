import AudioDecoding

/// Where a stretch of decoded audio in the ring begins or ends, and whose it is.
///
/// The decoder pushes a marker at the ring's write position before the bytes it describes;
/// the output thread meets it when its read position reaches `position`. Markers are plain
/// values (no references), so the ring stays free of reference counting and allocation.
struct SegmentMarker: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        /// The bytes that follow belong to `item`, decoded under `token`, in `format`, and the
        /// first of them is frame `firstFrame` of the item. A format change mid-item is a new `begin`.
        /// The audio starts on a whole frame of its format: `fillerBytes` unplayed bytes come first.
        case begin
        /// Everything of the item under `token` has been decoded; no more bytes follow for it.
        case end
        /// The item under `token` has nothing to play (it could not be opened, or a seek went past
        /// its end): it behaves as an item of zero frames.
        case empty
    }

    var kind: Kind
    /// Absolute byte position in the ring (bytes ever written before this marker).
    var position: UInt64
    /// The decode token: unique for each time an item is started or restarted (play, seek).
    var token: UInt64
    /// The caller's item id.
    var item: UInt64
    var format: AudioFormat
    var firstFrame: Int
    /// What the item's tags say about its loudness (the output thread applies it by the player's mode).
    var replayGain: ReplayGain

    static func begin(
        at position: UInt64, token: UInt64, item: UInt64, format: AudioFormat, firstFrame: Int, replayGain: ReplayGain = ReplayGain()
    ) -> SegmentMarker {
        SegmentMarker(kind: .begin, position: position, token: token, item: item, format: format, firstFrame: firstFrame, replayGain: replayGain)
    }

    static func end(at position: UInt64, token: UInt64, item: UInt64) -> SegmentMarker {
        SegmentMarker(kind: .end, position: position, token: token, item: item, format: noFormat, firstFrame: 0, replayGain: ReplayGain())
    }

    static func empty(at position: UInt64, token: UInt64, item: UInt64) -> SegmentMarker {
        SegmentMarker(kind: .empty, position: position, token: token, item: item, format: noFormat, firstFrame: 0, replayGain: ReplayGain())
    }

    /// For a `begin` marker, the bytes between it and its audio's first frame.
    var fillerBytes: Int { SegmentMarker.fillerBytes(at: position, frameBytes: format.bytesPerFrame) }

    /// The bytes from `position` to the next whole frame of `frameBytes`: audio in the ring
    /// starts on a frame boundary of its own format, so no frame ever straddles the ring's end
    /// (the ring's capacity is a multiple of every frame size the engine plays).
    static func fillerBytes(at position: UInt64, frameBytes: Int) -> Int {
        let size = UInt64(max(1, frameBytes))
        return Int((size - position % size) % size)
    }

    /// The format of `end` and `empty` markers, which no audio follows.
    private static let noFormat = AudioFormat(sampleRate: 0, channels: 0, sampleFormat: .signed16)
}
