import IntentKit

/// The identifiers of CD Changer's intents, in listing order.
///
/// IntentKit is generic and names intents by string; this is the app's one list of them. The
/// catalog, the shortcuts, the performer, the keys and the media keys all name intents through it,
/// and the performer's `switch` over it is exhaustive, so an intent cannot be added without a way to
/// run it. The raw values are part of the command-line contract (`cdchanger resolve --json`).
public enum ChangerIntent: String, CaseIterable, Sendable {
    case playMagazine = "PlayMagazine"
    case playMagazineNumber = "PlayMagazineNumber"
    case playDisc = "PlayDisc"
    case playLastDisc = "PlayLastDisc"
    case playTrackNumber = "PlayTrackNumber"
    case playAlbum = "PlayAlbum"
    case playArtist = "PlayArtist"
    case playSong = "PlaySong"
    case playGenre = "PlayGenre"
    case playDecade = "PlayDecade"
    case playRandomDisc = "PlayRandomDisc"
    case loadAlbum = "LoadAlbum"
    case ejectDisc = "EjectDisc"
    case ejectAlbum = "EjectAlbum"
    case playSomething = "PlaySomething"
    case pause = "Pause"
    case resume = "Resume"
    case stop = "Stop"
    case stopAfterTrack = "StopAfterTrack"
    case togglePlayPause = "TogglePlayPause"
    case nextTrack = "NextTrack"
    case previousTrack = "PreviousTrack"
    case restartTrack = "RestartTrack"
    case nextDisc = "NextDisc"
    case previousDisc = "PreviousDisc"
    case nextMagazine = "NextMagazine"
    case previousMagazine = "PreviousMagazine"
    case seek = "Seek"
    case setVolume = "SetVolume"
    case changeVolume = "ChangeVolume"
    case getVolume = "GetVolume"
    case mute = "Mute"
    case unmute = "Unmute"
    case `repeat` = "Repeat"
    case random = "Random"
    case scan = "Scan"
    case nowPlaying = "NowPlaying"
    case describeDiscs = "DescribeDiscs"
    case listMagazines = "ListMagazines"
    case describeLibrary = "DescribeLibrary"

    /// Inputs other than sentences that run an intent. Every intent can be said or typed.
    public struct DirectInputs: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A dashboard key.
        public static let key = DirectInputs(rawValue: 1 << 0)
        /// An MPRIS method or property: media keys, `playerctl`, desktop players.
        public static let mediaKey = DirectInputs(rawValue: 1 << 1)
    }

    /// The direct inputs expected to run this intent (the tests check the key map and the MPRIS
    /// mapping against it, both ways). The rest are sentences only: Tab and Shift-Tab only show
    /// another magazine (the music goes on), while "next magazine" plays it; the dashboard shows
    /// what is playing. The music named from the library, track and magazine numbers, loading and
    /// ejecting by sentence, a disc chosen at random, stopping after this track, restarting a track, asking the volume, what is loaded, which magazines there are and what the library holds are sentences
    /// too (the dashboard loads and ejects with keys of its own, through the rack editor, and shows
    /// what is loaded).
    public var directInputs: DirectInputs {
        switch self {
        case .togglePlayPause, .stop, .nextTrack, .previousTrack, .seek, .repeat, .random: [.key, .mediaKey]
        case .playMagazine, .playDisc, .nextDisc, .previousDisc, .changeVolume, .mute, .unmute, .scan: .key
        case .playSomething, .pause, .resume, .setVolume: .mediaKey
        case .nextMagazine, .previousMagazine, .nowPlaying, .playMagazineNumber, .playLastDisc, .playTrackNumber, .playAlbum,
             .playArtist, .playSong, .playGenre, .playDecade, .playRandomDisc, .loadAlbum, .ejectDisc, .ejectAlbum, .restartTrack, .getVolume, .describeDiscs, .listMagazines, .describeLibrary, .stopAfterTrack: []
        }
    }
}

extension IntentInvocation {
    /// An invocation of one of this app's intents.
    public init(_ intent: ChangerIntent, parameters: [String: ParameterValue] = [:]) {
        self.init(intent: intent.rawValue, parameters: parameters)
    }

    /// The app's intent this invocation runs; nil for an identifier the app does not know.
    public var changerIntent: ChangerIntent? { ChangerIntent(rawValue: intent) }
}

extension IntentDefinition {
    init(_ intent: ChangerIntent, title: String, parameters: [ParameterDefinition] = [], summary: String, response: String) {
        self.init(identifier: intent.rawValue, title: title, parameters: parameters, summary: summary, response: response)
    }
}

extension AppShortcut {
    init(_ intent: ChangerIntent, phrases: [String], title: String, symbol: String) {
        self.init(intent: intent.rawValue, phrases: phrases, title: title, symbol: symbol)
    }
}
