#if canImport(Glibc)
import Glibc
#endif
import AudioDecoding

/// One RIFF/WAVE file of 16-bit PCM being written: a 44-byte header with the sizes left open,
/// then the samples; `finish()` fills in the sizes.
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

    /// The canonical 44-byte header (sizes saturate at the format's 4 GiB limit).
    static func header(format: AudioFormat, dataBytes: UInt64) -> [UInt8] {
        let data = UInt32(min(dataBytes, UInt64(UInt32.max - 36)))
        let channels = UInt16(format.channels)
        let rate = UInt32(format.sampleRate)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44)
        func add(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func add32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func add16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        add("RIFF"); add32(36 + data); add("WAVE")
        add("fmt "); add32(16); add16(1); add16(channels); add32(rate)
        add32(rate * UInt32(channels) * 2); add16(channels * 2); add16(16)
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
