import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IntentKit
import MusicLibrary

/// The intents that name music from the library or edit the rack by sentence, carried out the
/// changer way:
///
/// - an album already in a magazine plays from its slot (switching magazine if need be);
/// - an album in no magazine goes into the first empty slot of the current magazine and plays,
///   and the reply says so; with no empty slot the answer is a numbered question — which slot to
///   replace — never a silent eject;
/// - "something by X" plays the one loaded disc by X, and asks which album when X has several
///   loaded, or several and none loaded;
/// - a song plays its disc from that track;
/// - a genre or a decade plays a loaded disc of it (the next one after the disc playing, so
///   asking again moves on), else one from the library chosen at random, loaded as an album would be;
/// - an album ejected by name comes out of its slot: the current magazine's, else the first
///   magazine of the rack that holds it;
/// - loading and ejecting by sentence are edits through the player's `RackEditor`, as the
///   dashboard's are: the disc that plays is replaced or ejected the changer way, and `u` undoes it.
///
/// A slot number without a magazine means a slot of the magazine on show.
struct LibraryActions {
    let performer: IntentPerformer
    private var changer: Changer { performer.changer }
    /// The magazine a bare slot number refers to: the one on show.
    private var magazineOnShow: Magazine? { changer.selectedMagazine }

    func perform(_ intent: ChangerIntent, _ invocation: IntentInvocation) -> IntentOutcome {
        do {
            switch intent {
            case .playAlbum:
                guard let album = album(invocation["album"]) else { return gone(invocation["album"], "album") }
                let track = invocation["track"]?.integerValue ?? 1
                guard track <= album.tracks.count else {
                    return IntentOutcome(response: "\(album.title) has \(album.tracks.count) track\(album.tracks.count == 1 ? "" : "s").", succeeded: false)
                }
                return try play(album, track: track, slot: invocation["slot"]?.integerValue, random: performer.randomMode(invocation["random"])) { slot in
                    invocation.binding("slot", to: ChangerInvocations.slot(slot))
                }
            case .playSong:
                guard let (album, index) = song(invocation["song"]) else { return gone(invocation["song"], "song") }
                return try play(album, track: index + 1, slot: invocation["slot"]?.integerValue, namingTrack: true) { slot in
                    IntentInvocation(.playSong, parameters: ["song": invocation["song"]!, "slot": ChangerInvocations.slot(slot)])
                }
            case .playArtist:
                return try playArtist(invocation["artist"], random: invocation["random"])
            case .playGenre:
                return try playGenre(invocation["genre"])
            case .playDecade:
                return try playDecade(invocation["decade"])
            case .loadAlbum:
                guard let album = album(invocation["album"]) else { return gone(invocation["album"], "album") }
                return try load(album, slot: invocation["slot"]?.integerValue)
            case .ejectDisc:
                guard let slot = invocation["disc"]?.integerValue else { return IntentOutcome(response: "Which disc should come out?", succeeded: false) }
                return try eject(slot)
            case .describeLibrary:
                return describeLibrary(invocation["detail"]?.stringValue)
            case .ejectAlbum:
                guard let album = album(invocation["album"]) else { return gone(invocation["album"], "album") }
                guard let (magazine, slot) = place(of: album) else {
                    return IntentOutcome(response: "\(album.title) isn't in a magazine.", succeeded: false)
                }
                return IntentOutcome(response: try performer.rackEditor.perform(.eject(slot: slot, magazine: .id(magazine.id))).message)
            default:
                return IntentOutcome(response: "Sorry, CD Changer hasn't added support for that.", succeeded: false)
            }
        } catch let error as TransportError {
            return IntentOutcome(response: error.description, succeeded: false)
        } catch let error as RackError {
            return IntentOutcome(response: error.description, succeeded: false)
        } catch {
            return IntentOutcome(response: "\(error)", succeeded: false)
        }
    }

    // MARK: Playing

