import AudioDecoding

/// Writes exactly what would have been played into a WAV file, paced in real time or fast, in
/// the audio's own sample format (16- or 32-bit).
///
/// A WAV file has one format. When the format changes mid-stream (a 48 kHz track after a
/// 44.1 kHz one) the current file is finished and the rest goes into a new file beside it,
/// "NAME-2.wav", "NAME-3.wav"…, with a notice: nothing is resampled, dropped or mislabelled.
final class WAVSink: PacedSink {
    private let path: String
    let paced: Bool
    var pacer = Pacer()
    private var file: WAVFile?
    private var format: AudioFormat?
    private var fileCount = 0
    private var notice: PlaybackEvent.Notice?
    var draining = false

    init(path: String, paced: Bool) {
        self.path = path
        self.paced = paced
    }

    var description: String { "wav:\(path)" }

    func configure(_ format: AudioFormat) throws(SinkError) -> AudioFormat {
        if let current = self.format, current == format, file != nil { return format }
        file?.finish()
        file = nil
        fileCount += 1
        let name = fileCount == 1 ? path : WAVSink.numbered(path, fileCount)
        file = try WAVFile(path: name, format: format)
        if fileCount > 1 {
            notice = PlaybackEvent.Notice(kind: .newFile, message: "The format changed to \(format): continuing in \"\(name)\".")
        }
        self.format = format
        pacer.configure(sampleRate: format.sampleRate)
        return format
    }

    func room() throws(SinkError) -> Int { paced ? pacer.room() : .max }
    var minimumWrite: Int { paced ? pacer.minimumWrite : 1 }

    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) -> Int {
        guard let file else { throw SinkError(message: "The WAV file is not open.") }
        let frameBytes = max(1, format?.bytesPerFrame ?? 4)
        let count = paced ? min(frames.count / frameBytes, pacer.room()) : frames.count / frameBytes
        guard count > 0 else { return 0 }
        try file.append(UnsafeRawBufferPointer(rebasing: frames[0..<(count * frameBytes)]))
        if paced { pacer.accept(count) }
        return count * frameBytes
    }

    func beginDrain() {
        draining = paced
        file?.updateHeader()
    }

    func close() {
        file?.finish()
        file = nil
        pacer.reset()
    }

    func takeNotice() -> PlaybackEvent.Notice? {
        defer { notice = nil }
        return notice
    }

    /// "/tmp/x.wav", 2 → "/tmp/x-2.wav"; "/tmp/x", 2 → "/tmp/x-2".
    static func numbered(_ path: String, _ number: Int) -> String {
        let slash = path.lastIndex(of: "/")
        if let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true, dot != path.startIndex {
            return String(path[..<dot]) + "-\(number)" + String(path[dot...])
        }
        return path + "-\(number)"
    }
}
