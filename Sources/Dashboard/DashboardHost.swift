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
    /// Playback ends with the current track ("stop after this song").
    public var stopsAfterTrack: Bool
    public var volume: Int
    public var isMuted: Bool
    /// The sound output, e.g. "alsa:default" or "silent".
    public var output: String
    /// The latest notice for the user (a skipped file, a device problem), if any: it fades.
    public var notice: String?
    /// The ReplayGain mode ("album", "track") whose gain is applied to what is heard; nil when
    /// none is (off, or the track has no gain tags).
    public var replayGain: String?
    /// The answer to the latest sentence a remote client sent (`cdchanger say`), if any.
    public var remoteResponse: RemoteResponse?
    /// Long work under way, in words ("Scanning 3,412 of 10,000 files…"); shown until it ends.
    public var activity: String?
    /// Changes when the library's albums change (a background scan ended): lists of albums are read again.
    public var libraryRevision: Int
    /// Notices that stay until the user dismisses them (how the player started: a state file moved
    /// aside, an empty music folder, a bad settings line, no session bus), oldest first.
    public var pinnedNotices: [PinnedNotice]
    /// A voice turn under way (the `v` key or `cdchanger listen`), or nil.
    public var listening: Listening?

    public init(
        magazines: [MagazineRow], slots: [SlotRow], nowPlaying: NowPlayingPanel?, transport: Transport,
        repeatMode: String, randomMode: String, isScanning: Bool, volume: Int, isMuted: Bool, output: String, notice: String?,
        replayGain: String? = nil, stopsAfterTrack: Bool = false,
        remoteResponse: RemoteResponse? = nil, activity: String? = nil, libraryRevision: Int = 0,
        pinnedNotices: [PinnedNotice] = [], listening: Listening? = nil
    ) {
        self.magazines = magazines
        self.slots = slots
        self.nowPlaying = nowPlaying
        self.transport = transport
        self.repeatMode = repeatMode
        self.randomMode = randomMode
        self.isScanning = isScanning
        self.stopsAfterTrack = stopsAfterTrack
        self.volume = volume
        self.isMuted = isMuted
        self.output = output
        self.notice = notice
        self.replayGain = replayGain
        self.remoteResponse = remoteResponse
        self.activity = activity
        self.libraryRevision = libraryRevision
        self.pinnedNotices = pinnedNotices
        self.listening = listening
    }

    /// A voice turn under way, for the prompt bar: "Listening…", the input level and the words so far.
    public struct Listening: Equatable, Sendable {
        /// Whether the speech model is still being loaded (the first turn): nothing is heard yet.
        public var isLoading: Bool
        /// The microphone's latest peak level, 0…1.
        public var level: Double
        /// The recognizer's partial hypothesis so far ("" before any).
        public var partial: String

        public init(isLoading: Bool = false, level: Double = 0, partial: String = "") {
            self.isLoading = isLoading
            self.level = level
            self.partial = partial
        }
    }

    /// An answer given to a remote client; `count` tells one answer from the next with the same words.
    public struct RemoteResponse: Equatable, Sendable {
        public var text: String
        public var count: Int

        public init(text: String, count: Int) {
            self.text = text
            self.count = count
        }
    }

    /// A notice that stays until dismissed; `id` tells the dashboard which ones it dismissed.
    public struct PinnedNotice: Equatable, Sendable {
        public var id: Int
        public var text: String

        public init(id: Int, text: String) {
            self.id = id
            self.text = text
        }
    }

    public enum Transport: String, Sendable { case stopped, playing, paused }

    /// One magazine in the rack.
    public struct MagazineRow: Equatable, Sendable {
        public var id: UUID
        public var name: String
        public var slotCount: Int
        /// Slots that hold a disc (missing ones included).
        public var loadedCount: Int
        /// The magazine on show in the slots panel.
        public var isCurrent: Bool
        /// The magazine of the disc playing or paused.
        public var isPlaying: Bool

        public init(id: UUID, name: String, slotCount: Int, loadedCount: Int, isCurrent: Bool, isPlaying: Bool = false) {
            self.id = id
            self.name = name
            self.slotCount = slotCount
            self.loadedCount = loadedCount
            self.isCurrent = isCurrent
            self.isPlaying = isPlaying
        }
    }

    /// One slot of the magazine on show; `playing` and `paused` only when that magazine is playing.
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
        /// The magazine the disc is in (not necessarily the one on show).
        public var magazine: UUID
        public var magazineName: String
        public var disc: Int
        public var track: Int
        public var trackCount: Int
        public var title: String
        public var artist: String
        public var album: String
        public var elapsed: Double
        public var duration: Double

        public init(
            magazine: UUID, magazineName: String, disc: Int, track: Int, trackCount: Int, title: String, artist: String, album: String,
            elapsed: Double, duration: Double
        ) {
            self.magazine = magazine
            self.magazineName = magazineName
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
    /// A disc of the magazine on show.
    case playDisc(Int)
    /// Track `track` (1-based) of a disc of a magazine (the track list).
    case playTrack(Int, disc: Int, magazine: UUID, magazineName: String)
    /// A magazine from its first disc (Enter in the magazine menu).
    case playMagazine(UUID, name: String)
    case togglePlayPause
    case stop
    case nextTrack, previousTrack
    case nextDisc, previousDisc
    /// Moves by this many seconds.
    case seek(seconds: Int)
    /// Goes to this many seconds from the start of the track (`g`).
    case seekTo(seconds: Int)
    case volumeUp, volumeDown
    case toggleMute
    case cycleRepeat, cycleRandom
    case scan
    case quit
}

