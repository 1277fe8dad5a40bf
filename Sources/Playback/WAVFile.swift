#if canImport(Glibc)
import Glibc
#endif
import AudioDecoding

/// One RIFF/WAVE file of PCM being written: a header with the sizes left open, then the samples;
/// `finish()` fills in the sizes. 16-bit audio gets the canonical 44-byte header; 32-bit audio
/// a `WAVE_FORMAT_EXTENSIBLE` one (68 bytes), as the format asks for more than 16 bits.
///
/// Wraps one file descriptor. The corresponding C functions are `open`, `write`, `pwrite` and
/// `close` (in `deinit`, if `finish()` was not called).
final class WAVFile {
    private var descriptor: Int32
    private let format: AudioFormat
    private(set) var dataBytes: UInt64 = 0

    init(path: String, format: AudioFormat) throws(SinkError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SinkError(message: "Can't write \"\(path)\": \(String(cString: strerror(errno))).")
        }
        self.descriptor = descriptor
        self.format = format
        var header = WAVFile.header(format: format, dataBytes: 0)
        let failure = header.withUnsafeMutableBytes { bytes in WAVFile.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) }
        if let failure { throw SinkError(message: "Can't write \"\(path)\": \(failure).") }
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(SinkError) {
        if let failure = WAVFile.writeAll(descriptor, bytes) { throw SinkError(message: "Can't write the WAV file: \(failure).") }
        dataBytes += UInt64(bytes.count)
    }

    /// Writes the current sizes into the header, so the file is valid as it stands.
    func updateHeader() {
        guard descriptor >= 0 else { return }
        var header = WAVFile.header(format: format, dataBytes: dataBytes)
        _ = header.withUnsafeMutableBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// Writes the final sizes into the header and closes the file.
    func finish() {
        guard descriptor >= 0 else { return }
        updateHeader()
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// The header for `format` (sizes saturate at the format's 4 GiB limit).
    static func header(format: AudioFormat, dataBytes: UInt64) -> [UInt8] {
        let extensible = format.sampleFormat.bytesPerSample > 2
        let formatBytes: UInt32 = extensible ? 40 : 16
        let data = UInt32(min(dataBytes, UInt64(UInt32.max - 20 - formatBytes)))
        let channels = UInt16(format.channels)
        let rate = UInt32(format.sampleRate)
        let sampleBytes = UInt16(format.sampleFormat.bytesPerSample)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(68)
        func add(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func add32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func add16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        add("RIFF"); add32(20 + formatBytes + data); add("WAVE")
        add("fmt "); add32(formatBytes); add16(extensible ? 0xFFFE : 1); add16(channels); add32(rate)
        add32(rate * UInt32(channels * sampleBytes)); add16(channels * sampleBytes); add16(sampleBytes * 8)
        if extensible {
            // cbSize, valid bits, the speaker mask (front centre for mono, front left and right
            // for stereo), and the PCM sub-format's GUID.
            add16(22); add16(sampleBytes * 8); add32(channels == 1 ? 0x4 : channels == 2 ? 0x3 : 0)
            bytes.append(contentsOf: [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        }
        add("data"); add32(data)
        return bytes
    }

    /// Writes everything, retrying short writes and interruptions; returns the error text on failure.
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < bytes.count {
            let result = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if result < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += result
        }
        return nil
    }
}
