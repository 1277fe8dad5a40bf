import Foundation
import MPEGAudio
import Testing

/// `MPEGFile.lengthIsExact()`: exact with an info frame, estimated without one until `scan()`.
@Suite("Length and its exactness")
struct MPEGFileLengthTests {
    @Test("with an info frame the gapless length is exact at once")
    func infoFrame() throws {
        let tone = try EncodedTone(frames: 77777, synth: "440", lameOptions: ["-V", "2"])
        let path = tone.path
        let file = try MPEGFile(path: Array(path.utf8), forceStereo: true)
        _ = try file.format()
        #expect(file.lengthIsExact())
        #expect(file.lengthInFrames() == 77_777)
    }

    @Test("without an info frame the length is an estimate until a scan")
    func noInfoFrame() throws {
        let tone = try EncodedTone(frames: 77777, synth: "440", lameOptions: ["-t", "-b", "128"])
        let path = tone.path
        let file = try MPEGFile(path: Array(path.utf8), forceStereo: true)
        _ = try file.format()
        #expect(!file.lengthIsExact())
        try file.scan()
        #expect(file.lengthIsExact())
        // No info frame means no encoder delay to remove: whole MP3 frames are decoded.
        let frames = try #require(file.lengthInFrames())
        #expect(frames % 1152 == 0 && frames >= 77_777)
    }
}
