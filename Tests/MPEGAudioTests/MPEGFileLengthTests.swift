import Foundation
import MPEGAudio
import Testing

/// `MPEGFile.lengthIsExact()`: exact with an info frame, estimated without one until `scan()`.
@Suite("Length and its exactness")
struct MPEGFileLengthTests {
    private func makeMP3(_ lameOptions: [String]) throws -> (path: String, cleanup: () -> Void) {
        let folder = NSTemporaryDirectory() + "cdc-mpeg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let wav = folder + "/source.wav"
        let mp3 = folder + "/track.mp3"
        for arguments in [["sox", "-r", "44100", "-c", "2", "-n", "-b", "16", wav, "synth", "77777s", "sine", "440", "vol", "0.5"],
                          ["lame", "--quiet"] + lameOptions + [wav, mp3]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        return (mp3, { try? FileManager.default.removeItem(atPath: folder) })
    }

    @Test("with an info frame the gapless length is exact at once")
    func infoFrame() throws {
        let (path, cleanup) = try makeMP3(["-V", "2"])
        defer { cleanup() }
        let file = try MPEGFile(path: Array(path.utf8), forceStereo: true)
        _ = try file.format()
        #expect(file.lengthIsExact())
        #expect(file.lengthInFrames() == 77_777)
    }

    @Test("without an info frame the length is an estimate until a scan")
    func noInfoFrame() throws {
        let (path, cleanup) = try makeMP3(["-t", "-b", "128"])
        defer { cleanup() }
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
