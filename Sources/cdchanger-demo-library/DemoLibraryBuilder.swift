import Foundation
import OrderedJSON

/// Builds the demo library from the manifest: renders each album's music (songs, or one piece
/// cut into tracks), lays the spoken announcement over each intro, encodes every track in its
/// format with full tags (ReplayGain from metaflac for FLAC), decodes it back with the format's
/// reference decoder, checks it, records what was measured, and replaces the library and the
/// manifest in one go.
struct DemoLibraryBuilder {
    let root: URL
    static let libraryFolder = "Assets/DemoLibrary"
    static let manifestFile = "Assets/DemoLibrary.manifest.json"
    /// "Under 8 MB", read strictly as 8,000,000 bytes.
    static let maximumBytes = 8_000_000
    /// Samples per Layer III granule; a frame (1,152) is two.
    static let granule = 576
    static let comment = "CD Changer demo library"
    static let numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

    func build() throws {
        let started = Date()
        // lame turns UTF-8 tag text into UTF-16 only under a UTF-8 locale; in the C locale it
        // silently cuts the text at the first non-ASCII byte.
        setenv("LC_ALL", "C.UTF-8", 1)
        let manifestURL = root.appendingPathComponent(DemoLibraryBuilder.manifestFile)
        let manifest = try JSONValue.parse(Data(contentsOf: manifestURL))
        guard case .array(let albums)? = manifest["albums"] else { throw Tool.Failure(description: "the manifest has no albums") }
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("demo-library.\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // KEEP_WORK=1 keeps the intermediate files for a look afterwards.
        let keepsWork = ProcessInfo.processInfo.environment["KEEP_WORK"] == "1"
        if keepsWork { log("Keeping work files in \(work.path)") }
        defer { if !keepsWork { try? FileManager.default.removeItem(at: work) } }
        let stage = work.appendingPathComponent("DemoLibrary")

        var recorded: [JSONValue] = []
        for (index, value) in albums.enumerated() {
            recorded.append(try buildAlbum(value, disc: index + 1, stage: stage, work: work))
        }

        let entries = FileManager.default.enumerator(at: stage, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])?.compactMap { $0 as? URL } ?? []
        let totalBytes = try entries.reduce(0) { total, entry in
            let values = try entry.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            return total + (values.isRegularFile == true ? values.fileSize ?? 0 : 0)
        }
        guard totalBytes < DemoLibraryBuilder.maximumBytes else {
            throw Tool.Failure(description: "library is \(totalBytes) bytes, over the \(DemoLibraryBuilder.maximumBytes) limit")
        }
        let lameVersion = try Tool.run(["lame", "--version"]).output.split(separator: "\n").first.map(String.init) ?? ""
        let written: JSONValue = .object([
            "generator": .string("scripts/make-demo-library.sh"), "encoder": .string(lameVersion),
            "root": .string(DemoLibraryBuilder.libraryFolder), "albums": .array(recorded), "totalBytes": .integer(totalBytes),
        ])

        // Replace the library in one go.
        let library = root.appendingPathComponent(DemoLibraryBuilder.libraryFolder)
        try? FileManager.default.removeItem(at: library)
        try FileManager.default.copyItem(at: stage, to: library)
        try Data((written.prettyText + "\n").utf8).write(to: manifestURL)
        log("")
        log("Wrote \(DemoLibraryBuilder.libraryFolder) (\(totalBytes) bytes, \(String(format: "%.2f", Double(totalBytes) / 1e6)) MB) and "
            + "\(DemoLibraryBuilder.manifestFile) in \(Int(Date().timeIntervalSince(started))) s.")
    }

