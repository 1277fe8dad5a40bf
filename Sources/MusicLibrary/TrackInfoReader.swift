/// Reads a file's tags and length. The library scanner uses `MPEGTrackInfoReader`; tests may use another.
public protocol TrackInfoReader: Sendable {
    /// The file's information, or a reason a user can read when it is not a playable MP3.
    func readInfo(at path: LibraryPath) -> Result<TrackInfo, UnreadableReason>
}