/// An edit of the rack the dashboard asks the host for.
public enum DashboardEdit: Hashable, Sendable {
    /// Puts the album with this id (`AlbumChoice.id`) into a slot.
    case load(albumID: String, slot: Int, magazine: UUID)
    case eject(slot: Int, magazine: UUID)
    /// A new magazine; nil lets the host pick the name.
    case createMagazine(name: String?)
    case renameMagazine(UUID, to: String)
    case deleteMagazine(UUID)
    /// Moves a magazine to a 1-based position in the rack.
    case moveMagazine(UUID, to: Int)
}

/// A disc's tracks, for the track list.
public struct DiscTracks: Equatable, Sendable {
    public var magazine: UUID
    public var magazineName: String
    public var disc: Int
    public var title: String
    public var artist: String
    public var tracks: [Track]

    public init(magazine: UUID, magazineName: String, disc: Int, title: String, artist: String, tracks: [Track]) {
        self.magazine = magazine
        self.magazineName = magazineName
        self.disc = disc
        self.title = title
        self.artist = artist
        self.tracks = tracks
    }

    /// One track: its title, artist and length in seconds.
    public struct Track: Equatable, Sendable {
        public var title: String
        public var artist: String
        public var duration: Double

        public init(title: String, artist: String, duration: Double) {
            self.title = title
            self.artist = artist
            self.duration = duration
        }
    }
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
    /// Opaque to the dashboard: handed back in `DashboardEdit.load`.
    public var id: String
    public var title: String
    public var artist: String
    public var trackCount: Int
    /// Total length in seconds.
    public var duration: Double
    /// The folder's name, which the search also finds.
    public var folder: String
    /// Where it is loaded: "Road Trip 2", one per slot that holds it.
    public var locations: [String]

    public init(id: String, title: String, artist: String, trackCount: Int, duration: Double = 0, folder: String = "", locations: [String] = []) {
        self.id = id
        self.title = title
        self.artist = artist
        self.trackCount = trackCount
        self.duration = duration
        self.folder = folder
        self.locations = locations
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

/// How a voice turn ended, handed to the dashboard with `Dashboard.voiceTurnEnded(_:)`.
public enum VoiceResult: Equatable, Sendable {
    /// The recognized sentence: shown in the prompt bar, then submitted as a typed one would be.
    case heard(String)
    /// A sentence the recognizer was not sure of: it is asked back ("Did you say “…”?") through
    /// `DashboardHost.confirm`, and runs only after "yes".
    case unsure(String)
    /// Nothing the recognizer was sure enough of to ask about: "Sorry, I didn't catch that."
    case notHeard
    /// Voice cannot be used now (no microphone, no speech model): the answer to show.
    case unavailable(String)

    /// The prompt bar's answer when nothing was heard.
    public static let notHeardResponse = "Sorry, I didn't catch that."
}

/// What the dashboard needs from the app. Called on the main loop's thread only.
public protocol DashboardHost: AnyObject {
    /// The state to draw, derived now.
    func snapshot() -> DashboardSnapshot
    /// Carries out a key's command and returns the spoken-style response.
    func perform(_ command: DashboardCommand) -> String
    /// Resolves and carries out a typed sentence (answers to follow-up questions and choices included).
    func submit(_ sentence: String) -> PromptReply
    /// Asks back a sentence the recognizer was not sure of ("Did you say “…”?"; with a question
    /// open, read as its answer) without running it, so that the next sentence, "yes", does; nil
    /// when it is not understood or does not answer the open question (then it counts as not heard).
    func confirm(_ sentence: String) -> PromptReply?
    /// The user left the prompt bar (Esc) while a follow-up question or numbered choices were
    /// pending: forget them, so the next sentence is read as a new request, not as an answer.
    func cancelQuestion()
    /// The albums of the library, for the browser.
    func libraryAlbums() -> [AlbumChoice]
    /// The tracks of a disc, or nil when the slot holds none.
    func tracks(ofDisc disc: Int, magazine: UUID) -> DiscTracks?
    /// What to ask before `edit` ("Replace Night Drive in slot 3 with Blue Hour?"), or nil when it
    /// needs no question.
    func question(before edit: DashboardEdit) -> String?
    /// Carries out an edit of the rack (asked first, when `question(before:)` had a question).
    func edit(_ edit: DashboardEdit) -> EditResult
    /// Takes back the last eject, replaced disc or deleted magazine.
    func undo() -> EditResult
    /// Makes a magazine the selected one (shown in the slots panel) without playing it.
    func selectMagazine(_ magazine: UUID)
    /// The prompt bar's sentences saved by an earlier run, oldest first.
    func savedPromptHistory() -> [String]
    /// Keeps the prompt bar's sentences (oldest first, at most `Dashboard.promptHistoryLimit`) for
    /// the next run; called after each new sentence.
    func savePromptHistory(_ sentences: [String])
    /// `v`: starts a voice turn, or ends the one under way early (its speech so far is still
    /// recognized). The turn's progress shows in `snapshot().listening`; its end comes back
    /// through `Dashboard.voiceTurnEnded(_:)`.
    func toggleListening()
    /// Esc or `v` while listening: ends the turn under way early, as a second `v` does. Returns
    /// whether a turn was under way (the key then does nothing else); asked live, not from the
    /// last frame's snapshot, since a turn can end between two frames.
    func stopListening() -> Bool
}
