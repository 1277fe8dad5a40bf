import Foundation
import MPEGAudio
import Testing

/// `decodeFrame(into:)` (straight into the caller's buffer) gives the same samples as `read(into:)`.
@Suite("Decoding frame by frame")
struct MPEGFileDecodeTests {
    private func decodeByFrames(_ path: String, startingAt frame: Int = 0) throws -> [UInt8] {
        let file = try MPEGFile(path: Array(path.utf8), forceStereo: true)
        _ = try file.format()
        if frame > 0 { try file.seek(toFrame: frame) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: file.largestFrameBytes())
        while true {
            let result = buffer.withUnsafeMutableBytes { file.decodeFrame(into: $0) }
            out += buffer[0..<result.bytes]
            if result.status == .finished { break }
            #expect(result.status == .decoded || result.status == .newFormat)
            if case .failed = result.status { break }
        }
        return out
    }

    @Test("the same bytes as read(into:), gapless trimming included", arguments: [(["-V", "2"], 2), (["-b", "96", "-m", "m"], 1), (["-t"], 2)])
    func sameAsRead(lame: [String], channels: Int) throws {
        let tone = try EncodedTone(frames: 54321, channels: channels, synth: "300-3000", lameOptions: lame)
        let path = tone.path
        let frames = try decodeByFrames(path)
        #expect(frames == (try decodeByReading(path)))
        if lame.contains("-V") { #expect(frames.count == 54_321 * 4) }
    }

    @Test("after a sample-accurate seek, the rest of the same bytes")
    func afterSeek() throws {
        let tone = try EncodedTone(frames: 54321, synth: "300-3000", lameOptions: ["-V", "2"])
        let path = tone.path
        let whole = try decodeByReading(path)
        #expect(try decodeByFrames(path, startingAt: 12_345) == Array(whole[(12_345 * 4)...]))
    }

    @Test("a buffer smaller than the largest frame is refused")
    func smallBuffer() throws {
        let tone = try EncodedTone(frames: 54321, synth: "300-3000", lameOptions: ["-V", "2"])
        let path = tone.path
        let file = try MPEGFile(path: Array(path.utf8), forceStereo: true)
        _ = try file.format()
        var buffer = [UInt8](repeating: 0, count: 100)
        let result = buffer.withUnsafeMutableBytes { file.decodeFrame(into: $0) }
        #expect(result.bytes == 0)
        #expect(result.status != .decoded)
    }
}
