import Foundation
import Testing

/// Makes FLAC, Ogg Vorbis and Opus files for tests — sox synthesizes the audio, `flac`, `oggenc`
/// and `opusenc` encode it with Vorbis comments — and decodes them with the reference decoders
/// (`flac -d`, `oggdec`, `opusdec`), whose output the player's decoding is compared with.
public enum CodecFixtures {
    /// A format with its encoder and reference decoder.
    public enum Codec: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case flac, vorbis, opus

        /// The file extension the registry knows it by.
        public var fileExtension: String {
            switch self {
            case .flac: "flac"
            case .vorbis: "ogg"
            case .opus: "opus"
            }
        }

        /// The decoder's name in messages ("the FLAC data is damaged").
        public var formatName: String {
            switch self {
            case .flac: "FLAC"
            case .vorbis: "Ogg Vorbis"
            case .opus: "Opus"
            }
        }

        public var testDescription: String { formatName }
    }

    /// Writes `seconds` (or exactly `samples` frames) of a sox `synth` expression as a WAV file of
    /// `bits` bits at `rate` with `channels`.
    public static func synthesize(
        _ wav: URL, seconds: Double = 1, samples: Int? = nil, rate: Int = 44_100, channels: Int = 2, bits: Int = 16,
        synth: [String] = ["sine", "220-1760", "sine", "330"]
    ) throws {
        try FileManager.default.createDirectory(at: wav.deletingLastPathComponent(), withIntermediateDirectories: true)
        let length = samples.map { "\($0)s" } ?? String(seconds)
        // Rate and channels go before -n, so the synth itself runs at the rate (a length in samples
        // counts at the input's rate; after -n they would resample from sox's default 48 kHz).
        let made = try runProcess("sox", ["-R", "-r", String(rate), "-c", String(channels), "-n", "-b", String(bits), wav.path, "synth", length] + synth + ["vol", "0.5"])
        guard made.status == 0 else { throw FixtureError(message: "sox failed: \(made.error)") }
    }

    /// Encodes `wav` as `codec` at `url`, with `comments` as Vorbis comments and the encoder's `options`.
    public static func encode(_ wav: URL, as codec: Codec, to url: URL, comments: [(String, String)] = [], options: [String] = []) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fields = comments.map { "\($0.0)=\($0.1)" }
        let (tool, arguments): (String, [String]) = switch codec {
        case .flac: ("flac", ["--silent", "-f"] + options + fields.flatMap { ["-T", $0] } + ["-o", url.path, wav.path])
        case .vorbis: ("oggenc", ["--quiet"] + options + fields.flatMap { ["-c", $0] } + ["-o", url.path, wav.path])
        case .opus: ("opusenc", ["--quiet"] + options + fields.flatMap { ["--comment", $0] } + [wav.path, url.path])
        }
        let encoded = try runProcess(tool, arguments)
        guard encoded.status == 0 else { throw FixtureError(message: "\(tool) failed: \(encoded.error)") }
    }

    /// A file of `codec` made from a sox synth: the WAV next to it is removed.
    @discardableResult
    public static func make(
        _ url: URL, as codec: Codec, seconds: Double = 1, rate: Int? = nil, channels: Int = 2, bits: Int = 16,
        comments: [(String, String)] = [], options: [String] = []
    ) throws -> URL {
        let wav = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        try synthesize(wav, seconds: seconds, rate: rate ?? (codec == .opus ? 48_000 : 44_100), channels: channels, bits: bits)
        try encode(wav, as: codec, to: url, comments: comments, options: options)
        return url
    }

    /// What the reference decoder makes of `file`: `flac -d`, `oggdec` (16-bit), or `opusdec`
    /// at 48 kHz (with its default dither).
    public static func referenceDecode(_ file: URL, as codec: Codec) throws -> WAVContents {
        let out = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).reference.wav")
        defer { try? FileManager.default.removeItem(at: out) }
        let (tool, arguments): (String, [String]) = switch codec {
        case .flac: ("flac", ["--silent", "-d", "-f", "-o", out.path, file.path])
        case .vorbis: ("oggdec", ["--quiet", "-o", out.path, file.path])
        case .opus: ("opusdec", ["--quiet", "--rate", "48000", file.path, out.path])
        }
        let decoded = try runProcess(tool, arguments)
        guard decoded.status == 0 else { throw FixtureError(message: "\(tool) failed: \(decoded.error)") }
        return try WAVContents(path: out.path)
    }
}
