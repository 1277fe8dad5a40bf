/// What the player shows to MPRIS clients (desktop media keys, `playerctl`, phone bridges):
/// a plain value the app builds from its changer state.
///
/// Times are in microseconds, as MPRIS counts them.
public struct MPRISStatus: Sendable, Equatable {
    /// MPRIS `PlaybackStatus`.
    public enum Playback: String, Sendable, CaseIterable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    /// MPRIS `LoopStatus`: `track` is the changer's repeat-track, `playlist` its repeat-disc or
    /// repeat-magazine, `none` no repeat.
    public enum Loop: String, Sendable, CaseIterable {
        case none = "None"
        case track = "Track"
        case playlist = "Playlist"
    }

    public var playback: Playback
    /// The current track, or nil when nothing is loaded (then `Metadata` is empty).
    public var track: MPRISTrack?
    /// Where playback is in the current track.
    public var positionMicroseconds: Int64
    /// 0…1.
    public var volume: Double
    public var loop: Loop
    public var shuffle: Bool
    public var canGoNext: Bool
    public var canGoPrevious: Bool
    public var canPlay: Bool
    public var canPause: Bool
    public var canSeek: Bool

    public init(
        playback: Playback = .stopped, track: MPRISTrack? = nil, positionMicroseconds: Int64 = 0, volume: Double = 1,
        loop: Loop = .none, shuffle: Bool = false, canGoNext: Bool = true, canGoPrevious: Bool = true,
        canPlay: Bool = true, canPause: Bool = true, canSeek: Bool = true
    ) {
        self.playback = playback
        self.track = track
        self.positionMicroseconds = positionMicroseconds
        self.volume = volume
        self.loop = loop
        self.shuffle = shuffle
        self.canGoNext = canGoNext
        self.canGoPrevious = canGoPrevious
        self.canPlay = canPlay
        self.canPause = canPause
        self.canSeek = canSeek
    }
}

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

/// A command from an MPRIS client, for the app to run as an intent.
public enum MPRISCommand: Sendable, Equatable {
    case playPause
    case play
    case pause
    case stop
    case next
    case previous
    /// Move by this many microseconds (negative: back). MPRIS: past the end means the next track.
    case seek(offsetMicroseconds: Int64)
    /// Go to this position in the track with this `MPRISTrack.id`. Sent only when the client
    /// named the current track and the position lies within it (else MPRIS says to ignore it).
    case setPosition(trackID: String, positionMicroseconds: Int64)
    /// 0…1 (a client's value is clamped into that range).
    case setVolume(Double)
    case setLoop(MPRISStatus.Loop)
    case setShuffle(Bool)
    case quit
    /// Bring the player's window forward; `CanRaise` is false, so clients should not send it.
    case raise
}

/// Why MPRIS could not start.
public enum MPRISError: Error, Equatable, CustomStringConvertible {
    /// No session bus to connect to; `detail` is libdbus's reason.
    case noSessionBus(detail: String)
    /// The bus refused the name request itself (not "taken", which falls back to an instance name).
    case nameUnavailable(name: String, detail: String)
    /// The MPRIS object could not be exported.
    case registrationFailed(detail: String)
    /// The dispatch thread could not be started.
    case threadFailed(code: Int32)

    public var description: String {
        switch self {
        case .noSessionBus: "No D-Bus session bus: media keys and MPRIS are off."
        case .nameUnavailable(let name, let detail): "Could not own the D-Bus name \(name) (\(detail)): media keys and MPRIS are off."
        case .registrationFailed(let detail): "Could not export the MPRIS player (\(detail)): media keys and MPRIS are off."
        case .threadFailed(let code): "Could not start the D-Bus thread (error \(code)): media keys and MPRIS are off."
        }
    }
}
