import Foundation

/// A format the playback benchmark measures: how its fixtures are encoded, and the reference
/// decoder and real-time player it is compared with.
enum BenchFormat: CaseIterable, Hashable {
    case mp3, flac, vorbis, opus

    var name: String {
        switch self {
        case .mp3: "MP3"
        case .flac: "FLAC"
        case .vorbis: "Vorbis"
        case .opus: "Opus"
        }
    }

    var fileExtension: String {
        switch self {
        case .mp3: "mp3"
        case .flac: "flac"
        case .vorbis: "ogg"
        case .opus: "opus"
        }
    }

    /// Encodes a 16-bit WAV.
    func encode(_ wav: String, to path: String) -> [String] {
        switch self {
        case .mp3: ["lame", "--quiet", "-V", "2", wav, path]
        case .flac: ["flac", "--silent", "--force", "-o", path, wav]
        case .vorbis: ["oggenc", "--quiet", "-q", "5", "-o", path, wav]
        case .opus: ["opusenc", "--quiet", wav, path]
        }
    }

    /// The reference decoder, decoding as fast as it can and writing nothing.
    func referenceDecode(_ path: String) -> [String] {
        switch self {
        case .mp3: ["mpg123", "-q", "-t", path]
        case .flac: ["flac", "--silent", "--decode", "--force", "-o", "/dev/null", path]
        case .vorbis: ["oggdec", "--quiet", "-o", "/dev/null", path]
        case .opus: ["opusdec", "--quiet", path, "/dev/null"]
        }
    }

    var referenceDecodeName: String {
        switch self {
        case .mp3: "mpg123 -q -t"
        case .flac: "flac -d -o /dev/null"
        case .vorbis: "oggdec -o /dev/null"
        case .opus: "opusdec F /dev/null"
        }
    }

    /// The reference real-time player on the paced device: mpg123's own ALSA output, else the
    /// reference decoder piped into aplay (a shell runs the pipeline; its CPU counts too).
    func referencePlay(_ path: String) -> [String] {
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        switch self {
        case .mp3: return ["mpg123", "-q", "-o", "alsa", "-a", "paced", path]
        case .flac: return ["sh", "-c", "flac --silent --decode --stdout \(quoted) | aplay -q -D paced"]
        case .vorbis: return ["sh", "-c", "oggdec --quiet -o - \(quoted) | aplay -q -D paced"]
        case .opus: return ["sh", "-c", "opusdec --quiet \(quoted) - | aplay -q -D paced -t raw -f S16_LE -r 48000 -c 2"]
        }
    }

    var referencePlayName: String {
        switch self {
        case .mp3: "mpg123 -o alsa"
        case .flac: "flac -d -c | aplay"
        case .vorbis: "oggdec -o - | aplay"
        case .opus: "opusdec - | aplay"
        }
    }
}
