import AudioDecoding
import BuiltInDecoders
import Foundation
import TestSupport

/// Everything a decoder makes of a file: its format and length as opened, every sample at 32-bit
/// scale (16-bit samples fill the top 16 bits) and how decoding ended.
struct DecodedFile {
    var format: AudioFormat
    var length: AudioLength
    var tags: AudioTags
    var samples: [Int32]
    var ending: DecodeResult.Status

    /// Opens `path` with the built-in decoder for its extension and reads it to the end.
    init(_ path: String) throws {
        let decoder = try DecoderRegistry.builtIn.open(Array(path.utf8))
        try self.init(decoder)
    }

    init(_ decoder: any AudioDecoder) throws {
        format = decoder.format
        length = decoder.length
        tags = decoder.tags
        let blockBytes = type(of: decoder).largestBlockBytes
        // A larger buffer than the block: a decoder must still hand over no more than its block.
        var buffer = [UInt8](repeating: 0, count: 3 * blockBytes)
        samples = []
        while true {
            let result = buffer.withUnsafeMutableBytes { decoder.read(into: $0) }
            precondition(result.bytes <= blockBytes, "a read handed over \(result.bytes) bytes, more than the \(blockBytes) declared")
            samples += DecodedFile.wide(buffer[0..<result.bytes], format: decoder.format.sampleFormat)
            if result.status == .newFormat { format = decoder.format }
            if result.status == .finished || result.status == .failed {
                ending = result.status
                return
            }
        }
    }

    /// Frames decoded (all decoders give stereo).
    var frames: Int { samples.count / 2 }

    static func wide(_ bytes: ArraySlice<UInt8>, format: AudioFormat.SampleFormat) -> [Int32] {
        bytes.withUnsafeBytes { raw in
            switch format {
            case .signed16: raw.bindMemory(to: Int16.self).map { Int32($0) << 16 }
            case .signed32: Array(raw.bindMemory(to: Int32.self))
            case .float32: raw.bindMemory(to: Float.self).map { Int32(clamping: Int64(($0 * 2_147_483_648).rounded())) }
            }
        }
    }
}

extension WAVContents {
    /// The samples as stereo: a mono file's channel doubled, as the player plays it.
    var stereoWideSamples: [Int32] {
        channels == 1 ? wideSamples.flatMap { [$0, $0] } : wideSamples
    }
}