    /// Plays `album` from `track`: from its slot when a magazine holds it, else loaded into `slot`
    /// (replacing what is there) or the first empty slot of the current magazine; when there is
    /// none, asks which slot to replace with `choice(slot)` as the answers. The reply names the
    /// track when it is not the first, or always with `namingTrack` (a song asked for by name).
    /// With `random` ("shuffle Night Drive") that random mode is set as it starts, so the disc
    /// plays from a random track, and the reply says so and names the track.
    private func play(_ album: Album, track: Int, slot: Int?, namingTrack: Bool = false, random: RandomMode? = nil,
                      lead: String = "", choice: (Int) -> IntentInvocation) throws -> IntentOutcome {
        let lead = lead + (random.map { IntentPerformer.describe($0) + " " } ?? "")
        if slot == nil, let (magazine, loaded) = place(of: album) {
            let switching = magazine.id != changer.currentMagazine?.id
            try performer.starting(in: random) { () throws(TransportError) in try changer.playDisc(loaded, magazineID: magazine.id, track: track) }
            return performer.playing(prefix: lead + (switching ? "Switched to \(magazine.name). Playing " : "Playing "), namingTrack: namingTrack || random != nil)
        }
        guard let magazine = magazineOnShow else { throw TransportError.noMagazine }
        guard let target = slot ?? firstEmptySlot(of: magazine) else {
            return .asking(replaceQuestion(for: album, in: magazine, choice: choice))
        }
        let replaced = try put(album, into: target, of: magazine)
        try performer.starting(in: random) { () throws(TransportError) in try changer.playDisc(target, magazineID: magazine.id, track: track) }
        let note = replaced.map { "\(album.title) replaced \($0) in slot \(target) of \(magazine.name). " }
            ?? "\(album.title) wasn't loaded, so it went into slot \(target) of \(magazine.name). "
        return performer.playing(prefix: lead + note + "Playing ", namingTrack: namingTrack || random != nil)
    }

    private func playArtist(_ value: ParameterValue?, random: ParameterValue?) throws -> IntentOutcome {
        guard case .entity(_, let id, let name)? = value else { return IntentOutcome(response: "Which artist?", succeeded: false) }
        let albums = changer.shelf.library.albums.filter { album in
            LibraryEntities.artistID(album.artist) == id || album.tracks.contains { LibraryEntities.artistID($0.artist) == id }
        }
        guard !albums.isEmpty else { return IntentOutcome(response: "\(name) is no longer in the library.", succeeded: false) }
        let loaded = albums.filter { place(of: $0) != nil }
        if loaded.count == 1 || (loaded.isEmpty && albums.count == 1) {
            let album = loaded.first ?? albums[0]
            return try play(album, track: 1, slot: nil, random: performer.randomMode(random)) { slot in
                albumInvocation(album, random: random).binding("slot", to: ChangerInvocations.slot(slot))
            }
        }
        let offered = loaded.count > 1 ? loaded : albums
        let choices = offered.map { album in
            (invocation: albumInvocation(album, random: random),
             summary: album.title + (loaded.contains(album) ? "" : " (not loaded)"))
        }
        return .asking(Ambiguity(lead: "Which album by \(name)?", choices: choices))
    }

    /// "Play some ambient": one of the genre's albums, the changer way (`playOne`).
    private func playGenre(_ value: ParameterValue?) throws -> IntentOutcome {
        guard case .entity(_, let id, let name)? = value else { return IntentOutcome(response: "Which genre?", succeeded: false) }
        let albums = changer.shelf.library.albums.filter { $0.genre.map(LibraryEntities.genreID) == id }
        guard !albums.isEmpty else {
            let known = LibraryEntities.genres(of: changer.shelf.library).libraryNames.prefix(6)
            let offer = known.isEmpty ? " No album has a genre tag." : " Genres here: \(known.joined(separator: ", "))."
            return IntentOutcome(response: "There's no \(name) in the library.\(offer)", succeeded: false)
        }
        return try playOne(of: albums, called: "some \(name)")
    }

    /// "Play some 80s music": as a genre, with the albums whose year is in that decade.
    private func playDecade(_ value: ParameterValue?) throws -> IntentOutcome {
        guard case .entity(_, let id, let name)? = value, let decade = LibraryEntities.decade(fromID: id) else {
            return IntentOutcome(response: "Which decade?", succeeded: false)
        }
        let albums = changer.shelf.library.albums.filter { $0.year.map(LibraryEntities.decade(of:)) == decade }
        guard !albums.isEmpty else {
            let known = LibraryEntities.decades(of: changer.shelf.library).libraryNames.prefix(6)
            let offer = known.isEmpty ? " No album has a year tag." : " Decades here: \(known.joined(separator: ", "))."
            return IntentOutcome(response: "There's nothing from the \(name) in the library.\(offer)", succeeded: false)
        }
        return try playOne(of: albums, called: "music from the \(name)")
    }

