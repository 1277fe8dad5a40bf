import Foundation

/// Makes small MP3 files for tests with sox (a tone) and lame (encoding and ID3 tags).
public enum MP3Fixtures {
    /// Tags to write; nil fields are left out.
    public struct Tags: Sendable {
        public var title: String?
        public var artist: String?
        public var album: String?
        public var track: String?
        public var disc: String?
        /// ID3v2's `TCON` text as written: "Ambient", "(26)".
        public var genre: String?
        /// The year tag as written ("2019").
        public var year: String?

        public init(title: String? = nil, artist: String? = nil, album: String? = nil, track: String? = nil, disc: String? = nil, genre: String? = nil, year: String? = nil) {
            self.title = title
            self.artist = artist
            self.album = album
            self.track = track
            self.disc = disc
        self.genre = genre
        self.year = year
        }
    }

    /// Writes an MP3 of `seconds` of a tone at `frequency` Hz to `url`.
    /// `infoFrame: false` leaves out the LAME/Xing header (`lame -t`), so the length is unknown until scanned.
    public static func make(
        at url: URL, seconds: Double = 1, frequency: Int = 440, sampleRate: Int = 44100, channels: Int = 2,
        tags: Tags = Tags(), infoFrame: Bool = true, kilobitsPerSecond: Int = 64
    ) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let wave = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wave) }
        let synth = try runProcess("sox", [
            "-n", "-r", String(sampleRate), "-c", String(channels), "-b", "16", wave.path,
            "synth", String(seconds), "sine", String(frequency), "vol", "0.3",
        ])
        guard synth.status == 0 else { throw FixtureError(message: "sox failed: \(synth.error)") }
        // Note: at 64 kbit/s lame resamples 44.1 kHz stereo down to 22.05 kHz.
        var arguments = ["--quiet", "--id3v2-only", "-b", String(kilobitsPerSecond)]
        if !infoFrame { arguments.append("-t") }
        if let title = tags.title { arguments += ["--tt", title] }
        if let artist = tags.artist { arguments += ["--ta", artist] }
        if let album = tags.album { arguments += ["--tl", album] }
        if let track = tags.track { arguments += ["--tn", track] }
        if let disc = tags.disc { arguments += ["--tv", "TPOS=\(disc)"] }
        if let genre = tags.genre { arguments += ["--tv", "TCON=\(genre)"] }
        if let year = tags.year { arguments += ["--ty", year] }
        if tags.title != nil || tags.artist != nil || tags.album != nil || tags.track != nil || tags.disc != nil || tags.genre != nil || tags.year != nil {
            arguments.append("--id3v2-utf16")
        } else {
            arguments = arguments.filter { $0 != "--id3v2-only" }
        }
        let encode = try runProcess("lame", arguments + [wave.path, url.path])
        guard encode.status == 0 else { throw FixtureError(message: "lame failed: \(encode.error)") }
    }

    /// Writes an album folder of `count` tagged tracks and returns the folder.
    @discardableResult
    public static func album(in folder: URL, title: String, artist: String, count: Int, seconds: Double = 1) throws -> URL {
        for number in 1...count {
            let tags = Tags(title: "\(title) Song \(number)", artist: artist, album: title, track: "\(number)/\(count)")
            try make(at: folder.appendingPathComponent(String(format: "%02d.mp3", number)), seconds: seconds, frequency: 300 + 40 * number, tags: tags)
        }
        return folder
    }
}

/// A fixture could not be made.
public struct FixtureError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
