import AudioDecoding
import CFLAC
#if canImport(Glibc)
import Glibc
#endif

/// Where libFLAC's callbacks deliver what a `FLACDecoder` decodes: STREAMINFO, the tags, errors,
/// and audio frames, which it writes interleaved in the output format straight into the
/// caller's buffer, keeping what does not fit for the next read.
///
/// libFLAC hands over a whole frame (up to 65,535 samples per channel, one array per channel,
/// valid only during the callback), while a read hands over at most `largestBlockBytes`; the
/// rest waits in `leftover`, allocated once for the largest frame FLAC allows.
final class FLACFrameSink {
    /// STREAMINFO's fields, once its block was read.
    struct StreamInfo {
        var sampleRate: Int
        var channels: Int
        var bitsPerSample: Int
        /// Samples per channel; 0 when the encoder did not know.
        var totalSamples: Int
        var maxBlockSize: Int
    }

    private(set) var streamInfo: StreamInfo?
    private(set) var tags = AudioTags()
    /// The latest error libFLAC reported through its error callback.
    private(set) var lastError: FLAC__StreamDecoderErrorStatus?

    /// The output's sample format (`signed16` or `signed32`) and its bits.
    private var outputFormat = AudioFormat.SampleFormat.signed16
    private var outputBits = 16
    private var downmix: StereoDownmix?

    /// Where the frame being decoded goes first, and how many frames fit there.
    var target: UnsafeMutableRawPointer?
    var targetCapacity = 0
    /// Frames written to `target` since it was set.
    private(set) var written = 0
    /// The item frame after the last one delivered: where decoding stands.
    var position = 0

    private static let largestFrame = 65_535
    private let leftover: UnsafeMutableRawPointer
    private var leftoverStart = 0
    private(set) var leftoverFrames = 0

    init() {
        leftover = UnsafeMutableRawPointer.allocate(byteCount: FLACFrameSink.largestFrame * 2 * 4, alignment: 16)
    }

    deinit { leftover.deallocate() }

    /// Sets the output: `sampleFormat`, stereo, from a stream of `channels`.
    func prepare(sampleFormat: AudioFormat.SampleFormat, channels: Int) {
        outputFormat = sampleFormat
        outputBits = sampleFormat.bytesPerSample * 8
        downmix = channels > 2 ? StereoDownmix(channels: channels, order: .wave) : nil
    }

    private var frameBytes: Int { 2 * outputFormat.bytesPerSample }

    /// Starts a read into `buffer`, which takes `capacity` frames.
    func beginRead(into buffer: UnsafeMutableRawPointer, capacity: Int) {
        target = buffer
        targetCapacity = capacity
        written = 0
    }

    /// Moves up to `capacity` kept frames to `buffer`; returns how many.
    func takeLeftover(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        let count = min(capacity, leftoverFrames)
        buffer.copyMemory(from: leftover + leftoverStart * frameBytes, byteCount: count * frameBytes)
        leftoverStart += count
        leftoverFrames -= count
        return count
    }

    func dropLeftover() {
        leftoverStart = 0
        leftoverFrames = 0
    }

    // MARK: Callbacks

    /// An audio frame: as much as fits into the target, the rest into `leftover`.
    func accept(_ frame: UnsafePointer<FLAC__Frame>, _ buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>) {
        let header = frame.pointee.header
        let count = Int(header.blocksize)
        let channels = Int(header.channels)
        let bits = Int(header.bits_per_sample)
        let direct = target == nil ? 0 : min(count, targetCapacity - written)
        if let target, direct > 0 {
            convert(buffer, channels: channels, bits: bits, frames: 0..<direct, to: target + written * frameBytes)
            written += direct
        }
        if direct < count {
            dropLeftover()
            convert(buffer, channels: channels, bits: bits, frames: direct..<count, to: leftover)
            leftoverFrames = count - direct
        }
        position += count
    }