    /// Plays one of `albums` (a genre's, a decade's), said as `called` ("some Ambient"): the next
    /// loaded one after the disc playing in the current magazine, so asking again moves on (the
    /// one already playing goes on); else one another magazine holds; else one from the library
    /// at random, into the first empty slot (or a question which slot to replace).
    private func playOne(of albums: [Album], called: String) throws -> IntentOutcome {
        let lead = called.prefix(1).uppercased() + called.dropFirst() + ": "
        if let magazine = changer.currentMagazine {
            let folders = Set(albums.map(\.path))
            let slots = magazine.slots.indices.filter { magazine.slots[$0].map(folders.contains) ?? false }.map { $0 + 1 }
            let playingHere = performer.slotPlaying(in: magazine)
            if let playingHere, slots == [playingHere] {
                return performer.playing(prefix: "Already playing \(called): ")
            }
            if let slot = slots.first(where: { $0 > playingHere ?? 0 }) ?? slots.first {
                try changer.playDisc(slot, magazineID: magazine.id)
                return performer.playing(prefix: lead)
            }
        }
        let loadedElsewhere = albums.filter { place(of: $0) != nil }
        let album = loadedElsewhere.first ?? changer.pickAtRandom(albums)!
        return try play(album, track: 1, slot: nil, lead: lead) { slot in
            IntentInvocation(.playAlbum, parameters: ["album": albumValue(album), "slot": ChangerInvocations.slot(slot)])
        }
    }

    // MARK: The library

    /// "The library has 8 albums by 8 artists: 29 tracks, 7:45." or the albums, artists or genres
    /// it has, by name (the first twelve, then how many more).
    private func describeLibrary(_ detail: String?) -> IntentOutcome {
        let albums = changer.shelf.library.albums
        guard !albums.isEmpty else { return IntentOutcome(response: "The library is empty: no album was found in the music folder.") }
        switch detail {
        case "albums":
            // Albums of one title are told apart by their artist.
            let titleCounts = Dictionary(albums.map { ($0.title, 1) }, uniquingKeysWith: +)
            let titles = albums.map { titleCounts[$0.title]! > 1 ? "\($0.title) by \($0.artist)" : $0.title }
            return IntentOutcome(response: Self.named(Self.alphabetical(titles), one: "album"))
        case "artists":
            return IntentOutcome(response: Self.named(Self.alphabetical(self.artists), one: "artist"))
        case "genres":
            let genres = LibraryEntities.genres(of: changer.shelf.library).libraryNames
            guard !genres.isEmpty else { return IntentOutcome(response: "No album has a genre tag.") }
            return IntentOutcome(response: Self.named(genres, one: "genre"))
        default:
            let tracks = albums.reduce(0) { $0 + $1.tracks.count }
            let seconds = albums.reduce(0) { $0 + $1.duration }
            let hours = Int(seconds / 3600)
            let length = hours == 0 ? ClockText.minutesAndSeconds(seconds) : "\(Self.count(hours, "hour")) \(Int(seconds / 60) % 60) min"
            return IntentOutcome(response: "The library has \(Self.count(albums.count, "album")) by \(Self.count(self.artists.count, "artist")): \(Self.count(tracks, "track")), \(length).")
        }
    }

    /// The library's artists (of albums and of tracks), each once, without placeholders such as
    /// "Unknown Artist".
    private var artists: [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for album in changer.shelf.library.albums {
            for name in [album.artist] + album.tracks.map(\.artist) {
                guard let usable = LibraryEntities.usable(name), seen.insert(LibraryEntities.artistID(usable)).inserted else { continue }
                names.append(usable)
            }
        }
        return names
    }

    /// In the order of a file list: case ignored, numbers by value ("Vol. 2" before "Vol. 10").
    private static func alphabetical(_ names: [String]) -> [String] {
        names.sorted { NaturalOrder.compare($0.utf8, $1.utf8) < 0 }
    }

    /// "3 albums: A, B and C." — the first twelve names, then "and 5 more".
    private static func named(_ names: [String], one: String) -> String {
        let shown = names.prefix(12)
        let rest = names.count - shown.count
        let list = rest > 0 ? shown.joined(separator: ", ") + " and \(rest) more"
            : shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        return "\(count(names.count, one)): \(list)."
    }

    private static func count(_ number: Int, _ one: String) -> String {
        "\(number) \(one)\(number == 1 ? "" : "s")"
    }

    // MARK: Rack edits

