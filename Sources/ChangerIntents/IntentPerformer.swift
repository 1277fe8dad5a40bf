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
    /// A question the intent left open instead of guessing ("Which album by Amber Lane? 1. …"):
    /// the front end keeps it in its conversation, so the next answer ("2") settles it.
    public var followUp: Ambiguity?

    public init(response: String, succeeded: Bool = true, followUp: Ambiguity? = nil) {
        self.response = response
        self.succeeded = succeeded
        self.followUp = followUp
    }

    /// An outcome that asks `question` and does nothing yet.
    static func asking(_ question: Ambiguity) -> IntentOutcome {
        IntentOutcome(response: question.question, succeeded: true, followUp: question)
    }
}

/// Carries out this app's intents on the changer and answers with real names:
/// "Playing disc 3, Night Drive." Every front end (keys, prompt bar, `say`, MPRIS) comes through here.
public final class IntentPerformer {
    public let changer: Changer
    /// Where loading and ejecting by sentence edit the rack: the player's one editor, so the
    /// dashboard's undo takes such an edit back too.
    public let rackEditor: RackEditor

    public init(changer: Changer, rackEditor: RackEditor? = nil) {
        self.changer = changer
        self.rackEditor = rackEditor ?? RackEditor(store: changer.store, shelf: changer.shelf, changer: changer)
    }

    /// Runs `invocation` and says what happened. `fromSentence`: it came from a typed or spoken
    /// sentence, not a key or a media key; a sentence that turns random play on while nothing
    /// plays ("surprise me", "shuffle play") also starts it, where the RDM key and MPRIS's Shuffle
    /// only set the mode.
    public func perform(_ invocation: IntentInvocation, fromSentence: Bool = false) -> IntentOutcome {
        do {
            return try run(invocation, fromSentence: fromSentence)
        } catch {
            return IntentOutcome(response: error.description, succeeded: false)
        }
    }

