import ChangerIntents
import ChangerKit
import Foundation
import IntentKit
import MusicLibrary
import TestSupport

/// A library with realistic names (accents, "&", an album called "Something", a song called
/// "Stop", an artist with two albums, albums loaded nowhere), two magazines, a changer on a fake
/// engine, the registry over all of it, and a conversation, for the library tests.
///
/// Magazine One: 1 Coastal Morning, 2 Greatest Hits (Amber Lane), 3 empty, 4 Night Drive, 5–6 empty.
/// Magazine Two (full): Something, Greatest Hits (Dune Motel), Café Mélancolie, Winter Songs,
/// Sugar & Spice, Open Highway (Deluxe Edition). Loaded nowhere: Field Recordings, Rain Songs.
///
/// Genres: Acoustic (Coastal Morning; Greatest Hits by Amber Lane as "acoustic"), Ambient (Night
/// Drive, Winter Songs, Field Recordings), Chanson (Café Mélancolie), Jazz (Rain Songs), "Other"
/// (Something, a tag that names no genre); the rest have none. Night Drive is from 2019; no other
/// album has a year.
final class LibraryRig {
    /// An album in folder `folder` of `root` (the folder is made by the rig, so the changer finds it there).
    static func album(_ folder: String, _ title: String, by artist: String, _ tracks: [String], genre: String? = nil, year: Int? = nil,
                      in root: LibraryPath) -> Album {
        Album(path: root.appending(folder), title: title, artist: artist, tracks: tracks.enumerated().map { index, name in
            Track(path: root.appending(folder).appending("\(index + 1).mp3"), title: name, artist: artist, trackNumber: index + 1, duration: 100)
        }, genre: genre, year: year)
    }

    static let genres = [
        "Coastal Morning": "Acoustic", "Greatest Hits by Amber Lane": "acoustic", "Night Drive": "Ambient", "Winter Songs": "Ambient",
        "Field Recordings": "Ambient", "Café Mélancolie": "Chanson", "Rain Songs": "Jazz", "Something": "Other",
    ]

    static func albums(in root: LibraryPath) -> [Album] {
        let album = { (folder: String, title: String, artist: String, tracks: [String]) in
            LibraryRig.album(folder, title, by: artist, tracks, genre: genres[title] ?? genres["\(title) by \(artist)"],
                             year: title == "Night Drive" ? 2019 : nil, in: root)
        }
        return [
            album("Amber Lane - Coastal Morning", "Coastal Morning", "Amber Lane", ["Sea Breeze", "Lighthouse Lane"]),
            album("Amber Lane - Greatest Hits", "Greatest Hits", "Amber Lane", ["Paper Boats", "Stop", "Coming Home"]),
            album("Cassette Radio - Night Drive", "Night Drive", "Cassette Radio", ["Streetlights", "Night Drive"]),
            album("Next - Something", "Something", "Next", ["Hold On", "Wait for Me"]),
            album("Dune Motel - Greatest Hits", "Greatest Hits", "Dune Motel", ["Heat Haze"]),
            album("Björk Sørensen - Café Mélancolie", "Café Mélancolie", "Björk Sørensen", ["Été Indien"]),
            album("The Hollow Pines - Winter Songs", "Winter Songs", "The Hollow Pines", ["First Snow", "Pause"]),
            album("Salt and Pepper - Sugar & Spice", "Sugar & Spice", "Salt and Pepper", ["Honey"]),
            album("Wavelength Orchestra - Open Highway", "Open Highway (Deluxe Edition)", "Wavelength Orchestra", ["Cruise Control"]),
            album("Field Recordings", "Field Recordings", "Unknown Artist", ["Track 1"]),
            album("Mira Cole - Rain Songs", "Rain Songs", "Mira Cole", ["Drizzle", "Downpour"]),
        ]
    }

    let folder = TemporaryFolder()
    let engine = FakeEngine()
    let store: ChangerStore
    /// The music folder, with an empty folder per album.
    let root: LibraryPath
    let albums: [Album]
    let library: Library
    let names: LibraryEntities
    let changer: Changer
    let registry: ShortcutRegistry
    let performer: IntentPerformer
    var conversation: Conversation

    /// `extraAlbums`: that many more, "Extra 1"…, of one track by "Extra Artist", loaded nowhere.
    init(extraAlbums: Int = 0) throws {
        let root = LibraryPath(folder.folder("music").path)
        self.root = root
        albums = LibraryRig.albums(in: root) + (0..<extraAlbums).map { LibraryRig.album("Extra \($0 + 1)", "Extra \($0 + 1)", by: "Extra Artist", ["Long"], in: root) }
        library = Library(root: root, albums: albums)
        for album in albums { try FileManager.default.createDirectory(atPath: album.path.displayName, withIntermediateDirectories: true) }
        var rack = Rack()
        let paths = albums.map(\.path)
        let one = try rack.create(named: "Magazine One", albums: [])
        for (slot, album) in [(1, 0), (2, 1), (4, 2)] { try rack.load(paths[album], into: slot, of: one.name) }
        try rack.create(named: "Magazine Two", albums: Array(paths[3...8]))
        store = ChangerStore(file: StateFile(directory: folder.url), state: ChangerState(rack: rack, currentMagazineID: one.id))
        names = LibraryEntities(library)
        changer = Changer(store: store, shelf: AlbumShelf(library: library), engine: engine, clock: FakeClock(), seed: 7)
        registry = try MagazineEntities.registry(observing: store, library: names)
        performer = IntentPerformer(changer: changer)
        conversation = Conversation(registry: registry)
    }

    /// Resolves `sentence` in the conversation and, when it is understood, carries it out;
    /// a question the intent asks stays open, as in a running player.
    @discardableResult
    func say(_ sentence: String) -> String {
        let resolution = conversation.respond(to: sentence)
        guard case .matched(let invocation) = resolution else {
            return registry.report(for: sentence, resolution: resolution).response
        }
        let outcome = performer.perform(invocation)
        if let followUp = outcome.followUp { conversation.ask(.choice(followUp)) }
        return outcome.response
    }

    /// What the engine plays: "Night Drive/2" for track 2 of the Night Drive folder.
    var playing: String? {
        engine.current.map { track in
            let parts = track.path.displayName.split(separator: "/")
            return String(parts[parts.count - 2]) + "/" + String(parts[parts.count - 1].dropLast(4))
        }
    }

    /// The titles in the slots of the magazine called `name` ("-" for an empty slot).
    func slots(of name: String) -> [String] {
        store.state.rack.magazine(named: name)!.slots.map { path in
            path.flatMap { path in library.album(at: path)?.title } ?? "-"
        }
    }
}
