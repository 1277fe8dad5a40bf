import AudioDecoding

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
            trackNumber: tags.trackNumber, discNumber: tags.discNumber, genre: tags.genre, year: TrackInfo.year(fromDate: tags.date), duration: rate > 0 ? Double(frames) / Double(rate) : 0
        ))
    }
}