    private func run(_ invocation: IntentInvocation, fromSentence: Bool) throws(TransportError) -> IntentOutcome {
        guard let intent = invocation.changerIntent else {
            return IntentOutcome(response: "Sorry, CD Changer hasn't added support for that.", succeeded: false)
        }
        switch intent {
        case .playMagazineNumber:
            guard let number = integer(invocation["number"]) else { return IntentOutcome(response: "Which magazine number?", succeeded: false) }
            let magazines = changer.store.state.rack.magazines
            guard magazines.indices.contains(number - 1) else {
                return IntentOutcome(response: "There is no magazine \(number); the rack holds \(magazines.count) magazine\(magazines.count == 1 ? "" : "s").", succeeded: false)
            }
            try changer.playMagazine(magazines[number - 1].id)
            return playing(prefix: "Playing \(magazines[number - 1].name): ")
        case .playLastDisc:
            guard let magazine = changer.currentMagazine, let last = changer.playableSlots(of: magazine).last else {
                return noDiscToPlay
            }
            try changer.playDisc(last, magazineID: magazine.id)
            return playing(prefix: "The last disc: ")
        case .playRandomDisc:
            // Another disc than the one playing, when the magazine has another.
            guard let magazine = changer.currentMagazine, case let slots = changer.playableSlots(of: magazine), !slots.isEmpty else {
                return noDiscToPlay
            }
            let playingSlot = slotPlaying(in: magazine)
            let others = slots.filter { $0 != playingSlot }
            let slot = changer.pickAtRandom(others.isEmpty ? slots : others)!
            try changer.playDisc(slot, magazineID: magazine.id)
            return playing(prefix: "Chosen at random: ")
        case .playTrackNumber:
            guard let track = integer(invocation["track"]) else { return IntentOutcome(response: "Which track?", succeeded: false) }
            let disc = integer(invocation["disc"]) ?? changer.current?.slot ?? changer.store.state.position?.slot
                ?? changer.currentMagazine.flatMap { changer.playableSlots(of: $0).first }
            guard let disc else { return noDiscToPlay }
            try changer.playDisc(disc, magazineID: invocation["disc"] == nil ? changer.current?.magazineID : nil, track: track)
            return playing(prefix: "Playing ")
        case .playAlbum, .playSong, .playArtist, .playGenre, .playDecade, .loadAlbum, .ejectDisc, .ejectAlbum, .describeLibrary:
            return LibraryActions(performer: self).perform(intent, invocation)
        case .stopAfterTrack:
            let on = string(invocation["mode"]) != "off"
            guard changer.stopAfterCurrentTrack(on) else { return nothingPlaying }
            return on ? trackLine(prefix: "Stopping after this track: ") : IntentOutcome(response: "Playback goes on after this track.")
        case .restartTrack:
            guard changer.current != nil, changer.transport != .stopped else { return nothingPlaying }
            changer.seek(by: -changer.elapsed)
            return trackLine(prefix: "From the start: ")
        case .getVolume:
            let volume = changer.settings.volume
            return IntentOutcome(response: changer.settings.muted ? "Muted (the volume is \(volume)% when the sound is back on)." : "The volume is \(volume)%.")
        case .playMagazine:
            guard let magazineID = magazineID(invocation["magazine"]) else { return IntentOutcome(response: "Which magazine?", succeeded: false) }
            guard let random = randomMode(invocation["random"]) else {
                try changer.playMagazine(magazineID)
                return playing(prefix: "Playing \(changer.currentMagazine?.name ?? "the magazine"): ")
            }
            // "Shuffle Road Trip": that random mode, from a random track of the magazine.
            try starting(in: random) { () throws(TransportError) in try changer.playShuffled(in: magazineID) }
            return playing(prefix: IntentPerformer.describe(random) + " Playing \(changer.currentMagazine?.name ?? "the magazine"): ", namingTrack: true)
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
            let count = integer(invocation["count"]) ?? 1
            if intent == .nextTrack {
                for _ in 0..<count { changer.nextTrack() }
            } else {
                // "Go back three tracks" means three tracks, not a restart and two.
                if count > 1, !before.1 { changer.seek(by: -changer.elapsed) }
                for _ in 0..<count { changer.previousTrack() }
            }
            if before.1 { return playing(prefix: "Scan off. Staying on ") }
            if changer.current == before.0 { return trackLine(prefix: "From the start: ") }
            return trackLine(prefix: "")
        case .nextDisc, .previousDisc:
            let wasScanning = changer.isScanning
            guard changer.currentMagazine.map({ !changer.playableSlots(of: $0).isEmpty }) == true else {
                return noDiscToPlay
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
            if let at = integer(invocation["at"]) {
                if let (_, _, track) = changer.current.flatMap(changer.resolve), track.duration > 0, Double(at) >= track.duration {
                    return IntentOutcome(response: "\(track.title) is only \(ClockText.minutesAndSeconds(track.duration)) long.", succeeded: false)
                }
                changer.seek(to: Double(at))
                if wasScanning { return playing(prefix: "Scan off. Staying on ") }
                return IntentOutcome(response: "To \(ClockText.minutesAndSeconds(Double(at))).")
            }
            let seconds = integer(invocation["seconds"]) ?? 10
            changer.seek(by: Double(forward ? seconds : -seconds))
            if wasScanning { return playing(prefix: "Scan off. Staying on ") }
            return IntentOutcome(response: "\(forward ? "Forward" : "Back") \(seconds) second\(seconds == 1 ? "" : "s").")
        case .setVolume:
            guard let volume = integer(invocation["volume"]) else { return IntentOutcome(response: "What volume?", succeeded: false) }
            changer.setVolume(volume)
            let clamped = invocation["volume"]?.displayName != "\(volume)%"
            return IntentOutcome(response: clamped ? "Volume \(changer.settings.volume)%, the most there is." : "Volume \(changer.settings.volume)%.")
        case .changeVolume:
            let amount = integer(invocation["amount"]) ?? IntentPerformer.volumeStep
            let before = changer.settings.volume
            changer.changeVolume(by: string(invocation["step"]) == "down" ? -amount : amount)
            let after = changer.settings.volume
            if after == before { return IntentOutcome(response: "The volume is already \(after == 0 ? "all the way down" : "at the most"), \(after)%.") }
            return IntentOutcome(response: "Volume \(after)%.")
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
            guard let mode = randomMode(invocation["mode"]) else { return IntentOutcome(response: "Shuffle what?", succeeded: false) }
            changer.setRandom(mode)
            guard fromSentence, mode != .off, changer.transport == .stopped else { return IntentOutcome(response: IntentPerformer.describe(mode)) }
            do {
                try changer.playShuffled()
            } catch {
                // The mode asked for is set; what could not start is said after it.
                return IntentOutcome(response: IntentPerformer.describe(mode) + " " + error.description, succeeded: false)
            }
            return playing(prefix: IntentPerformer.describe(mode) + " Playing ", namingTrack: true)
        case .scan:
            switch string(invocation["mode"]) {
            case "off" where !changer.isScanning: return IntentOutcome(response: "Scan is off.")
            case "on" where changer.isScanning: return IntentOutcome(response: "Already scanning.")
            default: changer.scan()
            }
            if changer.isScanning { return IntentOutcome(response: "Scanning: \(Int(Changer.scanLength)) seconds of each track.") }
            return changer.transport == .playing ? playing(prefix: "Scan off. Playing ") : IntentOutcome(response: "There is nothing to scan.", succeeded: false)
        case .nowPlaying:
            switch string(invocation["detail"]) {
            case "length", "remaining", "elapsed": return trackTime(string(invocation["detail"]) ?? "length")
            case "magazine": return whichMagazine()
            case "next": return upNext()
            case "disc": return discPlaying()
            case "artist": return whoIsPlaying()
            case "genre": return albumTag("genre") { $0.genre }
            case "year": return albumTag("year") { $0.year.map { "from \($0)" } }
            case "previous":
                guard let heard = changer.previouslyHeard else { return IntentOutcome(response: "Nothing has been heard before this.") }
                return IntentOutcome(response: "That was \(heard.track.title) by \(heard.track.artist): disc \(heard.slot), \(heard.album), track \(heard.trackNumber).")
            default: return nowPlaying()
            }
        case .listMagazines:
            return listMagazines()
        case .describeDiscs:
            let magazine = magazineID(invocation["magazine"]).flatMap(changer.store.state.rack.magazine(withID:)) ?? changer.currentMagazine
            guard let magazine else { return IntentOutcome(response: "There is no magazine.", succeeded: false) }
            return describe(magazine, disc: integer(invocation["disc"]))
        }
    }

    /// How far "turn it up" goes without an amount.
    static let volumeStep = 10

    /// "Neon Rain is 3:45 long; 0:42 played." or "2:03 left of Neon Rain."
    private func trackTime(_ detail: String) -> IntentOutcome {
        guard let (_, _, track) = heardNow else { return nothingPlayingAnswer }
        let elapsed = changer.elapsed
        let left = ClockText.minutesAndSeconds(max(0, track.duration - elapsed))
        switch detail {
        case "remaining": return IntentOutcome(response: "\(left) left of \(track.title).")
        case "elapsed": return IntentOutcome(response: "\(ClockText.minutesAndSeconds(elapsed)) into \(track.title); \(left) left.")
        default: return IntentOutcome(response: "\(track.title) is \(ClockText.minutesAndSeconds(track.duration)) long; \(ClockText.minutesAndSeconds(elapsed)) played.")
        }
    }

    /// Runs `start` with random mode `mode` set first (nil: as it is); when nothing starts, the
    /// mode goes back to what it was, so a refused request changes nothing.
    func starting(in mode: RandomMode?, _ start: () throws(TransportError) -> Void) throws(TransportError) {
        let before = changer.settings.randomMode
        if let mode { changer.setRandom(mode) }
        do {
            try start()
        } catch {
            if before != changer.settings.randomMode { changer.setRandom(before) }
            throw error
        }
    }

    /// "Disc 3, Night Drive by Cassette Radio: 4 tracks, 1:06; track 2 is playing."
    private func discPlaying() -> IntentOutcome {
        guard let (current, album, _) = heardNow else { return nothingPlayingAnswer }
        return IntentOutcome(response: "Disc \(current.slot), \(IntentPerformer.summary(of: album)); track \(current.trackIndex + 1) is playing.")
    }

    /// "Sea Breeze is by Amber Lane, from Coastal Morning.": the track's own artist, which on a
    /// compilation is not the album's.
    private func whoIsPlaying() -> IntentOutcome {
        guard let (_, album, track) = heardNow else { return nothingPlayingAnswer }
        return IntentOutcome(response: "\(track.title) is by \(track.artist), from \(album.title).")
    }

    /// A tag of the album playing, said: "Night Drive is Ambient.", "Night Drive is from 2019.", or
    /// that its tags have no `field` ("genre", "year").
    private func albumTag(_ field: String, _ value: (Album) -> String?) -> IntentOutcome {
        guard let (_, album, _) = heardNow else { return nothingPlayingAnswer }
        guard let text = value(album) else { return IntentOutcome(response: "\(album.title) has no \(field) in its tags.") }
        return IntentOutcome(response: "\(album.title) is \(text).")
    }

    /// "Night Drive by Cassette Radio: 4 tracks, 1:06".
    private static func summary(of album: Album) -> String {
        let length = ClockText.minutesAndSeconds(album.tracks.reduce(0) { $0 + $1.duration })
        return "\(album.title) by \(album.artist): \(album.tracks.count) track\(album.tracks.count == 1 ? "" : "s"), \(length)"
    }

    /// "Next: track 3, Harbour Wind." (with the disc when it is another one), or where playback ends.
    private func upNext() -> IntentOutcome {
        guard let current = changer.current, changer.transport != .stopped else { return IntentOutcome(response: "Nothing is playing.") }
        guard let next = changer.upNext, let (_, album, track) = changer.resolve(next) else {
            return IntentOutcome(response: "Nothing: playback stops after this track.")
        }
        if next == current { return IntentOutcome(response: "This track again, \(track.title) (repeat is on).") }
        let disc = next.slot == current.slot && next.magazineID == current.magazineID ? "" : "disc \(next.slot), \(album.title), "
        return IntentOutcome(response: "Next: \(disc)track \(next.trackIndex + 1), \(track.title).")
    }

    /// "2 magazines: Magazine One (4 discs, playing) and Road Trip (empty)."
    private func listMagazines() -> IntentOutcome {
        let magazines = changer.store.state.rack.magazines
        guard !magazines.isEmpty else { return IntentOutcome(response: "There are no magazines yet.") }
        let playing = changer.transport != .stopped ? changer.current?.magazineID : nil
        let described = magazines.map { magazine in
            let loaded = magazine.slots.count { $0 != nil }
            var notes = [loaded == 0 ? "empty" : "\(loaded) disc\(loaded == 1 ? "" : "s")"]
            if magazine.id == playing { notes.append("playing") } else if magazine.id == changer.currentMagazine?.id { notes.append("current") }
            return "\(magazine.name) (\(notes.joined(separator: ", ")))"
        }
        let list = described.count == 1 ? described[0] : described.dropLast().joined(separator: ", ") + " and " + described.last!
        return IntentOutcome(response: "\(magazines.count) magazine\(magazines.count == 1 ? "" : "s"): \(list).")
    }

    /// What `magazine` holds, said: every slot ("Magazine One holds 1 Coastal Morning, 2 Open
    /// Highway, 3 empty…"), or the one disc asked for, with its artist, track count and length.
    private func describe(_ magazine: Magazine, disc: Int?) -> IntentOutcome {
        guard let disc else {
            let slots = magazine.slots.enumerated().map { index, folder in
                switch changer.shelf.state(ofSlot: folder) {
                case .empty: "\(index + 1) empty"
                case .missing: "\(index + 1) missing"
                case .loaded(let album): "\(index + 1) \(album.title)"
                }
            }
            return IntentOutcome(response: "\(magazine.name) holds " + slots.joined(separator: ", ") + ".")
        }
        guard magazine.slots.indices.contains(disc - 1) else {
            return IntentOutcome(response: TransportError.noSuchDisc(disc, magazine: magazine.name, slots: magazine.slots.count).description, succeeded: false)
        }
        switch changer.shelf.state(ofSlot: magazine.slots[disc - 1]) {
        case .empty: return IntentOutcome(response: "Slot \(disc) of \(magazine.name) is empty.")
        case .missing(let folder): return IntentOutcome(response: TransportError.missingDisc(disc, folder: folder.displayName).description)
        case .loaded(let album): return IntentOutcome(response: "Disc \(disc) of \(magazine.name) is \(IntentPerformer.summary(of: album)).")
        }
    }

    /// "This is Magazine One, disc 3." or "Magazine One is selected; nothing is playing."
    private func whichMagazine() -> IntentOutcome {
        guard let magazine = changer.currentMagazine else { return IntentOutcome(response: "There is no magazine.") }
        let position = (changer.store.state.rack.magazines.firstIndex { $0.id == magazine.id } ?? 0) + 1
        let place = "magazine \(position) of \(changer.store.state.rack.magazines.count)"
        guard let current = changer.current, changer.transport != .stopped else {
            return IntentOutcome(response: "\(magazine.name) (\(place)) is selected; nothing is playing.")
        }
        return IntentOutcome(response: "This is \(magazine.name) (\(place)), disc \(current.slot).")
    }

    /// "Disc 3, Night Drive by Cassette Radio: track 2, Neon Rain, 0:42 of 3:45."
    public func nowPlaying() -> IntentOutcome {
        guard let (current, album, track) = heardNow else { return nothingPlayingAnswer }
        let state = changer.transport == .paused ? "Paused on" : "Playing"
        return IntentOutcome(response: "\(state) disc \(current.slot), \(album.title) by \(album.artist): track \(current.trackIndex + 1), \(track.title), \(ClockText.minutesAndSeconds(changer.elapsed)) of \(ClockText.minutesAndSeconds(track.duration)).")
    }

    /// "Playing disc 3, Night Drive." with a prefix such as "Resuming "; the track is named when
    /// it is not the first, or always with `namingTrack` (a song asked for by name).
    func playing(prefix: String, namingTrack: Bool = false) -> IntentOutcome {
        guard let current = changer.current, let (_, album, track) = changer.resolve(current) else { return nothingPlaying }
        let trackPart = current.trackIndex == 0 && !namingTrack ? "" : ", track \(current.trackIndex + 1), \(track.title)"
        let lead = prefix.isEmpty ? "Disc" : prefix + "disc"
        return IntentOutcome(response: "\(lead) \(current.slot), \(album.title)\(trackPart).")
    }

    /// "Track 2, Lighthouse Lane."
    private func trackLine(prefix: String) -> IntentOutcome {
        guard let current = changer.current, let (_, _, track) = changer.resolve(current) else { return nothingPlaying }
        return IntentOutcome(response: "\(prefix)\(prefix.isEmpty ? "Track" : "track") \(current.trackIndex + 1), \(track.title).")
    }

    private var nothingPlaying: IntentOutcome { IntentOutcome(response: "Nothing is playing.", succeeded: false) }

    /// The answer to a question about the track when nothing plays (a question, so not a failure).
    private var nothingPlayingAnswer: IntentOutcome { IntentOutcome(response: "Nothing is playing.") }

    /// "Magazine One has no disc to play.", of the current magazine.
    private var noDiscToPlay: IntentOutcome {
        IntentOutcome(response: "\(changer.currentMagazine?.name ?? "This magazine") has no disc to play.", succeeded: false)
    }

    /// The track playing or paused, with where it is and its album; nil when stopped.
    private var heardNow: (reference: TrackReference, album: Album, track: Track)? {
        guard changer.transport != .stopped, let current = changer.current, let (_, album, track) = changer.resolve(current) else { return nil }
        return (current, album, track)
    }

    /// The slot of `magazine` playing or paused; nil when stopped or another magazine plays.
    func slotPlaying(in magazine: Magazine) -> Int? {
        changer.transport != .stopped && changer.current?.magazineID == magazine.id ? changer.current?.slot : nil
    }

    private func magazineID(_ value: ParameterValue?) -> UUID? {
        guard case .entity(_, let id, _) = value else { return nil }
        return UUID(uuidString: id)
    }

    private func integer(_ value: ParameterValue?) -> Int? { value?.integerValue }

    private func string(_ value: ParameterValue?) -> String? { value?.stringValue }

    /// A random mode parameter's case ("disc" for "shuffle Night Drive"); nil when unbound.
    func randomMode(_ value: ParameterValue?) -> RandomMode? { string(value).flatMap(RandomMode.init(rawValue:)) }

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

extension ParameterValue {
    /// The number a disc, track, volume or count parameter holds.
    var integerValue: Int? {
        switch self {
        case .enumCase(_, .integer(let number), _): number
        case .integer(let number): number
        default: nil
        }
    }

    /// The text a mode or direction parameter holds.
    var stringValue: String? {
        switch self {
        case .enumCase(_, .string(let text), _): text
        case .text(let text): text
        default: nil
        }
    }
}
