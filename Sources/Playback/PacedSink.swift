#if canImport(Glibc)
import Glibc
#endif

/// The timing of a sink without a clock of its own (null, WAV): a `Pacer` stands in for the sound
/// card when `paced`, and drains, pauses and drops the way a card would.
protocol PacedSink: AudioSink, AnyObject {
    var paced: Bool { get }
    var pacer: Pacer { get set }
    var draining: Bool { get set }
}

extension PacedSink {
    func waitCondition(descriptors: UnsafeMutableBufferPointer<pollfd>) -> (count: Int, deadline: UInt64?) {
        (0, draining ? pacer.endDeadline() : pacer.roomDeadline())
    }

    func delayFrames() -> Int { paced ? pacer.delayFrames() : 0 }
    func pause() { pacer.pause() }
    func resume() throws(SinkError) { pacer.resume() }

    func drop() {
        pacer.reset()
        draining = false
    }

    func isDrained() -> Bool {
        guard draining, pacer.endDeadline() != nil else {
            draining = false
            pacer.reset()
            return true
        }
        return false
    }
}
