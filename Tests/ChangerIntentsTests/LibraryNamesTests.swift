import ChangerIntents
import ChangerKit
import IntentKit
import MusicLibrary
import Testing

@Suite("Album, artist and song names from the library")
struct LibraryNamesTests {
    /// The rig's registry and names (both Sendable), shared by the tests that only resolve.
    static let rig: (registry: ShortcutRegistry, names: LibraryEntities) = {
        let rig = try! LibraryRig()
        return (rig.registry, rig.names)
    }()

    @Test("Names resolve with the synonyms a listener accepts", arguments: [
        ("play the album something", "PlayAlbum album=Something"),
        ("play cafe melancolie", "PlayAlbum album=Café Mélancolie"),
        ("play bjork sorensen", "PlayArtist artist=Björk Sørensen"),
        ("play sugar and spice", "PlayAlbum album=Sugar & Spice"),
        ("play salt & pepper", "PlayArtist artist=Salt and Pepper"),
        ("play hollow pines", "PlayArtist artist=The Hollow Pines"),
        ("play the hollow pines", "PlayArtist artist=The Hollow Pines"),
        ("play open highway", "PlayAlbum album=Open Highway (Deluxe Edition)"),
        ("play open highway deluxe edition", "PlayAlbum album=Open Highway (Deluxe Edition)"),
        ("play greatest hits by dune motel", "PlayAlbum album=Greatest Hits"),
        ("play amber lane's greatest hits", "PlayAlbum album=Greatest Hits"),
        ("play paper boats by amber lane", "PlaySong song=Paper Boats"),
        ("play ete indien", "PlaySong song=Été Indien"),
        ("play something by next", "PlayArtist artist=Next"),
        ("play the band next", "PlayArtist artist=Next"),
        ("play the song stop", "PlaySong song=Stop"),
        ("put rain songs in slot 2", "LoadAlbum album=Rain Songs slot=2"),
        ("eject disc 3", "EjectDisc disc=3"),
        ("shuffle night drive", "PlayAlbum album=Night Drive random=disc"),
        ("play rain songs on shuffle", "PlayAlbum album=Rain Songs random=disc"),
        ("shuffle mira cole", "PlayArtist artist=Mira Cole random=disc"),
        ("replace disc 2 with rain songs", "LoadAlbum album=Rain Songs slot=2"),
        ("swap out slot 4 for the album night drive", "LoadAlbum album=Night Drive slot=4"),
        ("shuffle this album", "Random mode=disc"), ("shuffle everything", "Random mode=magazine"),
        ("play mira cole's album", "PlayArtist artist=Mira Cole"), ("put on mira cole's new record", "PlayArtist artist=Mira Cole"),
        ("play the hollow pines' album", "PlayArtist artist=The Hollow Pines"), ("play hollow pines's album", "PlayArtist artist=The Hollow Pines"), ("play the latest album by mira cole", "PlayArtist artist=Mira Cole"),
        ("shuffle songs by mira cole", "PlayArtist artist=Mira Cole random=disc"), ("play night drive on spotify", "ambiguous"),
        ("play the album night drive on spotify", "PlayAlbum album=Night Drive"), ("play track 2 of night drive", "PlayAlbum album=Night Drive track=2"),
        ("play the first song on rain songs", "PlayAlbum album=Rain Songs track=1"), ("play music from the album winter songs", "PlayAlbum album=Winter Songs"),
    ])
    func synonyms(sentence: String, expected: String) {
        #expect(describe(Self.rig.registry.resolve(sentence)) == expected, "\(sentence)")
    }

    @Test("The phrases' own words outrank library names", arguments: [
        ("stop", "Stop"), ("pause", "Pause"), ("play something", "PlaySomething"), ("play next", "NextTrack"),
        ("next", "NextTrack"), ("hold on", "Pause"), ("play pause", "TogglePlayPause"),
    ])
    func phrasesWin(sentence: String, expected: String) {
        #expect(describe(Self.rig.registry.resolve(sentence)) == expected, "\(sentence)")
    }

