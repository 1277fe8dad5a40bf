#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// Everything CD Changer keeps between runs: the rack, where playback stopped, and the player settings.
public struct ChangerState: Codable, Equatable, Sendable {
    /// The file format version this build writes; files from a newer version are not read.
    public static let currentVersion = 1

    public var version: Int
    public var rack: Rack
    /// The magazine the changer has selected (Tab moves it); nil means the first.
    public var currentMagazineID: UUID?
    /// Where playback was, so that "play something" resumes exactly there.
    public var position: PlaybackPosition?
    public var settings: PlayerSettings

    public init(rack: Rack, currentMagazineID: UUID? = nil, position: PlaybackPosition? = nil, settings: PlayerSettings = PlayerSettings()) {
        self.version = ChangerState.currentVersion
        self.rack = rack
        self.currentMagazineID = currentMagazineID
        self.position = position
        self.settings = settings
    }

    /// A fresh install: one magazine, "Magazine One", holding the first six albums of the library.
    public static func fresh(library: Library) -> ChangerState {
        var rack = Rack()
        // A fresh rack has no names yet, so creating its first magazine cannot fail.
        let first = try! rack.create(albums: library.albums.prefix(Magazine.defaultSlotCount).map(\.path))
        return ChangerState(rack: rack, currentMagazineID: first.id)
    }

    /// The selected magazine: the current one if it still exists, else the first in the rack.
    public var currentMagazine: Magazine? {
        currentMagazineID.flatMap(rack.magazine(withID:)) ?? rack.magazines.first
    }
}

/// A place in the music: magazine, slot, track and offset.
public struct PlaybackPosition: Codable, Equatable, Sendable {
    public var magazineID: UUID
    /// 1-based slot number.
    public var slot: Int
    /// 0-based index into the album's tracks in play order.
    public var trackIndex: Int
    /// Seconds into the track.
    public var offset: Double

    public init(magazineID: UUID, slot: Int, trackIndex: Int, offset: Double) {
        self.magazineID = magazineID
        self.slot = slot
        self.trackIndex = trackIndex
        self.offset = offset
    }
}

/// The player's knobs, kept across runs.
public struct PlayerSettings: Codable, Equatable, Sendable {
    /// 0…100 percent.
    public var volume: Int
    public var muted: Bool
    public var repeatMode: RepeatMode
    public var randomMode: RandomMode

    public init(volume: Int = 100, muted: Bool = false, repeatMode: RepeatMode = .off, randomMode: RandomMode = .off) {
        self.volume = volume
        self.muted = muted
        self.repeatMode = repeatMode
        self.randomMode = randomMode
    }
}

/// What happens at the end of a track, disc or magazine.
public enum RepeatMode: String, Codable, CaseIterable, Sendable {
    case off, track, disc, magazine

    /// The next mode in the cycle a repeat button steps through.
    public var next: RepeatMode {
        let all = RepeatMode.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// Shuffling: none, the tracks of the current disc, or every track of every disc in the magazine.
public enum RandomMode: String, Codable, CaseIterable, Sendable {
    case off, disc, magazine

    /// The next mode in the cycle a random button steps through.
    public var next: RandomMode {
        let all = RandomMode.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
