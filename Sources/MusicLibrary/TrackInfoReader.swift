/// Reads a file's tags and length. The library scanner uses `DecoderTrackInfoReader`; tests may use another.
public protocol TrackInfoReader: Sendable {
    /// The file's information, or a reason a user can read when it can't be played.
    func readInfo(at path: LibraryPath) -> Result<TrackInfo, UnreadableReason>
}
