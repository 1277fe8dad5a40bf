import AudioDecoding
import CFLAC

/// FLAC through libFLAC: the registered decoder for `.flac` files.
///
/// Wraps one `FLAC__StreamDecoder`: made with `FLAC__stream_decoder_new`, opened with
/// `FLAC__stream_decoder_init_file`, its STREAMINFO and Vorbis comment read with
/// `FLAC__stream_decoder_process_until_end_of_metadata`, decoded a frame at a time with
/// `FLAC__stream_decoder_process_single`, moved with `FLAC__stream_decoder_seek_absolute` and freed
/// with `FLAC__stream_decoder_delete`. The callbacks land in a `FLACFrameSink`, which writes the
/// audio straight into the caller's buffer.
///
/// Output: sources of up to 16 bits as signed 16-bit, of 17 to 32 bits (24-bit rips) as signed
/// 32-bit with the top bits filled; mono as two equal channels, more than two channels downmixed
/// to stereo (`StereoDownmix`); the file's own rate. The length is STREAMINFO's sample count,
/// exact; a file that ends before it is reported as damaged where it ends.
public final class FLACDecoder: AudioDecoder {
    public static let formatName = "FLAC"
    public static let fileExtensions = ["flac"]
    /// 4,608 frames (the largest block common encoders write) of 32-bit stereo; larger FLAC
    /// frames are handed over in pieces.
    public static let largestBlockBytes = 4608 * 2 * 4

    private let decoder: UnsafeMutablePointer<FLAC__StreamDecoder>
    private let sink = FLACFrameSink()
    private let path: [UInt8]
    public private(set) var format = AudioFormat(sampleRate: 0, channels: 2, sampleFormat: .signed16)
    private var totalSamples = 0