    @Test("Where both readings are real the answer is a question, told apart by subtitles", arguments: [
        ("play greatest hits", ["Play the album Greatest Hits (Amber Lane)", "Play the album Greatest Hits (Dune Motel)"]),
        ("play night drive", ["Play the album Night Drive", "Play the song Night Drive"]),
    ])
    func bothReal(sentence: String, summaries: [String]) throws {
        guard case .ambiguous(let ambiguity) = Self.rig.registry.resolve(sentence) else {
            Issue.record("\(sentence) should ask")
            return
        }
        #expect(ambiguity.candidates.map(\.summary) == summaries)
    }

    @Test("Entities carry display names from the tags, synonyms, subtitles, and skip placeholder artists")
    func entities() throws {
        let names = Self.rig.names
        let greatest = names.albums.filter { $0.displayName == "Greatest Hits" }
        #expect(greatest.map(\.subtitle) == ["Amber Lane", "Dune Motel"])
        #expect(greatest[0].qualifiers == ["by Amber Lane"])
        #expect(greatest[0].spokenNames.contains("Greatest Hits by Amber Lane"))
        #expect(greatest[0].synonyms.contains("Amber Lane's Greatest Hits"))
        let pines = try #require(names.artists.first { $0.displayName == "The Hollow Pines" })
        #expect(pines.synonyms == ["Hollow Pines", "The Hollow Pines's", "Hollow Pines's"])
        let mira = try #require(names.artists.first { $0.displayName == "Mira Cole" })
        #expect(mira.synonyms == ["Mira Cole's"])
        #expect(!names.artists.contains { $0.displayName == "Unknown Artist" })
        let stop = try #require(names.songs.first { $0.displayName == "Stop" })
        #expect(stop.subtitle == "Greatest Hits, Amber Lane")
        #expect(stop.id.hasSuffix("/music/Amber Lane - Greatest Hits/2.mp3"))
        #expect(LibraryEntities.variants(of: "Stop (Remastered 2011)") == ["Stop (Remastered 2011)", "Stop"])
        #expect(LibraryEntities.variants(of: "Rain - Live at the Forum") == ["Rain - Live at the Forum", "Rain"])
        #expect(LibraryEntities.variants(of: "Up feat. Somebody") == ["Up feat. Somebody", "Up"])
        #expect(LibraryEntities.variants(of: "The Wall") == ["The Wall", "Wall"])
        #expect(LibraryEntities.variants(of: "Rain - The Sequel") == ["Rain - The Sequel"])
    }

    @Test("A new scan replaces the names at once: new albums resolve, removed ones no longer do")
    func refresh() throws {
        let rig = try LibraryRig()
        #expect(describe(rig.registry.resolve("play the album blue hour")) == "unsupported")
        let blue = LibraryRig.album("Blue Hour", "Blue Hour", by: "Mira Cole", ["Dusk"], in: rig.root)
        var albums = rig.albums.filter { $0.title != "Rain Songs" }
        albums.append(blue)
        MagazineEntities.refresh(library: Library(root: rig.root, albums: albums), names: rig.names, in: rig.registry, store: rig.store)
        #expect(describe(rig.registry.resolve("play the album blue hour")) == "PlayAlbum album=Blue Hour")
        #expect(describe(rig.registry.resolve("play the album rain songs")) == "unsupported")
        #expect(describe(rig.registry.resolve("play something by mira cole")) == "PlayArtist artist=Mira Cole")
    }

    @Test("Library names that sound like commands are reported, one line per name")
    func collisionReport() throws {
        let warnings = MagazineEntities.libraryCollisionWarnings(in: Self.rig.registry)
        #expect(warnings.contains { $0.hasPrefix("The song “Stop” sounds like a command: “stop”") })
        #expect(warnings.contains { $0.hasPrefix("The album “Something” sounds like a command: “play something”") })
        #expect(warnings.contains { $0.hasPrefix("The artist “Next” sounds like a command") })
        #expect(warnings.contains { $0.hasPrefix("The song “Pause” sounds like a command") })
        #expect(!warnings.contains { $0.contains("Greatest Hits") || $0.contains("Night Drive") }, "names against names are not reported")
        let check = ChangerReports.checkLines(Self.rig.registry)
        #expect(check.collides)
        #expect(check.lines.contains { $0.contains("The song “Stop” sounds like a command") })
    }
}
