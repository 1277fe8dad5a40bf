import AudioDecoding
import Foundation

/// A decoder for a made-up file type, `.tone`, to test the decoder seam without a codec: the
/// file is a few lines of text describing a stereo sine tone, and decoding synthesizes it.
///
/// ```
/// tone
/// frames=44100
/// rate=44100
/// ```
///
/// Optional lines: `frequency=` (Hz, default 440), `start=` (the frame of an endless tone the
/// file begins at, so files can be cut from one continuous tone), `block=` (frames per read, at
/// most `largestBlockFrames`), `format=signed32` or `format=float32` (32-bit integer or float
/// samples instead of 16-bit), `channels=1` (mono),
/// `damagedAfter=` (reads fail from this frame on), the tags `title=`, `artist=`, `album=`,
/// `track=`, and ReplayGain's `trackGain=`, `trackPeak=`, `albumGain=`, `albumPeak=`. A file whose first line is not `tone` is "not a tone file".
public final class ToneDecoder: AudioDecoder {
    public static let formatName = "tone"
    public static let fileExtensions = ["tone"]
    /// Blocks of up to 8192 frames: larger than any MP3 frame, so a ring sized for MP3 alone
    /// could not take them at its end.
    public static let largestBlockFrames = 8192
    public static let largestBlockBytes = largestBlockFrames * 2 * 4

    /// What a `.tone` file says.
    public struct Tone: Sendable, Equatable {
        public var frames: Int
        public var sampleRate = 44_100
        public var frequency = 440.0
        public var start = 0
        public var blockFrames = 1024
        public var sampleFormat = AudioFormat.SampleFormat.signed16
        public var channels = 2
        public var damagedAfter: Int?
        public var tags = AudioTags()

        public init(frames: Int, sampleRate: Int = 44_100, frequency: Double = 440, start: Int = 0, blockFrames: Int = 1024) {
            self.frames = frames
            self.sampleRate = sampleRate
            self.frequency = frequency
            self.start = start
            self.blockFrames = blockFrames
        }

