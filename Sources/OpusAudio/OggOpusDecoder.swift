import AudioDecoding
import COpusFile

/// Ogg Opus through libopusfile: the registered decoder for `.opus` files.
///
/// Wraps one `OggOpusFile`: opened with `op_open_file` (headers, and the stream's end for its
/// length, `op_pcm_total`), decoded with `op_read_stereo`, moved with `op_pcm_seek` and freed with
/// `op_free`. libopusfile drops each stream's pre-skip and trims its end to the last granule
/// position, so a track decodes to exactly the samples that were encoded; it applies the
/// header's output gain, downmixes more than two channels and doubles mono, and rounds to 16
/// bits with its noise-shaped dither, as `opusdec` does. Opus always decodes at 48 kHz.
///
/// Tags come from its Vorbis comment reader (`op_tags`, `opus_tags_query`). Opus files carry
/// loudness as EBU R128 gains (`opus_tags_get_track_gain`, `opus_tags_get_album_gain`), to −23 LUFS;
/// they are moved to ReplayGain's −18 LUFS by adding 5 dB, as other players do. Opus gives no
/// peaks, so such a gain is never allowed to raise the level (`ReplayGain.factor(for:)`).
public final class OggOpusDecoder: AudioDecoder {
    public static let formatName = "Opus"
    public static let fileExtensions = ["opus"]
    /// 120 ms at 48 kHz (the longest Opus packet) of 16-bit stereo.
    public static let largestBlockBytes = largestBlockFrames * 2 * 2
    private static let largestBlockFrames = 5760
    /// R128's reference loudness is 5 dB below ReplayGain's.
    static let r128ToReplayGain = 5.0

    private let file: OpaquePointer
    public let format = AudioFormat(sampleRate: 48_000, channels: 2, sampleFormat: .signed16)
    public let length: AudioLength
    public let tags: AudioTags

    public init(path: [UInt8]) throws(DecoderError) {
        var error: Int32 = 0
        let opened = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { op_open_file($0.baseAddress!, &error) }
        }
        guard let opened else { throw OggOpusDecoder.openError(error) }
        file = opened
        let total = op_pcm_total(opened, -1)
        length = total >= 0 ? AudioLength(frames: Int(total), isExact: true) : AudioLength(frames: nil, isExact: false)
        tags = OggOpusDecoder.readTags(opened)
    }

    deinit {
        op_free(file)
    }

    /// libopusfile's reasons for refusing to open a file, in words.
    private static func openError(_ error: Int32) -> DecoderError {
        switch error {
        case OP_EREAD: DecoderError(reason: "can't open it", detail: "libopusfile can't read it")
        case OP_ENOTFORMAT: DecoderError(reason: "not an Opus file", detail: "no Opus stream in it")
        case OP_EBADHEADER: DecoderError(reason: "its Opus header is damaged")
        case OP_EVERSION: DecoderError(reason: "not an Opus file", detail: "an Opus version libopusfile does not know")
        case OP_EBADLINK, OP_EBADTIMESTAMP: DecoderError(reason: "its Ogg structure is damaged", detail: "libopusfile error \(error)")
        default: DecoderError(reason: "not an Opus file", detail: "libopusfile error \(error)")
        }
    }

    /// The comment fields, and the R128 gains as ReplayGain (the `REPLAYGAIN_*` fields, which
    /// the Opus specification says not to use, are ignored).
    private static func readTags(_ file: OpaquePointer) -> AudioTags {
        guard let opusTags = op_tags(file, -1) else { return AudioTags() }
        var tags = AudioTags(vorbisComment: { name in opus_tags_query(opusTags, name, 0).map { String(cString: $0) } })
        var gain = ReplayGain()
        var q8: Int32 = 0
        if opus_tags_get_track_gain(opusTags, &q8) == 0 { gain.trackGain = Double(q8) / 256 + r128ToReplayGain }
        if opus_tags_get_album_gain(opusTags, &q8) == 0 { gain.albumGain = Double(q8) / 256 + r128ToReplayGain }
        tags.replayGain = gain
        return tags
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: Int16.self) else { return DecodeResult(bytes: 0, status: .failed) }
        let values = 2 * min(buffer.count / 4, OggOpusDecoder.largestBlockFrames)
        let frames = op_read_stereo(file, base, Int32(values))
        if frames > 0 { return DecodeResult(bytes: Int(frames) * 4, status: .decoded) }
        if frames == 0 { return DecodeResult(bytes: 0, status: .finished) }
        // A hole (a lost or damaged page) is skipped; anything else ends the stream.
        return DecodeResult(bytes: 0, status: frames == OP_HOLE ? .decoded : .failed)
    }

    public func seek(toFrame frame: Int) throws(DecoderError) -> Int {
        let status = op_pcm_seek(file, ogg_int64_t(max(0, frame)))
        guard status == 0 else { throw DecoderError(reason: "can't seek in it", detail: "libopusfile error \(status)") }
        return Int(op_pcm_tell(file))
    }

    /// The length is exact from the start (the last granule position), so this only repeats it.
    public func measureExactLength() throws(DecoderError) -> Int {
        guard let frames = length.frames else { throw DecoderError(reason: "can't measure its length", detail: "the stream can't be searched") }
        return frames
    }
}
