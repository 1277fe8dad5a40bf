import MPEGAudio

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

/// Reads a file's tags and length. The library scanner uses `MPEGTrackInfoReader`; tests may use another.
public protocol TrackInfoReader: Sendable {
    /// The file's information, or a reason a user can read when it is not a playable MP3.
    func readInfo(at path: LibraryPath) -> Result<TrackInfo, UnreadableReason>
}

/// Why a file could not be read, in words for the user.
public struct UnreadableReason: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Reads tags and length through libmpg123 (`MPEGFile`): the header and tags are parsed, no audio is decoded.
public struct MPEGTrackInfoReader: TrackInfoReader {
    public init() {}

    public func readInfo(at path: LibraryPath) -> Result<TrackInfo, UnreadableReason> {
        do {
            let file = try MPEGFile(path: path.bytes)
            let format = try file.format()
            let tags = file.tags()
            let frames = file.lengthInFrames() ?? 0
            let duration = format.sampleRate > 0 ? Double(frames) / Double(format.sampleRate) : 0
            return .success(TrackInfo(
                title: tags.title, artist: tags.artist, album: tags.album, albumArtist: tags.albumArtist,
                trackNumber: tags.trackNumber, discNumber: tags.discNumber, duration: duration
            ))
        } catch {
            return .failure(UnreadableReason(error.operation == "open" ? "can't open it (\(error.detail))" : "not an MP3 file (\(error.detail))"))
        }
    }
}