    /// Builds one album into `stage` and returns its manifest entry with what was measured.
    private func buildAlbum(_ value: JSONValue, disc: Int, stage: URL, work: URL) throws -> JSONValue {
        let album = try AlbumDescription(value)
        let cache = work.appendingPathComponent("cache\(disc)")
        let folder = stage.appendingPathComponent(album.folder)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let synth = Synth(rate: album.sampleRate, channels: album.channels, cache: cache)
        func workFile(_ name: String) -> String { work.appendingPathComponent(name).path }
        log("")
        log("Disc \(disc): \(album.folder)  [\(album.note)]")

        var sources: [String] = []
        var starts: [Int] = []
        var margins: [String] = []
        var pieceSamples = 0
        if album.music.style == "continuous" {
            // Render once, announce over the opening, cut.
            try NightDriveRenderer(synth: synth, music: album.music, work: work).render(into: workFile("night.wav"))
            let margin = try announce(workFile("night.wav"), "Disc \(Self.numberWords[disc]), track one. \(album.title).",
                                      into: workFile("piece.wav"), synth: synth, work: work)
            pieceSamples = try Tool.samples(workFile("piece.wav"))
            let lengths = album.music.trackLengths + [pieceSamples - album.music.trackLengths.reduce(0, +)]
            guard lengths.count == album.tracks.count else { throw Tool.Failure(description: "\(album.title): the track lengths do not match its track list") }
            var start = 0
            for (track, length) in lengths.enumerated() {
                guard length % Self.granule != 0, start == 0 || start % Self.granule != 0 else {
                    throw Tool.Failure(description: "cut at \(start) (+\(length)) is aligned to \(Self.granule) samples")
                }
                try Tool.sox([workFile("piece.wav"), workFile("t\(track).wav"), "trim", "\(start)s", "\(length)s"])
                sources.append(workFile("t\(track).wav"))
                starts.append(start)
                start += length
            }
            log("  piece: \(pieceSamples) samples (\(String(format: "%.3f", Double(pieceSamples) / Double(album.sampleRate))) s), voice \(margin) dB over the music")
        } else {
            let renderer = SongRenderer(synth: synth, music: album.music, work: work)
            for (index, track) in album.tracks.enumerated() {
                try renderer.render(into: workFile("music.wav"), bars: track.bars, progression: track.chords, seed: disc * 100 + index + 1)
                margins.append(try announce(workFile("music.wav"), "Disc \(Self.numberWords[disc]), track \(Self.numberWords[index + 1]). \(album.title).",
                                            into: workFile("t\(index).wav"), synth: synth, work: work))
                sources.append(workFile("t\(index).wav"))
            }
        }

        // Encode; FLAC albums get ReplayGain tags (track and album) from metaflac.
        let names = album.tracks.enumerated().map { String(format: "%02d %@.%@", $0.offset + 1, $0.element.title, $0.element.format) }
        for (index, track) in album.tracks.enumerated() {
            try encode(album, track, number: index + 1, disc: disc, from: sources[index], to: folder.appendingPathComponent(names[index]).path)
        }
        let flacs = album.tracks.indices.filter { album.tracks[$0].format == "flac" }.map { folder.appendingPathComponent(names[$0]).path }
        if !flacs.isEmpty { try Tool.run(["metaflac", "--add-replay-gain"] + flacs) }

        // Decode back, and record what the reference decoder makes of each file.
        guard case .array(let trackValues)? = value["tracks"], case .object(let albumObject) = value else { throw Tool.Failure(description: "bad album entry") }
        var recordedTracks: [JSONValue] = []
        var decodedSum = 0
        var decodedFiles: [String] = []
        for (index, track) in album.tracks.enumerated() {
            let path = folder.appendingPathComponent(names[index]).path
            let decoded = workFile("dec\(index).wav")
            try decode(track.format, path, to: decoded)
            decodedFiles.append(decoded)
            let source = try Tool.samples(sources[index]), samples = try Tool.samples(decoded)
            let rate = try Tool.rate(decoded), channels = try Tool.channels(decoded)
            let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            guard rate == album.sampleRate, channels == album.channels else {
                throw Tool.Failure(description: "\(names[index]) decodes as \(rate) Hz, \(channels) channels; expected \(album.sampleRate) Hz, \(album.channels)")
            }
            if track.format == "mp3" {
                let report = try Tool.run(["mpg123", "-t", "-vv", "-n", "1", path], failingOnError: false)
                guard (report.output + report.error).contains("Xing/Lame/Info header detected") == album.hasInfoFrame else {
                    throw Tool.Failure(description: "\(names[index]): info frame presence is not \(album.hasInfoFrame)")
                }
            }
            let levels = try Tool.levels(decoded)
            let seconds = String(format: "%.3f", Double(samples) / Double(album.sampleRate))
            decodedSum += samples
            let voice = margins.indices.contains(index) ? "  voice \(margins[index]) dB over music" : ""
            log("  \(names[index])  \(seconds)s  source \(source) / decoded \(samples) samples  \(bytes) bytes  RMS/peak \(levels.rms)/\(levels.peak) dBFS\(voice)")
            // Derived and measured fields, in a fixed order around the description's own.
            guard case .object(let original) = trackValues[index] else { throw Tool.Failure(description: "bad track entry") }
            var entry: JSONObject = ["file": .string(names[index]), "title": original["title"] ?? .null, "format": original["format"] ?? .null,
                                     "track": .integer(index + 1), "trackTotal": .integer(album.tracks.count)]
            let derived: Set = ["file", "title", "format", "track", "trackTotal", "samples", "seconds", "sourceSamples", "bytes", "startSample"]
            entry.fields += original.fields.filter { !derived.contains($0.key) }
            entry.append("samples", .integer(samples))
            entry.append("seconds", .number(Self.shortest(seconds)))
            entry.append("sourceSamples", .integer(source))
            entry.append("bytes", .integer(bytes))
            if starts.indices.contains(index) { entry.append("startSample", .integer(starts[index])) }
            recordedTracks.append(.object(entry))
        }

        var entry: JSONObject = ["disc": .integer(disc), "folder": .string(album.folder)]
        let derived: Set = ["disc", "folder", "tracks", "originalSamples", "cutPoints"]
        entry.fields += albumObject.fields.filter { !derived.contains($0.key) }
        entry.append("tracks", .array(recordedTracks))
        if album.music.style == "continuous" {
            try checkGapless(piece: workFile("piece.wav"), samples: pieceSamples, decoded: decodedFiles, decodedSum: decodedSum,
                             cuts: Array(starts.dropFirst()), rate: album.sampleRate, work: work)
            entry.append("originalSamples", .integer(pieceSamples))
            entry.append("cutPoints", .array(starts.dropFirst().map { .integer($0) }))
        }
        return .object(entry)
    }

