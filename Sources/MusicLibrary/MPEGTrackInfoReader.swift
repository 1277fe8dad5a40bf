import MPEGAudio

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
