import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IntentKit
import MusicLibrary

/// What running an intent did, in a spoken style for the response line, `say` and the remote.
public struct IntentOutcome: Equatable, Sendable {
    public var response: String
    public var succeeded: Bool

    public init(response: String, succeeded: Bool = true) {
        self.response = response
        self.succeeded = succeeded
    }
}

/// Carries out this app's intents on the changer and answers with real names:
/// "Playing disc 3, Night Drive." Every front end (keys, prompt bar, `say`, MPRIS) comes through here.
public final class IntentPerformer {
    public let changer: Changer

    public init(changer: Changer) {
        self.changer = changer
    }

    /// Runs `invocation` and says what happened.
    public func perform(_ invocation: IntentInvocation) -> IntentOutcome {
        do {
            return try run(invocation)
        } catch {
            return IntentOutcome(response: error.description, succeeded: false)
        }
    }

    private func run(_ invocation: IntentInvocation) throws(TransportError) -> IntentOutcome {
        guard let intent = invocation.changerIntent else {
            return IntentOutcome(response: "Sorry, CD Changer hasn't added support for that.", succeeded: false)
        }
        switch intent {
        case .playMagazine:
            guard let magazineID = magazineID(invocation["magazine"]) else { return IntentOutcome(response: "Which magazine?", succeeded: false) }
            try changer.playMagazine(magazineID)
            return playing(prefix: "Playing \(changer.currentMagazine?.name ?? "the magazine"): ")
        case .playDisc:
            guard let disc = integer(invocation["disc"]) else { return IntentOutcome(response: "Which disc?", succeeded: false) }
            let magazineID = magazineID(invocation["magazine"])
            try changer.playDisc(disc, magazineID: magazineID, track: integer(invocation["track"]) ?? 1)
            return playing(prefix: magazineID == nil ? "Playing " : "Playing \(changer.currentMagazine?.name ?? "the magazine"): ")
        case .playSomething:
            let resuming = changer.transport == .paused || changer.store.state.position != nil
            try changer.playSomething()
            return playing(prefix: resuming ? "Resuming " : "Playing ")
        case .pause:
            guard changer.transport == .playing else { return nothingPlaying }
            changer.pause()
            return IntentOutcome(response: "Paused.")
        case .resume:
            if changer.transport == .playing { return playing(prefix: "Already playing ") }
            changer.resume()
            return changer.transport == .playing ? playing(prefix: "Resuming ") : IntentOutcome(response: "There is nothing to resume.", succeeded: false)
        case .stop:
            guard changer.transport != .stopped else { return IntentOutcome(response: "Already stopped.") }
            changer.stop()
            return IntentOutcome(response: "Stopped.")
        case .togglePlayPause:
            let wasScanning = changer.isScanning
            changer.togglePlayPause()
            if wasScanning { return playing(prefix: "Scan off. Playing ") }
            switch changer.transport {
            case .playing: return playing(prefix: "Playing ")
            case .paused: return IntentOutcome(response: "Paused.")
            case .stopped: return IntentOutcome(response: "There is nothing to play.", succeeded: false)
            }
        case .nextTrack, .previousTrack:
            guard changer.current != nil else { return nothingPlaying }
            let before = (changer.current, changer.isScanning)
            intent == .nextTrack ? changer.nextTrack() : changer.previousTrack()
            if before.1 { return playing(prefix: "Scan off. Staying on ") }
            if changer.current == before.0 { return trackLine(prefix: "From the start: ") }
            return trackLine(prefix: "")
        case .nextDisc, .previousDisc:
            let wasScanning = changer.isScanning
            guard changer.currentMagazine.map({ !changer.playableSlots(of: $0).isEmpty }) == true else {
                return IntentOutcome(response: "\(changer.currentMagazine?.name ?? "This magazine") has no disc to play.", succeeded: false)
            }
            intent == .nextDisc ? changer.nextDisc() : changer.previousDisc()
            return playing(prefix: wasScanning ? "Scan off. Staying on " : "")
        case .nextMagazine, .previousMagazine:
            try changer.stepMagazine(by: intent == .nextMagazine ? 1 : -1)
            let name = (changer.playingMagazine ?? changer.selectedMagazine)?.name ?? "the magazine"
            return changer.transport == .playing ? playing(prefix: "\(name): ") : IntentOutcome(response: "\(name) selected.")
        case .seek:
            guard changer.current != nil else { return nothingPlaying }
            let forward = string(invocation["direction"]) != "backward"
            let wasScanning = changer.isScanning
            if let position = integer(invocation["position"]) {
                let seconds = Double(position) / 1_000_000
                changer.seek(to: seconds)
                if wasScanning { return playing(prefix: "Scan off. Staying on ") }
                return IntentOutcome(response: "\(forward ? "Forward" : "Back") to \(ClockText.minutesAndSeconds(seconds)).")
            }
            let seconds = integer(invocation["seconds"]) ?? 10
            changer.seek(by: Double(forward ? seconds : -seconds))
            if wasScanning { return playing(prefix: "Scan off. Staying on ") }
            return IntentOutcome(response: "\(forward ? "Forward" : "Back") \(seconds) second\(seconds == 1 ? "" : "s").")
        case .setVolume:
            guard let volume = integer(invocation["volume"]) else { return IntentOutcome(response: "What volume?", succeeded: false) }
            changer.setVolume(volume)
            return IntentOutcome(response: "Volume \(changer.settings.volume)%.")
        case .changeVolume:
            let step = string(invocation["step"]) == "down" ? -10 : 10
            changer.changeVolume(by: step)
            return IntentOutcome(response: "Volume \(changer.settings.volume)%.")
        case .mute:
            changer.setMuted(true)
            return IntentOutcome(response: "Muted.")
        case .unmute:
            changer.setMuted(false)
            return IntentOutcome(response: "Sound on, volume \(changer.settings.volume)%.")
        case .repeat:
            guard let mode = string(invocation["mode"]).flatMap(RepeatMode.init(rawValue:)) else { return IntentOutcome(response: "Repeat what?", succeeded: false) }
            changer.setRepeat(mode)
            return IntentOutcome(response: IntentPerformer.describe(mode))
        case .random:
            guard let mode = string(invocation["mode"]).flatMap(RandomMode.init(rawValue:)) else { return IntentOutcome(response: "Shuffle what?", succeeded: false) }
            changer.setRandom(mode)
            return IntentOutcome(response: IntentPerformer.describe(mode))
        case .scan:
            changer.scan()
            if changer.isScanning { return IntentOutcome(response: "Scanning: \(Int(Changer.scanLength)) seconds of each track.") }
            return changer.transport == .playing ? playing(prefix: "Scan off. Playing ") : IntentOutcome(response: "There is nothing to scan.", succeeded: false)
        case .nowPlaying:
            return nowPlaying()
        }
    }