        /// The file's text.
        public var text: String {
            var lines = ["tone", "frames=\(frames)", "rate=\(sampleRate)", "frequency=\(frequency)", "start=\(start)", "block=\(blockFrames)"]
            if sampleFormat == .float32 { lines.append("format=float32") }
            if sampleFormat == .signed32 { lines.append("format=signed32") }
            if channels != 2 { lines.append("channels=\(channels)") }
            if let damagedAfter { lines.append("damagedAfter=\(damagedAfter)") }
            if let title = tags.title { lines.append("title=\(title)") }
            if let artist = tags.artist { lines.append("artist=\(artist)") }
            if let album = tags.album { lines.append("album=\(album)") }
            if let track = tags.trackNumber { lines.append("track=\(track)") }
            let gain = tags.replayGain
            for (name, value) in [("trackGain", gain.trackGain), ("trackPeak", gain.trackPeak), ("albumGain", gain.albumGain), ("albumPeak", gain.albumPeak)] {
                if let value { lines.append("\(name)=\(value)") }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// Writes the file at `url`.
        public func write(to url: URL) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// The 16-bit samples the file decodes to, interleaved left and right (or mono).
        public func samples() -> [Int16] {
            (0..<frames).flatMap { frame in (0..<channels).map { Int16(ToneDecoder.sample(frame: start + frame, channel: $0, rate: sampleRate, frequency: frequency) * 16_000) } }
        }

        /// The 32-bit samples a `format=signed32` file decodes to: the tone at the same level,
        /// with all 32 bits in use.
        public func samples32() -> [Int32] {
            (0..<frames).flatMap { frame in (0..<channels).map { ToneDecoder.sample32(frame: start + frame, channel: $0, rate: sampleRate, frequency: frequency) } }
        }
    }

    /// What the file says.
    public let tone: Tone
    private var position = 0

    public init(path: [UInt8]) throws(DecoderError) {
        guard let data = FileManager.default.contents(atPath: String(decoding: path, as: UTF8.self)) else {
            throw DecoderError(reason: "can't open it")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.first == "tone" else { throw DecoderError(reason: "not a tone file", detail: "no \"tone\" line") }
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let frames = values["frames"].flatMap(Int.init), frames >= 0 else {
            throw DecoderError(reason: "not a tone file", detail: "no frame count")
        }
        var tone = Tone(frames: frames)
        tone.sampleRate = values["rate"].flatMap(Int.init) ?? tone.sampleRate
        tone.frequency = values["frequency"].flatMap(Double.init) ?? tone.frequency
        tone.start = values["start"].flatMap(Int.init) ?? 0
        tone.blockFrames = min(ToneDecoder.largestBlockFrames, max(1, values["block"].flatMap(Int.init) ?? tone.blockFrames))
        if values["format"] == "float32" { tone.sampleFormat = .float32 }
        if values["format"] == "signed32" { tone.sampleFormat = .signed32 }
        tone.channels = values["channels"] == "1" ? 1 : 2
        tone.damagedAfter = values["damagedAfter"].flatMap(Int.init)
        tone.tags = AudioTags(title: values["title"], artist: values["artist"], album: values["album"], trackNumber: values["track"].flatMap(Int.init))
        tone.tags.replayGain = ReplayGain(
            trackGain: values["trackGain"].flatMap(Double.init), trackPeak: values["trackPeak"].flatMap(Double.init),
            albumGain: values["albumGain"].flatMap(Double.init), albumPeak: values["albumPeak"].flatMap(Double.init))
        self.tone = tone
    }

    public var format: AudioFormat { AudioFormat(sampleRate: tone.sampleRate, channels: tone.channels, sampleFormat: tone.sampleFormat) }
    public var length: AudioLength { AudioLength(frames: tone.frames, isExact: true) }
    public var tags: AudioTags { tone.tags }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult {
        if let damaged = tone.damagedAfter, position >= damaged { return DecodeResult(bytes: 0, status: .failed) }
        let frameBytes = format.bytesPerFrame
        let count = min(tone.blockFrames, tone.frames - position, buffer.count / frameBytes)
        guard count > 0 else { return DecodeResult(bytes: 0, status: .finished) }
        for frame in 0..<count {
            for channel in 0..<tone.channels {
                let at = tone.start + position + frame
                let value = ToneDecoder.sample(frame: at, channel: channel, rate: tone.sampleRate, frequency: tone.frequency)
                let offset = (frame * tone.channels + channel) * tone.sampleFormat.bytesPerSample
                switch tone.sampleFormat {
                case .float32: buffer.storeBytes(of: Float(value), toByteOffset: offset, as: Float.self)
                case .signed32:
                    let sample = ToneDecoder.sample32(frame: at, channel: channel, rate: tone.sampleRate, frequency: tone.frequency)
                    buffer.storeBytes(of: sample, toByteOffset: offset, as: Int32.self)
                case .signed16: buffer.storeBytes(of: Int16(value * 16_000), toByteOffset: offset, as: Int16.self)
                }
            }
        }
        position += count
        return DecodeResult(bytes: count * frameBytes, status: .decoded)
    }

    public func seek(toFrame frame: Int) throws(DecoderError) -> Int {
        position = min(max(0, frame), tone.frames)
        return position
    }

    public func measureExactLength() throws(DecoderError) -> Int { tone.frames }

    /// The 32-bit sample at `frame`: the tone at about half of full scale, every bit in use.
    static func sample32(frame: Int, channel: Int, rate: Int, frequency: Double) -> Int32 {
        Int32(sample(frame: frame, channel: channel, rate: rate, frequency: frequency) * 1_048_576_001)
    }

    /// The tone at `frame`: a sine on the left, the matching cosine on the right.
    static func sample(frame: Int, channel: Int, rate: Int, frequency: Double) -> Double {
        let phase = 2 * Double.pi * frequency * Double(frame) / Double(rate)
        return channel == 0 ? sin(phase) : cos(phase)
    }
}
