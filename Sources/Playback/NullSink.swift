import AudioDecoding

/// Discards audio. Paced, it takes as long as playing would (a silent sound card: the fallback
/// when no device can be opened); fast, it takes everything at once.
final class NullSink: PacedSink {
    let paced: Bool
    private let label: String
    var pacer = Pacer()
    private var frameBytes = 4
    var draining = false

    init(paced: Bool, label: String? = nil) {
        self.paced = paced
        self.label = label ?? (paced ? "null" : "null (fast)")
    }

    var description: String { label }

    func configure(_ format: AudioFormat) -> AudioFormat {
        pacer.configure(sampleRate: format.sampleRate)
        frameBytes = max(1, format.bytesPerFrame)
        return format
    }

    func room() throws(SinkError) -> Int { paced ? pacer.room() : .max }
    var minimumWrite: Int { paced ? pacer.minimumWrite : 1 }

    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) -> Int {
        guard paced else { return frames.count }
        let count = min(frames.count / frameBytes, pacer.room())
        if count > 0 { pacer.accept(count) }
        return count * frameBytes
    }

    func beginDrain() { draining = paced }

    func close() { drop() }
}
