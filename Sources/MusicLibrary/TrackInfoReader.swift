import AudioDecoding

/// What one file's tags and header say, before fallbacks to folder and file names are applied.
public struct TrackInfo: Hashable, Sendable, Codable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var trackNumber: Int?
    public var discNumber: Int?
    public var duration: Double

    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        trackNumber: Int? = nil, discNumber: Int? = nil, duration: Double
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.duration = duration
    }
}

/// Reads a file's tags and length. The library scanner uses `DecoderTrackInfoReader`; tests may use another.
public protocol TrackInfoReader: Sendable {
    /// The file's information, or a reason a user can read when it can't be played.
    func readInfo(at path: LibraryPath) -> Result<TrackInfo, UnreadableReason>
}

/// Why a file could not be read, in words for the user.
public struct UnreadableReason: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Reads tags and length with the decoder the registry names for the file's extension (for MP3,
/// libmpg123 parses the header and tags; no audio is decoded).
public struct DecoderTrackInfoReader: TrackInfoReader {
    public var decoders: DecoderRegistry

    public init(decoders: DecoderRegistry) {
        self.decoders = decoders
    }

    public func readInfo(at path: LibraryPath) -> Result<TrackInfo, UnreadableReason> {
        let decoder: any AudioDecoder
        do {
            decoder = try decoders.open(path.bytes)
        } catch {
            return .failure(UnreadableReason(error.description))
        }
        let tags = decoder.tags
        let rate = decoder.format.sampleRate
        let frames = decoder.length.frames ?? 0
        return .success(TrackInfo(
            title: tags.title, artist: tags.artist, album: tags.album, albumArtist: tags.albumArtist,
            trackNumber: tags.trackNumber, discNumber: tags.discNumber, duration: rate > 0 ? Double(frames) / Double(rate) : 0
        ))
    }
}