    /// Mixes the spoken announcement (at the album's rate and channels, peak -4 dBFS, 0.6 s in)
    /// over `music`, sets the peak to -3 dBFS and writes 16-bit PCM for the encoders. Returns how
    /// far the voice stands above the music while it speaks, in dB ("+6.3").
    private func announce(_ music: String, _ text: String, into output: String, synth: Synth, work: URL) throws -> String {
        func workFile(_ name: String) -> String { work.appendingPathComponent(name).path }
        try Tool.run(["espeak-ng", "-v", "en-us", "-s", "145", "-w", workFile("espeak.wav"), text])
        try Tool.sox([workFile("espeak.wav"), "-r", String(synth.rate)] + Synth.floatWAV
            + [workFile("voice.wav"), "highpass", "120", "rate", "-v", String(synth.rate), "channels", String(synth.channels), "gain", "-n", "-4", "pad", "0.6"])
        try Tool.sox(["-m", "-v", "1", music, "-v", "1", workFile("voice.wav")] + Synth.floatWAV + [workFile("mixed.wav")])
        try Tool.sox([workFile("mixed.wav"), "-b", "16", output, "gain", "-n", "-3"])
        let voiceLength = try Tool.samples(workFile("voice.wav"))
        let voice = Double(try Tool.levels(workFile("voice.wav")).rms) ?? .nan
        let under = Double(try Tool.levels(music, ["trim", "0", "\(voiceLength)s"]).rms) ?? .nan
        return String(format: "%+.1f", voice - under)
    }