    private func load(_ album: Album, slot: Int?) throws -> IntentOutcome {
        guard let magazine = magazineOnShow else { throw TransportError.noMagazine }
        if slot == nil, let (holder, loaded) = place(of: album) {
            return IntentOutcome(response: "\(album.title) is already in slot \(loaded) of \(holder.name).")
        }
        guard let target = slot ?? firstEmptySlot(of: magazine) else {
            return .asking(replaceQuestion(for: album, in: magazine) { slot in
                IntentInvocation(.loadAlbum, parameters: ["album": albumValue(album), "slot": ChangerInvocations.slot(slot)])
            })
        }
        return IntentOutcome(response: try performer.rackEditor.perform(.load(album, slot: target, magazine: .id(magazine.id))).message)
    }

    private func eject(_ slot: Int) throws -> IntentOutcome {
        guard let magazine = magazineOnShow else { throw TransportError.noMagazine }
        guard magazine.slots.indices.contains(slot - 1) else {
            throw RackError.slotOutOfRange(slot, magazine: magazine.name, count: magazine.slots.count)
        }
        guard magazine.slots[slot - 1] != nil else { return IntentOutcome(response: "Slot \(slot) of \(magazine.name) is already empty.") }
        return IntentOutcome(response: try performer.rackEditor.perform(.eject(slot: slot, magazine: .id(magazine.id))).message)
    }

    /// Loads `album` into `slot` of `magazine` through the rack editor; returns the title of the
    /// album it replaced, if any.
    private func put(_ album: Album, into slot: Int, of magazine: Magazine) throws -> String? {
        guard magazine.slots.indices.contains(slot - 1) else {
            throw RackError.slotOutOfRange(slot, magazine: magazine.name, count: magazine.slots.count)
        }
        let replaced = magazine.slots[slot - 1].map { changer.shelf.album(at: $0)?.title ?? $0.lastComponent.displayName }
        try performer.rackEditor.perform(.load(album, slot: slot, magazine: .id(magazine.id)))
        return replaced
    }

    /// "Magazine One is full. Which slot should Night Drive replace? 1. Coastal Morning, 2. …"
    private func replaceQuestion(for album: Album, in magazine: Magazine, choice: (Int) -> IntentInvocation) -> Ambiguity {
        let choices = magazine.slots.indices.map { index in
            let title = magazine.slots[index].map { changer.shelf.album(at: $0)?.title ?? "\($0.lastComponent.displayName) (missing)" } ?? "empty"
            return (invocation: choice(index + 1), summary: "slot \(index + 1), \(title)")
        }
        return Ambiguity(lead: "\(magazine.name) is full. Which slot should \(album.title) replace?", choices: choices)
    }

    // MARK: Finding things

    /// The magazine and slot holding `album`: the current magazine first, then the rack in order.
    private func place(of album: Album) -> (Magazine, Int)? {
        let rack = changer.store.state.rack.magazines
        let ordered = changer.currentMagazine.map { current in [current] + rack.filter { $0.id != current.id } } ?? rack
        for magazine in ordered {
            if let index = magazine.slots.firstIndex(of: album.path) { return (magazine, index + 1) }
        }
        return nil
    }

    private func firstEmptySlot(of magazine: Magazine) -> Int? {
        magazine.slots.firstIndex { $0 == nil }.map { $0 + 1 }
    }

    private func album(_ value: ParameterValue?) -> Album? {
        guard case .entity(_, let id, _)? = value, let path = LibraryPath(storageText: id) else { return nil }
        return changer.shelf.album(at: path)
    }

    private func song(_ value: ParameterValue?) -> (Album, Int)? {
        guard case .entity(_, let id, _)? = value, let path = LibraryPath(storageText: id),
              let album = changer.shelf.album(at: path.parent), let index = album.tracks.firstIndex(where: { $0.path == path }) else { return nil }
        return (album, index)
    }

    private func albumValue(_ album: Album) -> ParameterValue {
        .entity(typeIdentifier: ChangerCatalog.albumType, id: LibraryEntities.albumID(album), displayName: album.title)
    }

    /// Play `album`, shuffled when `random` is bound: what an artist's album plays as.
    private func albumInvocation(_ album: Album, random: ParameterValue?) -> IntentInvocation {
        let invocation = IntentInvocation(.playAlbum, parameters: ["album": albumValue(album)])
        return random.map { invocation.binding("random", to: $0) } ?? invocation
    }

    private func gone(_ value: ParameterValue?, _ kind: String) -> IntentOutcome {
        IntentOutcome(response: "The \(kind) \(value?.displayName ?? "") is no longer in the library.", succeeded: false)
    }

}
