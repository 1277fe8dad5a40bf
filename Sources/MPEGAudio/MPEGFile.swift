import AudioDecoding
import CMpg123
#if canImport(Glibc)
import Glibc
#endif

/// An MP3 file opened for reading tags, measuring its length and decoding it to 16-bit PCM.
///
/// Wraps one `mpg123_handle`: created with `mpg123_new`, opened with `mpg123_open`,
/// freed with `mpg123_delete` when the value goes away. Gapless decoding is on (LAME's
/// encoder delay and padding are removed), libmpg123's own printouts are off, and the
/// output is always signed 16-bit at the file's own sample rate; with `forceStereo`
/// mono files come out as two identical channels.
///
/// A handle is used by one thread at a time; it may be handed to another thread.
public final class MPEGFile {
    private let handle: OpaquePointer
    /// Whether `scan()` ran, so the length is exact.
    private var scanned = false

    /// Opens the file at `path` (raw bytes, so names that are not UTF-8 still open).
    ///
    /// The corresponding C functions are `mpg123_new`, `mpg123_param2`, `fopen` and `setvbuf`,
    /// `mpg123_replace_reader_handle` (reading with `fread` and `fseeko`, closing with `fclose`)
    /// and `mpg123_open_handle`.
    public init(path: [UInt8], forceStereo: Bool = false) throws(MPEGError) {
        MPEGLibrary.initializeOnce()
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else {
            throw MPEGError(code: error, operation: "create a decoder")
        }
        self.handle = handle
        var flags = MPG123_QUIET.rawValue | MPG123_GAPLESS.rawValue
        if forceStereo { flags |= MPG123_FORCE_STEREO.rawValue }
        mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(flags), 0)
        // Tolerate junk before the first frame, but not a whole non-MP3 file: a bounded resync.
        mpg123_param2(handle, Int32(MPG123_RESYNC_LIMIT.rawValue), 64 * 1024, 0)
        // Only 16-bit signed output, any rate, as the file has it.
        mpg123_format_none(handle)
        for rate in MPEGFile.supportedRates {
            let channels = forceStereo ? Int32(MPG123_STEREO.rawValue) : Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue)
            mpg123_format(handle, rate, channels, Int32(MPG123_ENC_SIGNED_16.rawValue))
        }
        // libmpg123's own reader asks the kernel for each frame (two reads per frame); stdio
        // with a larger buffer reads the file in a few big pieces instead.
        let file = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { fopen($0.baseAddress, "rb") }
        }
        guard let file else {
            let code = errno
            throw MPEGError(code: MPG123_ERR.rawValue, operation: "open", detail: String(cString: strerror(code)))
        }
        setvbuf(file, nil, _IOFBF, MPEGFile.readBufferBytes)
        mpg123_replace_reader_handle(
            handle,
            { file, buffer, count in fread(buffer, 1, count, file!.assumingMemoryBound(to: FILE.self)) },
            { file, offset, whence in
                let stream = file!.assumingMemoryBound(to: FILE.self)
                return fseeko(stream, offset, whence) == 0 ? ftello(stream) : -1
            },
            { file in fclose(file!.assumingMemoryBound(to: FILE.self)) })
        let status = mpg123_open_handle(handle, file)
        guard status == MPG123_OK.rawValue else {
            // Every stored property is set, so `deinit` runs and deletes the handle: deleting it
            // here as well would free it twice.
            throw MPEGError(code: status, operation: "open", detail: MPEGFile.message(of: handle))
        }
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
    }

    /// The stdio buffer the file is read through: a few reads a second of audio.
    static let readBufferBytes = 32 * 1024

    /// The MPEG sample rates libmpg123 decodes natively.
    static let supportedRates = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]

    /// Reads the stream's header and tags without decoding audio, and returns its output format.
    ///
    /// The corresponding C function is `mpg123_getformat`.
    public func format() throws(MPEGError) -> AudioFormat {
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        let status = mpg123_getformat(handle, &rate, &channels, &encoding)
        guard status == MPG123_OK.rawValue else {
            throw MPEGError(code: status, operation: "read the format", detail: MPEGFile.message(of: handle))
        }
        return AudioFormat(sampleRate: rate, channels: Int(channels), sampleFormat: .signed16)
    }

    /// The length in sample frames (per channel) as libmpg123 knows it now: exact with a
    /// LAME/Xing info frame or after `scan()`, otherwise estimated from the file size.
    ///
    /// The corresponding C function is `mpg123_length`.
    public func lengthInFrames() -> Int? {
        let frames = mpg123_length(handle)
        return frames >= 0 ? Int(frames) : nil
    }

    /// Whether `lengthInFrames()` is exact: true for a file with a LAME info tag (its frame
    /// count and encoder delay and padding are known), and after `scan()`; false while the
    /// length is an estimate from the file size. (A bare Xing frame without LAME's fields counts
    /// as inexact: a scan then confirms it.)
    ///
    /// The corresponding C function is `mpg123_getstate` (`MPG123_ENC_DELAY`, -1 when no info tag was read).
    public func lengthIsExact() -> Bool {
        if scanned { return true }
        var delay = 0
        var unused = 0.0
        guard mpg123_getstate2(handle, Int32(MPG123_ENC_DELAY.rawValue), &delay, &unused) == MPG123_OK.rawValue else { return false }
        return delay >= 0
    }

    /// Reads the whole stream once so that `lengthInFrames()` is exact (for files without an info frame).
    ///
    /// The corresponding C function is `mpg123_scan`.
    public func scan() throws(MPEGError) {
        let status = mpg123_scan(handle)
        guard status == MPG123_OK.rawValue else {
            throw MPEGError(code: status, operation: "scan", detail: MPEGFile.message(of: handle))
        }
        scanned = true
    }

    /// The ID3 tags, parsed by libmpg123 (call `format()` first so the tags have been read).
    ///
    /// The corresponding C functions are `mpg123_meta_check` and `mpg123_id3`.
    public func tags() -> AudioTags {
        guard mpg123_meta_check(handle) & MPG123_ID3 != 0 else { return AudioTags() }
        var version1: UnsafeMutablePointer<mpg123_id3v1>?
        var version2: UnsafeMutablePointer<mpg123_id3v2>?
        guard mpg123_id3(handle, &version1, &version2) == MPG123_OK.rawValue else { return AudioTags() }
        var tags = AudioTags()
        if let version2 {
            tags.merge(AudioTags(version2: version2.pointee))
        }
        if let version1 {
            tags.merge(AudioTags(version1: version1.pointee))
        }
        return tags
    }

    /// Decodes into `buffer` (interleaved signed 16-bit samples) and says how many bytes were written.
    ///
    /// The corresponding C function is `mpg123_read`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult {
        var written = 0
        let status = mpg123_read(handle, buffer.baseAddress, buffer.count, &written)
        switch status {
        case MPG123_OK.rawValue: return DecodeResult(bytes: written, status: .decoded)
        case MPG123_NEW_FORMAT.rawValue: return DecodeResult(bytes: written, status: .newFormat)
        case MPG123_DONE.rawValue: return DecodeResult(bytes: written, status: .finished)
        default: return DecodeResult(bytes: written, status: .failed)
        }
    }

    /// The most bytes one MPEG frame decodes to in the output format: a buffer for
    /// `decodeFrame(into:)` must be at least this large.
    ///
    /// The corresponding C function is `mpg123_outblock`.
    public func largestFrameBytes() -> Int {
        mpg123_outblock(handle)
    }

    /// Decodes the next MPEG frame straight into `buffer` (at least `largestFrameBytes()` long),
    /// sparing `read(into:)`'s copy out of libmpg123's own buffer; the result's bytes are at the
    /// buffer's start (gapless trimming may leave a frame with fewer, or none). Don't mix with
    /// `read(into:)` on one file: libmpg123 keeps decoding into the last buffer given here, so it
    /// must stay valid while the file is used.
    ///
    /// The corresponding C functions are `mpg123_replace_buffer` and `mpg123_decode_frame`.
    public func decodeFrame(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult {
        guard let base = buffer.baseAddress, buffer.count >= largestFrameBytes() else {
            return DecodeResult(bytes: 0, status: .failed)
        }
        let replaced = mpg123_replace_buffer(handle, base, buffer.count)
        guard replaced == MPG123_OK.rawValue else { return DecodeResult(bytes: 0, status: .failed) }
        var audio: UnsafeMutablePointer<UInt8>?
        var bytes = 0
        let status = mpg123_decode_frame(handle, nil, &audio, &bytes)
        if bytes > 0, let audio, UnsafeMutableRawPointer(audio) != base {
            // Trimmed at the front (encoder delay, or a sample-accurate seek): move it to the start.
            memmove(base, audio, bytes)
        }
        switch status {
        case MPG123_OK.rawValue: return DecodeResult(bytes: bytes, status: .decoded)
        case MPG123_NEW_FORMAT.rawValue: return DecodeResult(bytes: 0, status: .newFormat)
        case MPG123_DONE.rawValue: return DecodeResult(bytes: 0, status: .finished)
        default: return DecodeResult(bytes: 0, status: .failed)
        }
    }

    /// Moves the decoding position to `frame` (sample frames from the start, gapless-adjusted)
    /// and returns where it landed.
    ///
    /// The corresponding C function is `mpg123_seek`.
    @discardableResult
    public func seek(toFrame frame: Int) throws(MPEGError) -> Int {
        let landed = mpg123_seek(handle, off_t(frame), SEEK_SET)
        guard landed >= 0 else {
            throw MPEGError(code: Int32(landed), operation: "seek", detail: MPEGFile.message(of: handle))
        }
        return Int(landed)
    }

    /// The current decoding position in sample frames.
    ///
    /// The corresponding C function is `mpg123_tell`.
    public func positionInFrames() -> Int {
        Int(max(0, mpg123_tell(handle)))
    }

    /// libmpg123's description of the handle's last error.
    private static func message(of handle: OpaquePointer) -> String {
        guard let text = mpg123_strerror(handle) else { return "" }
        return String(cString: text)
    }
}

/// Process-wide libmpg123 set-up.
enum MPEGLibrary {
    /// `mpg123_init` must run once before any handle is made (older libmpg123 versions need it).
    private static let initialized: Bool = mpg123_init() == MPG123_OK.rawValue

    static func initializeOnce() { _ = initialized }
}