    /// A metadata block: STREAMINFO, or the Vorbis comment, read with libFLAC's own
    /// `FLAC__metadata_object_vorbiscomment_find_entry_from` and `..._entry_to_name_value_pair`.
    func accept(_ metadata: UnsafePointer<FLAC__StreamMetadata>) {
        switch metadata.pointee.type {
        case FLAC__METADATA_TYPE_STREAMINFO:
            let info = metadata.pointee.data.stream_info
            streamInfo = StreamInfo(
                sampleRate: Int(info.sample_rate), channels: Int(info.channels), bitsPerSample: Int(info.bits_per_sample),
                totalSamples: Int(clamping: info.total_samples), maxBlockSize: Int(info.max_blocksize))
        case FLAC__METADATA_TYPE_VORBIS_COMMENT:
            tags = AudioTags(vorbisComment: { name in FLACFrameSink.firstValue(of: name, in: metadata) })
        default:
            break
        }
    }

    func accept(_ error: FLAC__StreamDecoderErrorStatus) {
        lastError = error
    }

    private static func firstValue(of name: String, in metadata: UnsafePointer<FLAC__StreamMetadata>) -> String? {
        let index = FLAC__metadata_object_vorbiscomment_find_entry_from(metadata, 0, name)
        guard index >= 0 else { return nil }
        let entry = metadata.pointee.data.vorbis_comment.comments[Int(index)]
        var field: UnsafeMutablePointer<CChar>?
        var value: UnsafeMutablePointer<CChar>?
        guard FLAC__metadata_object_vorbiscomment_entry_to_name_value_pair(entry, &field, &value) != 0 else { return nil }
        defer {
            free(field)
            free(value)
        }
        return value.map { String(cString: $0) }
    }

    // MARK: Conversion

    /// Interleaves `frames` of the planar `buffer` into `destination` in the output format: the
    /// samples shifted to fill the output's top bits, mono doubled, more channels downmixed.
    private func convert(
        _ buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>, channels: Int, bits: Int, frames: Range<Int>, to destination: UnsafeMutableRawPointer
    ) {
        let shift = outputBits - bits
        guard let first = buffer[0] else { return }
        let second = channels > 1 ? (buffer[1] ?? first) : first
        if let downmix, channels == downmix.left.count {
            mix(buffer, downmix: downmix, shift: shift, frames: frames, to: destination)
            return
        }
        switch outputFormat {
        case .signed16:
            let out = destination.assumingMemoryBound(to: Int16.self)
            var index = 0
            for frame in frames {
                out[index] = Int16(truncatingIfNeeded: FLACFrameSink.shifted(first[frame], by: shift))
                out[index + 1] = Int16(truncatingIfNeeded: FLACFrameSink.shifted(second[frame], by: shift))
                index += 2
            }
        default:
            let out = destination.assumingMemoryBound(to: Int32.self)
            var index = 0
            for frame in frames {
                out[index] = FLACFrameSink.shifted(first[frame], by: shift)
                out[index + 1] = FLACFrameSink.shifted(second[frame], by: shift)
                index += 2
            }
        }
    }

    @inline(__always)
    private static func shifted(_ sample: Int32, by shift: Int) -> Int32 {
        shift >= 0 ? sample &<< Int32(shift) : sample >> Int32(-shift)
    }

    /// More than two channels: each output side is the weighted sum of the inputs, rounded.
    private func mix(
        _ buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>, downmix: StereoDownmix, shift: Int, frames: Range<Int>, to destination: UnsafeMutableRawPointer
    ) {
        let scale = shift >= 0 ? Double(1 << shift) : 1 / Double(1 << -shift)
        let wide = outputFormat == .signed32
        let high = wide ? Double(Int32.max) : Double(Int16.max), low = wide ? Double(Int32.min) : Double(Int16.min)
        var index = 0
        for frame in frames {
            var left = 0.0, right = 0.0
            for channel in downmix.left.indices {
                let sample = Double(buffer[channel]?[frame] ?? 0)
                left += Double(downmix.left[channel]) * sample
                right += Double(downmix.right[channel]) * sample
            }
            left = max(low, min(high, (left * scale).rounded()))
            right = max(low, min(high, (right * scale).rounded()))
            if wide {
                destination.storeBytes(of: Int32(left), toByteOffset: index * 4, as: Int32.self)
                destination.storeBytes(of: Int32(right), toByteOffset: index * 4 + 4, as: Int32.self)
            } else {
                destination.storeBytes(of: Int16(left), toByteOffset: index * 2, as: Int16.self)
                destination.storeBytes(of: Int16(right), toByteOffset: index * 2 + 2, as: Int16.self)
            }
            index += 2
        }
    }
}
