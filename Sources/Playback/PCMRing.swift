#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A preallocated single-producer, single-consumer ring of PCM bytes with a side ring of
/// segment markers.
///
/// The decoder thread is the only producer: it asks for a writable region, decodes straight
/// into it and commits; it pushes markers at item boundaries and format changes. The output
/// thread is the only consumer: it reads up to the next marker, hands the bytes to the sink and
/// releases them. Positions are absolute byte counts kept in atomics (release on publish,
/// acquire on read), so neither side takes a lock or allocates.
///
/// Stale audio (a cancelled next item, everything before a seek) is never flushed by the
/// producer: the consumer recognises it by its marker's token and releases it unplayed.
///
/// `@unchecked Sendable`: the storage is raw memory shared by exactly two threads, and every
/// byte and marker slot is owned by one side at a time: the producer owns the free part and the
/// consumer the filled part, and ownership moves only through the atomic positions.
final class PCMRing: @unchecked Sendable {
    /// Capacity in bytes.
    let capacity: Int
    /// Spare bytes after the end, so the producer can decode a whole block (an MP3 frame…) at
    /// the wrap point: what lands there is copied to the start on commit.
    let overflow: Int
    /// Capacity in markers.
    let markerCapacity: Int

    private let storage: UnsafeMutableRawPointer
    private let markers: UnsafeMutablePointer<SegmentMarker>
    /// Bytes published by the producer, ever.
    private let written = Atomic<UInt64>(0)
    /// Bytes released by the consumer, ever.
    private let released = Atomic<UInt64>(0)
    private let markersWritten = Atomic<UInt64>(0)
    private let markersReleased = Atomic<UInt64>(0)

    /// Every playable frame size (mono or stereo, 16 or 32 bits: 2, 4 or 8 bytes) divides this,
    /// and so must the capacity.
    static let frameAlignment = 8

    /// `overflow` is the most the producer writes past the end in one go: the largest block its
    /// decoders hand over (`DecoderRegistry.largestBlockBytes`) and the filler that may come
    /// before a segment's first frame, at most `capacity`.
    init(capacity: Int, overflow: Int, markerCapacity: Int = 64) {
        precondition(capacity > 0 && capacity % PCMRing.frameAlignment == 0, "the ring holds whole frames of every playable format")
        precondition(overflow >= 0 && overflow <= capacity)
        self.capacity = capacity
        self.overflow = overflow
        self.markerCapacity = markerCapacity
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity + overflow, alignment: 16)
        memset(storage, 0, capacity + overflow)
        markers = UnsafeMutablePointer<SegmentMarker>.allocate(capacity: markerCapacity)
        markers.initialize(repeating: .end(at: 0, token: 0, item: 0), count: markerCapacity)
    }

    deinit {
        markers.deinitialize(count: markerCapacity)
        markers.deallocate()
        storage.deallocate()
    }

    // MARK: Producer side (decoder thread)

    /// Bytes the producer may write now.
    func freeBytes() -> Int {
        capacity - Int(written.load(ordering: .relaxed) &- released.load(ordering: .sequentiallyConsistent))
    }

    /// The producer's write position (bytes ever written).
    var writePosition: UInt64 { written.load(ordering: .relaxed) }

    /// A contiguous writable region of at most `limit` bytes (rounded down to whole 4-byte frames);
    /// empty when the ring is full.
    func writableRegion(limit: Int) -> UnsafeMutableRawBufferPointer {
        let position = written.load(ordering: .relaxed)
        let index = Int(position % UInt64(capacity))
        let count = min(freeBytes(), capacity - index, limit) & ~3
        return UnsafeMutableRawBufferPointer(start: storage + index, count: max(0, count))
    }

    /// A writable region of at most `limit` bytes that may run past the end into the overflow
    /// area (`commit` moves that part to the start); empty when less than `minimum` is free.
    func writableRegionAcrossEnd(limit: Int, minimum: Int) -> UnsafeMutableRawBufferPointer {
        let position = written.load(ordering: .relaxed)
        let index = Int(position % UInt64(capacity))
        let count = min(freeBytes(), capacity - index + overflow, limit) & ~3
        guard count >= minimum else { return UnsafeMutableRawBufferPointer(start: storage + index, count: 0) }
        return UnsafeMutableRawBufferPointer(start: storage + index, count: count)
    }

    /// Publishes `count` bytes written into a region `writableRegion` or
    /// `writableRegionAcrossEnd` returned.
    func commit(_ count: Int) {
        precondition(count >= 0 && count <= freeBytes())
        let index = Int(written.load(ordering: .relaxed) % UInt64(capacity))
        if index + count > capacity {
            // Written past the end: the consumer reads it from the start.
            memcpy(storage, storage + capacity, index + count - capacity)
        }
        written.add(UInt64(count), ordering: .sequentiallyConsistent)
    }

    /// Whether a marker slot is free.
    func hasMarkerSpace() -> Bool {
        markersWritten.load(ordering: .relaxed) &- markersReleased.load(ordering: .sequentiallyConsistent) < UInt64(markerCapacity)
    }

    /// Publishes a marker; the caller checked `hasMarkerSpace()`. Its position must be the write position.
    func push(_ marker: SegmentMarker) {
        precondition(hasMarkerSpace() && marker.position == writePosition)
        let index = markersWritten.load(ordering: .relaxed)
        markers[Int(index % UInt64(markerCapacity))] = marker
        markersWritten.add(1, ordering: .sequentiallyConsistent)
    }

    // MARK: Consumer side (output thread)

    /// The consumer's read position (bytes ever released).
    var readPosition: UInt64 { released.load(ordering: .relaxed) }

    /// Bytes published and not yet released.
    func filledBytes() -> Int {
        Int(written.load(ordering: .acquiring) &- released.load(ordering: .relaxed))
    }

    /// The oldest marker the consumer has not released yet.
    func peekMarker() -> SegmentMarker? {
        let index = markersReleased.load(ordering: .relaxed)
        guard index < markersWritten.load(ordering: .acquiring) else { return nil }
        return markers[Int(index % UInt64(markerCapacity))]
    }

    /// Releases the marker `peekMarker()` returned.
    func popMarker() {
        markersReleased.add(1, ordering: .sequentiallyConsistent)
    }

    /// The producer's published position. Read it before `peekMarker()`: every marker pushed
    /// before the bytes this position covers is then visible, so no read crosses a boundary unseen.
    func publishedPosition() -> UInt64 {
        written.load(ordering: .acquiring)
    }

    /// A contiguous readable region of at most `limit` bytes ending at or before `end`
    /// (an absolute position: the published position or the next marker's, whichever is first).
    func readableRegion(limit: Int, end: UInt64) -> UnsafeRawBufferPointer {
        let position = released.load(ordering: .relaxed)
        let index = Int(position % UInt64(capacity))
        let available = end > position ? Int(end - position) : 0
        let count = min(available, capacity - index, limit)
        return UnsafeRawBufferPointer(start: storage + index, count: max(0, count))
    }

    /// Hands `count` read bytes back to the producer.
    func release(_ count: Int) {
        released.add(UInt64(count), ordering: .sequentiallyConsistent)
    }

    /// Whether the consumer has anything to look at: bytes or a marker.
    func hasContent() -> Bool {
        // Sequentially consistent loads: a sleeper checks this right after announcing itself.
        Int(written.load(ordering: .sequentiallyConsistent) &- released.load(ordering: .relaxed)) > 0
            || markersReleased.load(ordering: .relaxed) < markersWritten.load(ordering: .sequentiallyConsistent)
    }
}
