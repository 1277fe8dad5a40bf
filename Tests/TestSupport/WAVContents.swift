import Foundation

/// The format and samples of a PCM WAV file (8, 16, 24 or 32 bits; plain or `WAVE_FORMAT_EXTENSIBLE`).
public struct WAVContents: Sendable {
    public var sampleRate: Int
    public var channels: Int
    public var bitsPerSample: Int
    /// The samples of a 16-bit file (empty for other depths).
    public var samples: [Int16]
    /// Every sample at 32-bit scale, whatever the depth (a 24-bit sample fills the top 24 bits).
    public var wideSamples: [Int32]

    public init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        // Walk the chunks: the writers differ in what they put before the data.
        var offset = 12
        var rate = 0, channels = 0, bits = 16
        var payload = Data()
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            if id == "fmt " {
                channels = u16(offset + 10)
                rate = u32(offset + 12)
                bits = u16(offset + 22)
            } else if id == "data" {
                let end = min(data.count, offset + 8 + size)
                payload = data[(offset + 8)..<end]
                break
            }
            offset += 8 + size + (size & 1)
        }
        sampleRate = rate
        self.channels = channels
        bitsPerSample = bits
        let width = bits / 8
        let bytes = [UInt8](payload)
        wideSamples = stride(from: 0, to: bytes.count - width + 1, by: width).map { at in
            var value: UInt32 = 0
            for index in 0..<width { value |= UInt32(bytes[at + index]) << (8 * (4 - width + index)) }
            // 8-bit WAV samples are unsigned, centred on 128.
            return width == 1 ? Int32(bitPattern: value ^ 0x8000_0000) : Int32(bitPattern: value)
        }
        samples = bits == 16 ? wideSamples.map { Int16(truncatingIfNeeded: $0 >> 16) } : []
    }
}

/// Where two sample arrays first differ, in words ("sample 1234 of 88200: 17 against 18"), or nil
/// when they are equal: a short failure message for arrays too long to print.
public func firstDifference<Sample: BinaryInteger>(_ actual: [Sample], _ expected: [Sample]) -> String? {
    if let index = (0..<min(actual.count, expected.count)).first(where: { actual[$0] != expected[$0] }) {
        return "sample \(index) of \(expected.count): \(actual[index]) against \(expected[index])"
    }
    return actual.count == expected.count ? nil : "\(actual.count) samples against \(expected.count)"
}