    /// "Disc 3, Night Drive by Cassette Radio: track 2, Neon Rain, 0:42 of 3:45."
    public func nowPlaying() -> IntentOutcome {
        guard let current = changer.current, let (_, album, track) = changer.resolve(current), changer.transport != .stopped else {
            return IntentOutcome(response: "Nothing is playing.")
        }
        let state = changer.transport == .paused ? "Paused on" : "Playing"
        return IntentOutcome(response: "\(state) disc \(current.slot), \(album.title) by \(album.artist): track \(current.trackIndex + 1), \(track.title), \(ClockText.minutesAndSeconds(changer.elapsed)) of \(ClockText.minutesAndSeconds(track.duration)).")
    }

    /// "Playing disc 3, Night Drive." with a prefix such as "Resuming ".
    private func playing(prefix: String) -> IntentOutcome {
        guard let current = changer.current, let (_, album, track) = changer.resolve(current) else { return nothingPlaying }
        let trackPart = current.trackIndex == 0 ? "" : ", track \(current.trackIndex + 1), \(track.title)"
        let lead = prefix.isEmpty ? "Disc" : prefix + "disc"
        return IntentOutcome(response: "\(lead) \(current.slot), \(album.title)\(trackPart).")
    }

    /// "Track 2, Lighthouse Lane."
    private func trackLine(prefix: String) -> IntentOutcome {
        guard let current = changer.current, let (_, _, track) = changer.resolve(current) else { return nothingPlaying }
        return IntentOutcome(response: "\(prefix)\(prefix.isEmpty ? "Track" : "track") \(current.trackIndex + 1), \(track.title).")
    }

    private var nothingPlaying: IntentOutcome { IntentOutcome(response: "Nothing is playing.", succeeded: false) }

    private func magazineID(_ value: ParameterValue?) -> UUID? {
        guard case .entity(_, let id, _) = value else { return nil }
        return UUID(uuidString: id)
    }

    private func integer(_ value: ParameterValue?) -> Int? {
        switch value {
        case .enumCase(_, .integer(let number), _): number
        case .integer(let number): number
        default: nil
        }
    }

    private func string(_ value: ParameterValue?) -> String? {
        switch value {
        case .enumCase(_, .string(let text), _): text
        case .text(let text): text
        default: nil
        }
    }

    static func describe(_ mode: RepeatMode) -> String {
        switch mode {
        case .off: "Repeat off."
        case .track: "Repeating this track."
        case .disc: "Repeating this disc."
        case .magazine: "Repeating the whole magazine."
        }
    }

    static func describe(_ mode: RandomMode) -> String {
        switch mode {
        case .off: "Random off."
        case .disc: "Random play within the disc."
        case .magazine: "Random play across the whole magazine."
        }
    }
}
