/// The current track as MPRIS `Metadata` describes it.
public struct MPRISTrack: Sendable, Equatable {
    /// Any text that names this track uniquely and stays the same while it is loaded, such as
    /// "magazine-2/disc-3/track-5". It becomes the `mpris:trackid` object path (see `objectPath`)
    /// and comes back in `MPRISCommand.setPosition`.
    public var id: String
    public var title: String
    public var album: String
    public var artists: [String]
    /// 1-based number on its disc.
    public var trackNumber: Int?
    public var lengthMicroseconds: Int64?

    public init(id: String, title: String, album: String = "", artists: [String] = [], trackNumber: Int? = nil, lengthMicroseconds: Int64? = nil) {
        self.id = id
        self.title = title
        self.album = album
        self.artists = artists
        self.trackNumber = trackNumber
        self.lengthMicroseconds = lengthMicroseconds
    }

    /// The D-Bus object path for `id`: `/org/cdchanger/Track/t` followed by the id's letters and
    /// digits as they are and every other byte as `_` and two hex digits, so any id gives a valid,
    /// distinct path ("disc-3/track-5" → `/org/cdchanger/Track/tdisc_2D3_2Ftrack_2D5`).
    public var objectPath: String {
        var path = "/org/cdchanger/Track/t"
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                path.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                path += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path
    }
}
