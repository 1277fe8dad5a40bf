import AudioDecoding

/// MP3 through libmpg123: the registered decoder for `.mp3` files.
///
/// Adapts an `MPEGFile` (gapless, mono forced to stereo, signed 16-bit at the file's own rate)
/// to `AudioDecoder`: reads go frame by frame straight into the caller's buffer
/// (`MPEGFile.decodeFrame(into:)`, no copy out of libmpg123's own buffer), and an exact length
/// for a file without an info frame comes from scanning a second handle (`MPEGFile.scan()`).
public final class MPEGDecoder: AudioDecoder {
    public static let formatName = "MP3"
    public static let fileExtensions = ["mp3"]
    /// One MPEG-1 Layer II or III frame, the longest there is: 1152 samples × 2 channels × 2 bytes.
    public static let largestBlockBytes = 1152 * 2 * 2

    private let file: MPEGFile
    private let path: [UInt8]
    public private(set) var format: AudioFormat

    public init(path: [UInt8]) throws(DecoderError) {
        do {
            file = try MPEGFile(path: path, forceStereo: true)
        } catch {
            throw DecoderError(reason: "can't open it", detail: error.detail)
        }
        self.path = path
        do {
            format = try file.format()
        } catch {
            throw DecoderError(reason: "not an MP3 file", detail: error.detail)
        }
    }

    public var length: AudioLength { AudioLength(frames: file.lengthInFrames(), isExact: file.lengthIsExact()) }

    public var tags: AudioTags { file.tags() }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult {
        let result = file.decodeFrame(into: buffer)
        if result.status == .newFormat, let changed = try? file.format() { format = changed }
        return result
    }

    public func seek(toFrame frame: Int) throws(DecoderError) -> Int {
        do {
            return try file.seek(toFrame: frame)
        } catch {
            throw DecoderError(reason: "can't seek in it", detail: error.detail)
        }
    }

    public func measureExactLength() throws(DecoderError) -> Int {
        let frames: Int?
        do {
            let scanner = try MPEGFile(path: path, forceStereo: true)
            _ = try scanner.format()
            try scanner.scan()
            frames = scanner.lengthInFrames()
        } catch {
            throw DecoderError(reason: "can't measure its length", detail: error.detail)
        }
        guard let frames else { throw DecoderError(reason: "can't measure its length", detail: "libmpg123 knows none after a scan") }
        return frames
    }
}
