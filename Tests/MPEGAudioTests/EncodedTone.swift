import Foundation
import MPEGAudio
import Testing
import TestSupport

/// An MP3 of an exact number of sample frames of a tone, made with sox and lame in a temporary
/// folder that goes away with the value (keep the value while the file is in use).
struct EncodedTone {
    let path: String
    private let folder = TemporaryFolder("cdc-mpeg")

    /// `synth` is sox's tone ("440", or a sweep like "300-3000"); `lameOptions` choose the encoding.
    init(frames: Int, channels: Int = 2, synth: String, lameOptions: [String]) throws {
        let wav = folder.path + "/source.wav"
        path = folder.path + "/track.mp3"
        let made = try runProcess("sox", ["-r", "44100", "-c", "\(channels)", "-n", "-b", "16", wav, "synth", "\(frames)s", "sine", synth, "vol", "0.5"])
        #expect(made.status == 0, "\(made.error)")
        let encoded = try runProcess("lame", ["--quiet"] + lameOptions + [wav, path])
        #expect(encoded.status == 0, "\(encoded.error)")
    }
}

/// The whole file decoded with `MPEGFile.read(into:)` (libmpg123 copying into our buffer), mono
/// as stereo: the reference the other ways of decoding are compared with.
func decodeByReading(_ path: String) throws -> [UInt8] {
    let file = try MPEGFile(path: Array(path.utf8), forceStereo: true)
    _ = try file.format()
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 10_000)
    while true {
        let result = buffer.withUnsafeMutableBytes { file.read(into: $0) }
        out += buffer[0..<result.bytes]
        if result.status != .decoded { break }
    }
    return out
}
