import AudioDecoding
import CVorbisFile

/// Ogg Vorbis through libvorbisfile: the registered decoder for `.ogg` files.
///
/// Wraps one `OggVorbis_File`: opened with `ov_fopen` (headers, and the stream's end for its
/// length, `ov_pcm_total`), decoded with `ov_read_float`, moved with `ov_pcm_seek` and closed with
/// `ov_clear`. libvorbisfile trims each stream to its granule positions, so a track decodes to
/// exactly the samples that were encoded. Tags come from its Vorbis comment reader
/// (`ov_comment`, `vorbis_comment_query`).
///
/// Output: signed 16-bit stereo at the stream's rate. Samples are rounded to 16 bits exactly as
/// `ov_read` (and so `oggdec`) rounds them; mono becomes two equal channels, more than two
/// channels are downmixed (`StereoDownmix`). A chained file whose links change rate reports a new
/// format where the rate changes.
public final class VorbisDecoder: AudioDecoder {
    public static let formatName = "Ogg Vorbis"
    public static let fileExtensions = ["ogg"]
    /// 4,096 frames (the most one Vorbis packet gives) of 16-bit stereo.
    public static let largestBlockBytes = largestBlockFrames * 2 * 2
    private static let largestBlockFrames = 4096

    private let file: UnsafeMutablePointer<OggVorbis_File>
    private var isOpen = false
    public private(set) var format = AudioFormat(sampleRate: 0, channels: 2, sampleFormat: .signed16)
    public private(set) var length = AudioLength(frames: nil, isExact: false)
    public private(set) var tags = AudioTags()
    /// The link (logical stream) being decoded, and its channel count and downmix.
    private var link: Int32 = -1
    private var channels = 0
    private var downmix: StereoDownmix?
    /// Samples `ov_read_float` returned for a link with another rate: written at the next read,
    /// after the format change was reported (the pointers stay valid until the next call).
    private var pending: (pcm: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>, frames: Int)?

    public init(path: [UInt8]) throws(DecoderError) {
        file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ov_fopen($0.baseAddress, file) }
        }
        guard status == 0 else { throw VorbisDecoder.openError(status) }
        isOpen = true
        guard let info = ov_info(file, -1) else { throw DecoderError(reason: "not an Ogg Vorbis file", detail: "no stream information") }
        format = AudioFormat(sampleRate: Int(info.pointee.rate), channels: 2, sampleFormat: .signed16)
        let total = ov_pcm_total(file, -1)
        length = total >= 0 ? AudioLength(frames: Int(total), isExact: true) : AudioLength(frames: nil, isExact: false)
        if let comment = ov_comment(file, -1) {
            tags = AudioTags(vorbisComment: { name in vorbis_comment_query(comment, name, 0).map { String(cString: $0) } })
        }
        useLink(0)
    }

    deinit {
        if isOpen { ov_clear(file) }
        file.deallocate()
    }

    /// libvorbisfile's reasons for refusing to open a file, in words.
    private static func openError(_ status: Int32) -> DecoderError {
        switch status {
        case OV_EREAD: DecoderError(reason: "can't open it", detail: "libvorbisfile can't read it")
        case OV_ENOTVORBIS: DecoderError(reason: "not an Ogg Vorbis file", detail: "no Vorbis stream in it")
        case OV_EBADHEADER: DecoderError(reason: "its Vorbis header is damaged")
        case OV_EVERSION: DecoderError(reason: "not an Ogg Vorbis file", detail: "a Vorbis version libvorbis does not know")
        default: DecoderError(reason: "not an Ogg Vorbis file", detail: "libvorbisfile error \(status)")
        }
    }

    /// Takes the channel layout of `newLink`.
    private func useLink(_ newLink: Int32) {
        link = newLink
        channels = Int(ov_info(file, newLink)?.pointee.channels ?? 2)
        downmix = channels > 2 ? StereoDownmix(channels: channels, order: .vorbis) : nil
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: Int16.self) else { return DecodeResult(bytes: 0, status: .failed) }
        let capacity = min(buffer.count / 4, VorbisDecoder.largestBlockFrames)
        if let (pcm, frames) = pending {
            pending = nil
            write(pcm, frames: frames, to: base)
            return DecodeResult(bytes: frames * 4, status: .decoded)
        }
        var pcm: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?
        var current: Int32 = 0
        let frames = ov_read_float(file, &pcm, Int32(capacity), &current)
        if frames == 0 { return DecodeResult(bytes: 0, status: .finished) }
        if frames == OV_HOLE { return DecodeResult(bytes: 0, status: .decoded) }
        guard frames > 0, let pcm else { return DecodeResult(bytes: 0, status: .failed) }
        if current != link {
            useLink(current)
            let rate = Int(ov_info(file, current)?.pointee.rate ?? 0)
            if rate != format.sampleRate {
                format.sampleRate = rate
                pending = (pcm, frames)
                return DecodeResult(bytes: 0, status: .newFormat)
            }
        }
        write(pcm, frames: frames, to: base)
        return DecodeResult(bytes: frames * 4, status: .decoded)
    }

    /// Interleaves planar float samples as 16-bit stereo, rounding as `ov_read` does (to the
    /// nearest, ties to even, then clamped).
    private func write(_ pcm: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>, frames: Int, to out: UnsafeMutablePointer<Int16>) {
        guard let first = pcm[0] else { return }
        if let downmix, downmix.left.count == channels {
            for frame in 0..<frames {
                var left: Float = 0, right: Float = 0
                for channel in 0..<channels {
                    let sample = pcm[channel]?[frame] ?? 0
                    left += downmix.left[channel] * sample
                    right += downmix.right[channel] * sample
                }
                out[2 * frame] = VorbisDecoder.sixteenBits(left)
                out[2 * frame + 1] = VorbisDecoder.sixteenBits(right)
            }
            return
        }
        let second = channels > 1 ? (pcm[1] ?? first) : first
        for frame in 0..<frames {
            out[2 * frame] = VorbisDecoder.sixteenBits(first[frame])
            out[2 * frame + 1] = VorbisDecoder.sixteenBits(second[frame])
        }
    }

    /// Clamped, then rounded by adding 1.5 × 2²³: in the FPU's default mode that rounds a float of
    /// magnitude below 2²² to the nearest integer, ties to even (as `.rounded(.toNearestOrEven)`),
    /// and leaves the integer in the low bits of the result, read without a conversion. No
    /// branches, traps or library calls per sample (x86-64 without SSE 4.1 has no rounding
    /// instruction), so the loop vectorises; a NaN gives some sample, not a crash.
    @inline(__always)
    private static func sixteenBits(_ sample: Float) -> Int16 {
        let clamped = Swift.min(Swift.max(sample * 32768, -32768), 32767)
        return Int16(truncatingIfNeeded: Int32(bitPattern: (clamped + 12_582_912).bitPattern) &- 0x4B40_0000)
    }

    public func seek(toFrame frame: Int) throws(DecoderError) -> Int {
        pending = nil
        let status = ov_pcm_seek(file, ogg_int64_t(max(0, frame)))
        guard status == 0 else { throw DecoderError(reason: "can't seek in it", detail: "libvorbisfile error \(status)") }
        return Int(ov_pcm_tell(file))
    }

    /// The length is exact from the start (the last granule position), so this only repeats it.
    public func measureExactLength() throws(DecoderError) -> Int {
        guard let frames = length.frames else { throw DecoderError(reason: "can't measure its length", detail: "the stream can't be searched") }
        return frames
    }
}