    public init(path: [UInt8]) throws(DecoderError) {
        guard let decoder = FLAC__stream_decoder_new() else { throw DecoderError(reason: "can't open it", detail: "out of memory") }
        self.decoder = decoder
        self.path = path
        // Every stored property is set from here on, so `deinit` frees the decoder on any throw.
        FLAC__stream_decoder_set_md5_checking(decoder, 0)
        FLAC__stream_decoder_set_metadata_respond(decoder, FLAC__METADATA_TYPE_VORBIS_COMMENT)
        let client = Unmanaged.passUnretained(sink).toOpaque()
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { name in
                FLAC__stream_decoder_init_file(
                    decoder, name.baseAddress,
                    { _, frame, buffer, client in
                        Unmanaged<FLACFrameSink>.fromOpaque(client!).takeUnretainedValue().accept(frame!, buffer!)
                        return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
                    },
                    { _, metadata, client in Unmanaged<FLACFrameSink>.fromOpaque(client!).takeUnretainedValue().accept(metadata!) },
                    { _, error, client in Unmanaged<FLACFrameSink>.fromOpaque(client!).takeUnretainedValue().accept(error) },
                    client)
            }
        }
        guard status == FLAC__STREAM_DECODER_INIT_STATUS_OK else {
            throw DecoderError(reason: "can't open it", detail: status == FLAC__STREAM_DECODER_INIT_STATUS_ERROR_OPENING_FILE ? "libFLAC can't open the file" : "libFLAC can't start")
        }
        let read = FLAC__stream_decoder_process_until_end_of_metadata(decoder) != 0
        guard let info = sink.streamInfo else {
            throw DecoderError(reason: "not a FLAC file", detail: "no STREAMINFO block")
        }
        guard read, sink.lastError != FLAC__STREAM_DECODER_ERROR_STATUS_BAD_METADATA, FLACDecoder.isPlausible(info) else {
            throw DecoderError(
                reason: "its FLAC header (STREAMINFO) is damaged",
                detail: "\(info.sampleRate) Hz, \(FLACDecoder.count(info.channels, "channel")), \(FLACDecoder.count(info.bitsPerSample, "bit")), blocks of up to \(FLACDecoder.count(info.maxBlockSize, "sample"))")
        }
        let sampleFormat: AudioFormat.SampleFormat = info.bitsPerSample <= 16 ? .signed16 : .signed32
        format = AudioFormat(sampleRate: info.sampleRate, channels: 2, sampleFormat: sampleFormat)
        totalSamples = info.totalSamples
        sink.prepare(sampleFormat: sampleFormat, channels: info.channels)
    }

    deinit {
        FLAC__stream_decoder_delete(decoder)
    }

    /// Whether STREAMINFO describes audio FLAC can hold (its own limits: 1 Hz to 655,350 Hz,
    /// 1 to 8 channels, 4 to 32 bits, blocks of 16 to 65,535 samples).
    private static func isPlausible(_ info: FLACFrameSink.StreamInfo) -> Bool {
        (1...655_350).contains(info.sampleRate) && (1...8).contains(info.channels) && (4...32).contains(info.bitsPerSample)
            && (16...65_535).contains(info.maxBlockSize)
    }

    /// "1 channel", "2 channels".
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    public var length: AudioLength {
        totalSamples > 0 ? AudioLength(frames: totalSamples, isExact: true) : AudioLength(frames: nil, isExact: false)
    }

    public var tags: AudioTags { sink.tags }

    /// libFLAC's words for the decoder's state ("FLAC__STREAM_DECODER_END_OF_STREAM").
    /// The corresponding C function is `FLAC__stream_decoder_get_resolved_state_string`.
    private var stateText: String {
        FLAC__stream_decoder_get_resolved_state_string(decoder).map { String(cString: $0) } ?? ""
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult {
        let frameBytes = format.bytesPerFrame
        guard let base = buffer.baseAddress else { return DecodeResult(bytes: 0, status: .failed) }
        let capacity = min(buffer.count, FLACDecoder.largestBlockBytes) / frameBytes
        if sink.leftoverFrames > 0 {
            return DecodeResult(bytes: sink.takeLeftover(into: base, capacity: capacity) * frameBytes, status: .decoded)
        }
        sink.beginRead(into: base, capacity: capacity)
        defer { sink.target = nil }
        let decoded = FLAC__stream_decoder_process_single(decoder) != 0
        if sink.written > 0 { return DecodeResult(bytes: sink.written * frameBytes, status: .decoded) }
        switch FLAC__stream_decoder_get_state(decoder) {
        case FLAC__STREAM_DECODER_END_OF_STREAM:
            // A file cut short ends before the length STREAMINFO gives: that is damage, not the end.
            return DecodeResult(bytes: 0, status: totalSamples > 0 && sink.position < totalSamples ? .failed : .finished)
        case FLAC__STREAM_DECODER_SEARCH_FOR_METADATA, FLAC__STREAM_DECODER_READ_METADATA,
             FLAC__STREAM_DECODER_SEARCH_FOR_FRAME_SYNC, FLAC__STREAM_DECODER_READ_FRAME:
            return DecodeResult(bytes: 0, status: decoded ? .decoded : .failed)
        default:
            return DecodeResult(bytes: 0, status: .failed)
        }
    }

    public func seek(toFrame frame: Int) throws(DecoderError) -> Int {
        sink.dropLeftover()
        sink.target = nil
        sink.position = max(0, frame)
        // The frame holding the target arrives during the seek, trimmed to start there: it is
        // kept in the sink's leftover for the next read.
        guard FLAC__stream_decoder_seek_absolute(decoder, UInt64(max(0, frame))) != 0 else {
            let detail = stateText
            if FLAC__stream_decoder_get_state(decoder) == FLAC__STREAM_DECODER_SEEK_ERROR { FLAC__stream_decoder_flush(decoder) }
            throw DecoderError(reason: "can't seek in it", detail: detail)
        }
        return max(0, frame)
    }

    /// Decodes a second copy of the file to the end (for a file whose STREAMINFO gives no length).
    public func measureExactLength() throws(DecoderError) -> Int {
        let counter = try FLACDecoder(path: path)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: FLACDecoder.largestBlockBytes, alignment: 16)
        defer { scratch.deallocate() }
        var frames = 0
        while true {
            let result = counter.read(into: scratch)
            frames += result.bytes / counter.format.bytesPerFrame
            switch result.status {
            case .decoded, .newFormat: continue
            case .finished: return frames
            case .failed: throw DecoderError(reason: "can't measure its length", detail: "the FLAC data is damaged after \(frames) samples")
            }
        }
    }
}