    /// Lame with ID3v2 (UTF-16) and ID3v1 tags, the disc number in TPOS (each album is one
    /// disc); FLAC and Opus with the same fields as Vorbis comments. An Ogg stream's serial number
    /// is random unless given: Opus gets disc × 100 + track, so a rebuild gives the same bytes.
    private func encode(_ album: AlbumDescription, _ track: AlbumDescription.Track, number: Int, disc: Int, from wav: String, to output: String) throws {
        let total = album.tracks.count
        let comments = ["TITLE=\(track.title)", "ARTIST=\(album.artist)", "ALBUM=\(album.title)", "DATE=\(album.year)", "TRACKNUMBER=\(number)",
                        "TRACKTOTAL=\(total)", "DISCNUMBER=1", "DISCTOTAL=1", "GENRE=\(album.genre)", "COMMENT=\(Self.comment)"]
        switch track.format {
        case "mp3":
            try Tool.run(["lame", "--quiet", "--nohist"] + album.encoderOptions + [
                "--add-id3v2", "--id3v2-utf16", "--tt", track.title, "--ta", album.artist, "--tl", album.title, "--ty", album.year,
                "--tn", "\(number)/\(total)", "--tg", album.genre, "--tc", Self.comment, "--tv", "TPOS=1/1", wav, output])
        case "flac":
            try Tool.run(["flac", "--silent", "--force"] + album.encoderOptions + comments.map { "--tag=\($0)" } + ["-o", output, wav])
        case "opus":
            try Tool.run(["opusenc", "--quiet", "--serial", String(disc * 100 + number)] + album.encoderOptions
                + comments.flatMap { ["--comment", $0] } + [wav, output])
        default:
            throw Tool.Failure(description: "no encoder for the format '\(track.format)' (\(output))")
        }
    }

    /// Decodes with the format's reference decoder to a 16-bit WAV: mpg123 gapless (the LAME
    /// tag's encoder delay and padding removed), flac, opusdec (pre-skip and end trimming applied).
    private func decode(_ format: String, _ path: String, to wav: String) throws {
        switch format {
        case "mp3": try Tool.run(["mpg123", "-q", "--gapless", "-w", wav, path])
        case "flac": try Tool.run(["flac", "--silent", "--decode", "--force", "-o", wav, path])
        case "opus": try Tool.run(["opusdec", "--quiet", path, wav])
        default: throw Tool.Failure(description: "could not decode \(path)")
        }
    }

    /// The gapless check: the decoded tracks, end to end, give back exactly the piece that was
    /// cut up. Lengths alone could hide samples moved across a cut, so the joined decode is also
    /// compared with the original over 10 ms around each cut: coding error sits near -55 dBFS; a
    /// gap or a one-sample shift would push it to about -20.
    private func checkGapless(piece: String, samples: Int, decoded: [String], decodedSum: Int, cuts: [Int], rate: Int, work: URL) throws {
        let joined = work.appendingPathComponent("joined.wav").path, error = work.appendingPathComponent("error.wav").path
        try Tool.sox(decoded + [joined])
        let joinedSamples = try Tool.samples(joined)
        try Tool.run(["sox", "-m", "-v", "1", piece, "-v", "-1", joined] + Synth.floatWAV + [error])
        let signal = Double(try Tool.levels(piece).rms) ?? .nan, noise = Double(try Tool.levels(error).rms) ?? .nan
        log("  gapless check: original \(samples) samples; decoded tracks sum to \(decodedSum); joined file \(joinedSamples); "
            + "original vs joined decode SNR \(String(format: "%.1f", signal - noise)) dB")
        guard decodedSum == samples, joinedSamples == samples else {
            throw Tool.Failure(description: "gapless check failed: \(decodedSum) decoded samples, \(samples) in the original")
        }
        for cut in cuts {
            let level = try Tool.levels(error, ["trim", "\(cut - rate / 200)s", "\(rate / 100)s"]).rms
            log("  cut at sample \(cut): decode error around the cut \(level) dBFS RMS")
            guard let decibels = Double(level), decibels < -40 else {
                throw Tool.Failure(description: "the decode does not line up with the original at sample \(cut)")
            }
        }
    }

    /// "17.200" → "17.2", "21.000" → "21": a number as the manifest writes it.
    private static func shortest(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
