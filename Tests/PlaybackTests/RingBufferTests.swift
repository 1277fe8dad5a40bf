import AudioDecoding
@testable import Playback
import Testing

@Suite("Ring buffer")
struct RingBufferTests {
    /// Writes `bytes` through the producer side as far as they fit; returns how many went in.
    private func produce(_ ring: PCMRing, _ bytes: [UInt8]) -> Int {
        var done = 0
        while done < bytes.count {
            let region = ring.writableRegion(limit: bytes.count - done)
            if region.count == 0 { break }
            for index in 0..<region.count { region[index] = bytes[done + index] }
            ring.commit(region.count)
            done += region.count
        }
        return done
    }

    /// Reads up to `limit` bytes through the consumer side, stopping at the next marker.
    private func consume(_ ring: PCMRing, limit: Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < limit {
            let published = ring.publishedPosition()
            let end = min(published, ring.peekMarker()?.position ?? .max)
            let region = ring.readableRegion(limit: limit - out.count, end: end)
            if region.count == 0 { break }
            out.append(contentsOf: region)
            ring.release(region.count)
        }
        return out
    }

    @Test("bytes come out in order across the wrap-around, in regions that never cross the end")
    func wrapAround() {
        let ring = PCMRing(capacity: 64, overflow: 0)
        #expect(produce(ring, Array(0..<40)) == 40)
        #expect(consume(ring, limit: 40) == Array(0..<40))
        // The next 40 bytes wrap: the first writable region is the 24 bytes before the end.
        #expect(ring.writableRegion(limit: 100).count == 24)
        #expect(produce(ring, Array(100..<140)) == 40)
        #expect(ring.readableRegion(limit: 100, end: ring.publishedPosition()).count == 24)
        #expect(consume(ring, limit: 100) == Array(100..<140))
        #expect(ring.filledBytes() == 0)
        #expect(ring.freeBytes() == 64)
    }

    @Test("a full ring offers no room until the consumer releases")
    func full() {
        let ring = PCMRing(capacity: 32, overflow: 0)
        #expect(produce(ring, Array(repeating: 7, count: 100)) == 32)
        #expect(ring.writableRegion(limit: 16).count == 0)
        #expect(ring.freeBytes() == 0)
        #expect(consume(ring, limit: 8).count == 8)
        #expect(ring.freeBytes() == 8)
        #expect(ring.writableRegion(limit: 100).count == 8)
    }

    @Test("regions stop at the next marker, and markers come out in order")
    func segments() throws {
        let ring = PCMRing(capacity: 64, overflow: 0, markerCapacity: 4)
        let format = AudioFormat(sampleRate: 44_100, channels: 2, sampleFormat: .signed16)
        ring.push(.begin(at: ring.writePosition, token: 1, item: 10, format: format, firstFrame: 0))
        _ = produce(ring, Array(repeating: 1, count: 20))
        ring.push(.end(at: ring.writePosition, token: 1, item: 10))
        ring.push(.begin(at: ring.writePosition, token: 2, item: 11, format: format, firstFrame: 0))
        _ = produce(ring, Array(repeating: 2, count: 12))

        #expect(ring.peekMarker()?.token == 1)
        ring.popMarker()
        let first = consume(ring, limit: 100)
        #expect(first == Array(repeating: 1, count: 20), "the first segment ends at its end marker")
        let end = try #require(ring.peekMarker())
        #expect(end.kind == .end && end.position == 20)
        ring.popMarker()
        let begin = try #require(ring.peekMarker())
        #expect(begin.kind == .begin && begin.token == 2 && begin.position == 20)
        ring.popMarker()
        #expect(consume(ring, limit: 100) == Array(repeating: 2, count: 12))
        #expect(ring.peekMarker() == nil)
    }

    @Test("a region may run past the end; committing moves that part to the start")
    func acrossTheEnd() {
        let ring = PCMRing(capacity: 64, overflow: 16)
        #expect(produce(ring, Array(0..<56)) == 56)
        #expect(consume(ring, limit: 56) == Array(0..<56))
        // 8 bytes to the end, 16 more in the overflow area.
        #expect(ring.writableRegionAcrossEnd(limit: 100, minimum: 32).count == 0, "less than the minimum fits")
        let region = ring.writableRegionAcrossEnd(limit: 100, minimum: 20)
        #expect(region.count == 24)
        for index in 0..<20 { region[index] = UInt8(200 + index) }
        ring.commit(20)
        #expect(consume(ring, limit: 100) == (0..<20).map { UInt8(200 + $0) })
        #expect(ring.writePosition == 76)
    }

    @Test("with an overflow area of one block, a whole block fits wherever the write position is")
    func blockAtEveryPosition() {
        let block = 12
        let ring = PCMRing(capacity: 64, overflow: block)
        for _ in 0..<(64 / 4) {
            let region = ring.writableRegionAcrossEnd(limit: block, minimum: block)
            #expect(region.count == block, "at \(ring.writePosition % 64)")
            ring.commit(4)
            ring.release(4)
        }
        let unsized = PCMRing(capacity: 64, overflow: block / 3)
        #expect(produce(unsized, Array(repeating: 1, count: 60)) == 60)
        #expect(consume(unsized, limit: 60).count == 60)
        #expect(unsized.writableRegionAcrossEnd(limit: block, minimum: block).count == 0, "a smaller overflow area can't take a block just before the end")
    }

    @Test("marker slots run out and come back")
    func markerSpace() {
        let ring = PCMRing(capacity: 16, overflow: 0, markerCapacity: 2)
        ring.push(.empty(at: 0, token: 1, item: 1))
        ring.push(.empty(at: 0, token: 2, item: 2))
        #expect(!ring.hasMarkerSpace())
        ring.popMarker()
        #expect(ring.hasMarkerSpace())
    }

    @Test("a long stream survives any mix of write and read sizes", arguments: [(64, 12, 20), (128, 100, 4), (1024, 36, 1000), (4096, 4092, 4)])
    func stream(capacity: Int, writeSize: Int, readSize: Int) {
        let ring = PCMRing(capacity: capacity, overflow: 0)
        let total = 50_000
        let source = (0..<total).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        var written = 0
        var received: [UInt8] = []
        while received.count < total {
            if written < total {
                written += produce(ring, Array(source[written..<min(total, written + writeSize)]))
            }
            received += consume(ring, limit: readSize)
        }
        #expect(received == source)
    }
}
