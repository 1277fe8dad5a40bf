#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the dashboard draws: everything on screen, derived afresh from the changer's state for
/// every redraw, so no part of the screen can show stale content.
public struct DashboardSnapshot: Equatable, Sendable {
    public var magazines: [MagazineRow]
    public var slots: [SlotRow]
    public var nowPlaying: NowPlayingPanel?
    public var transport: Transport
    public var repeatMode: String
    public var randomMode: String
    public var isScanning: Bool
    public var volume: Int
    public var isMuted: Bool
    /// The sound output, e.g. "alsa:default" or "silent".
    public var output: String
    /// The latest notice for the user (a skipped file, a device problem), if any.
    public var notice: String?
    /// The ReplayGain mode ("album", "track") whose gain is applied to what is heard; nil when
    /// none is (off, or the track has no gain tags).
    public var replayGain: String?

    public init(
        magazines: [MagazineRow], slots: [SlotRow], nowPlaying: NowPlayingPanel?, transport: Transport,
        repeatMode: String, randomMode: String, isScanning: Bool, volume: Int, isMuted: Bool, output: String, notice: String?,
        replayGain: String? = nil
    ) {
        self.magazines = magazines
        self.slots = slots
        self.nowPlaying = nowPlaying
        self.transport = transport
        self.repeatMode = repeatMode
        self.randomMode = randomMode
        self.isScanning = isScanning
        self.volume = volume
        self.isMuted = isMuted
        self.output = output
        self.notice = notice
        self.replayGain = replayGain
    }

    public enum Transport: String, Sendable { case stopped, playing, paused }

    /// One magazine in the rack.
    public struct MagazineRow: Equatable, Sendable {
        public var id: UUID
        public var name: String
        public var slotCount: Int
        public var isCurrent: Bool

        public init(id: UUID, name: String, slotCount: Int, isCurrent: Bool) {
            self.id = id
            self.name = name
            self.slotCount = slotCount
            self.isCurrent = isCurrent
        }
    }

    /// One slot of the current magazine.
    public struct SlotRow: Equatable, Sendable {
        public var number: Int
        public var state: SlotState
        /// Album title and artist when loaded; the folder when missing.
        public var title: String?
        public var artist: String?

        public init(number: Int, state: SlotState, title: String?, artist: String?) {
            self.number = number
            self.state = state
            self.title = title
            self.artist = artist
        }

        public enum SlotState: String, Sendable { case empty, loaded, missing, playing, paused }
    }

    /// The track being played.
    public struct NowPlayingPanel: Equatable, Sendable {
        public var disc: Int
        public var track: Int
        public var trackCount: Int
        public var title: String
        public var artist: String
        public var album: String
        public var elapsed: Double
        public var duration: Double

        public init(disc: Int, track: Int, trackCount: Int, title: String, artist: String, album: String, elapsed: Double, duration: Double) {
            self.disc = disc
            self.track = track
            self.trackCount = trackCount
            self.title = title
            self.artist = artist
            self.album = album
            self.elapsed = elapsed
            self.duration = duration
        }
    }
}

/// A dashboard key's meaning. The host turns each into an intent invocation, through the same
/// intent layer as typed sentences, and answers with the intent's spoken-style response.
public enum DashboardCommand: Equatable, Sendable {
    case playDisc(Int)
    case togglePlayPause
    case nextTrack, previousTrack
    case nextDisc, previousDisc
    case seek(seconds: Int)
    case volumeUp, volumeDown
    case toggleMute
    case cycleRepeat, cycleRandom
    case scan
    case nextMagazine
    case quit
}

/// The host's answer to a sentence typed in the prompt bar.
public struct PromptReply: Equatable, Sendable {
    /// The spoken-style answer ("Playing disc 3, Night Drive.", "Which disc?", "Sorry, …").
    public var text: String
    public var kind: Kind

    public init(text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }

    public enum Kind: Equatable, Sendable {
        /// The sentence was understood and carried out.
        case done
        /// A follow-up question; the next sentence typed answers it.
        case question
        /// Ambiguous: numbered choices; typing a number or enough of a choice picks it.
        case choices([String])
        /// Not understood; the nearest phrases as hints.
        case unsupported(suggestions: [String])
    }
}

/// An album in the library browser.
public struct AlbumChoice: Equatable, Sendable {
    /// Opaque to the dashboard: handed back to `DashboardHost.load`.
    public var id: String
    public var title: String
    public var artist: String
    public var trackCount: Int

    public init(id: String, title: String, artist: String, trackCount: Int) {
        self.id = id
        self.title = title
        self.artist = artist
        self.trackCount = trackCount
    }
}

/// The outcome of an edit: a message for the response line, and whether it worked.
public struct EditResult: Equatable, Sendable {
    public var message: String
    public var succeeded: Bool

    public init(message: String, succeeded: Bool) {
        self.message = message
        self.succeeded = succeeded
    }
}

/// What the dashboard needs from the app. Called on the main loop's thread only.
public protocol DashboardHost: AnyObject {
    /// The state to draw, derived now.
    func snapshot() -> DashboardSnapshot
    /// Carries out a key's command and returns the spoken-style response.
    func perform(_ command: DashboardCommand) -> String
    /// Resolves and carries out a typed sentence (answers to follow-up questions and choices included).
    func submit(_ sentence: String) -> PromptReply
    /// The user left the prompt bar (Esc) while a follow-up question or numbered choices were
    /// pending: forget them, so the next sentence is read as a new request, not as an answer.
    func cancelQuestion()
    /// The albums of the library, for the browser.
    func libraryAlbums() -> [AlbumChoice]
    func load(album id: String, intoSlot slot: Int, ofMagazine magazine: UUID) -> EditResult
    func eject(slot: Int, ofMagazine magazine: UUID) -> EditResult
    func createMagazine(named name: String?) -> EditResult
    func renameMagazine(_ magazine: UUID, to name: String) -> EditResult
    func deleteMagazine(_ magazine: UUID) -> EditResult
    /// Moves a magazine to a 1-based position in the rack.
    func moveMagazine(_ magazine: UUID, to position: Int) -> EditResult
    /// Makes a magazine the selected one (shown in the slots panel) without playing it.
    func selectMagazine(_ magazine: UUID)
}
