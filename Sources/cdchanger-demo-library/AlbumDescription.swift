import OrderedJSON

/// One album of the manifest as the build reads it: tags, format, and how its music goes.
struct AlbumDescription {
    var title: String
    var artist: String
    var genre: String
    var year: String
    var note: String
    var sampleRate: Int
    var channels: Int
    var encoderOptions: [String]
    var hasInfoFrame: Bool
    var music: Music
    var tracks: [Track]

    /// How the album sounds. Numbers keep the manifest's text ("0.22"), as sox is given them.
    struct Music {
        /// "songs" (each track a song of its own) or "continuous" (one piece cut into tracks).
        var style: String
        var bpm: Int
        var meter: Int
        var key: Int
        var scale: [Int]
        var tonic: String
        var lead: String
        var pad: String
        var drums: [Character]
        var bassline: [Character]
        var gains: (pad: String, bass: String, drums: String, lead: String)
        /// The continuous piece's chords, two bars each.
        var chords: [String]
        /// The continuous piece's track lengths in samples, all but the last.
        var trackLengths: [Int]
    }

    struct Track {
        var title: String
        var format: String
        /// A song's chords, one a bar, and its length in bars.
        var chords: [String]
        var bars: Int
    }

    var folder: String { "\(artist) - \(title)" }

    init(_ value: JSONValue) throws {
        func text(_ value: JSONValue?, _ name: String) throws -> String {
            switch value {
            case .string(let text)?, .number(let text)?: return text
            default: throw Tool.Failure(description: "the manifest's \(name) is missing or not text")
            }
        }
        func number(_ value: JSONValue?, _ name: String, or standard: Int? = nil) throws -> Int {
            if value == nil, let standard { return standard }
            guard let parsed = Int(try text(value, name)) else { throw Tool.Failure(description: "the manifest's \(name) is not a whole number") }
            return parsed
        }
        title = try text(value["title"], "title")
        artist = try text(value["artist"], "artist")
        genre = try text(value["genre"], "genre")
        year = try text(value["year"], "year")
        note = try text(value["note"], "note")
        sampleRate = try number(value["sampleRate"], "sampleRate")
        channels = try number(value["channels"], "channels")
        encoderOptions = try text(value["encoderOptions"], "encoderOptions").split(separator: " ").map(String.init)
        hasInfoFrame = value["hasInfoFrame"] == .bool(true)
        let music = value["music"]
        let gains = music?["gains"]
        self.music = Music(
            style: try text(music?["style"], "music.style"),
            bpm: try number(music?["bpm"], "music.bpm"),
            meter: try number(music?["meter"], "music.meter", or: 0),
            key: try number(music?["key"], "music.key", or: 0),
            scale: try (music?["scale"].map { try text($0, "music.scale") } ?? "").split(separator: " ").map { Int($0) ?? 0 },
            tonic: try music?["tonic"].map { try text($0, "music.tonic") } ?? "0:M",
            lead: try music?["lead"].map { try text($0, "music.lead") } ?? "",
            pad: try music?["pad"].map { try text($0, "music.pad") } ?? "",
            drums: Array(try music?["drums"].map { try text($0, "music.drums") } ?? ""),
            bassline: Array(try music?["bassline"].map { try text($0, "music.bassline") } ?? ""),
            gains: (try gains?["pad"].map { try text($0, "gains") } ?? "0", try gains?["bass"].map { try text($0, "gains") } ?? "0",
                    try gains?["drums"].map { try text($0, "gains") } ?? "0", try gains?["lead"].map { try text($0, "gains") } ?? "0"),
            chords: (try music?["chords"].map { try text($0, "music.chords") } ?? "").split(separator: " ").map(String.init),
            trackLengths: try {
                guard case .array(let lengths)? = music?["trackLengths"] else { return [] }
                return try lengths.map { try number($0, "music.trackLengths") }
            }()
        )
        guard case .array(let tracks)? = value["tracks"] else { throw Tool.Failure(description: "album \(title) has no tracks") }
        self.tracks = try tracks.map { track in
            Track(title: try text(track["title"], "track title"), format: try text(track["format"], "track format"),
                  chords: (try track["chords"].map { try text($0, "chords") } ?? "").split(separator: " ").map(String.init),
                  bars: try number(track["bars"], "bars", or: 0))
        }
        guard ["songs", "continuous"].contains(self.music.style) else {
            throw Tool.Failure(description: "album \(title): unknown music style '\(self.music.style)'")
        }
    }
}
