import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What is playing, for `cdchanger status`, status bars, scripts and MPRIS.
public struct PlayerStatus: Codable, Equatable, Sendable {
    /// "playing", "paused" or "stopped".
    public var state: String
    public var magazine: String?
    public var disc: Int?
    public var track: Int?
    public var trackCount: Int?
    public var title: String?
    public var artist: String?
    public var album: String?
    /// Seconds heard of the track.
    public var elapsed: Double
    /// The track's length in seconds.
    public var total: Double?
    public var repeatMode: String
    public var randomMode: String
    public var scanning: Bool
    /// Playback ends with the current track ("stop after this song").
    public var stopsAfterTrack: Bool
    public var volume: Int
    public var muted: Bool
    /// "alsa:default", "silent (no sound device)", "wav:/tmp/x.wav"…
    public var output: String

    /// One line for people: "Playing disc 3, track 2: Neon Rain by Cassette Radio (Night Drive) 0:42 / 3:45".
    public var summary: String {
        var line: String
        switch state {
        case "playing": line = "Playing"
        case "paused": line = "Paused"
        default: line = "Stopped"
        }
        if let disc, let track, let title {
            line += " disc \(disc), track \(track): \(title)"
            if let artist { line += " by \(artist)" }
            if let album { line += " (\(album))" }
            line += " \(ClockText.minutesAndSeconds(elapsed))"
            if let total { line += " / \(ClockText.minutesAndSeconds(total))" }
        }
        if let magazine { line += " \u{00B7} \(magazine)" }
        var modes = ["repeat \(repeatMode)", "random \(randomMode)"]
        if scanning { modes.append("scan") }
        if stopsAfterTrack { modes.append("stops after this track") }
        modes.append(muted ? "muted" : "volume \(volume)%")
        modes.append(output)
        return line + " \u{00B7} " + modes.joined(separator: ", ")
    }
}

extension PlayerSession {
    /// The status now.
    public var status: PlayerStatus {
        let settings = changer.settings
        var status = PlayerStatus(
            state: changer.transport.rawValue, magazine: changer.currentMagazine?.name, elapsed: 0,
            repeatMode: settings.repeatMode.rawValue, randomMode: settings.randomMode.rawValue, scanning: changer.isScanning,
            stopsAfterTrack: changer.stopsAfterCurrentTrack, volume: settings.volume, muted: settings.muted, output: engine.outputDescription
        )
        if changer.transport != .stopped, let current = changer.current, let (magazine, album, track) = changer.resolve(current) {
            status.magazine = magazine.name
            status.disc = current.slot
            status.track = current.trackIndex + 1
            status.trackCount = album.tracks.count
            status.title = track.title
            status.artist = track.artist
            status.album = album.title
            status.elapsed = changer.elapsed
            status.total = engine.currentExactLength ?? track.duration
        }
        return status
    }
}
