import Foundation
import Testing
import TestSupport

/// Music named by the user, end to end: `resolve --json` (a dry run on a fresh state) and `say`
/// to a running player, on a generated library with realistic names — accents, "&", an album
/// called "Something", a song called "Stop", an artist with two albums, and an album that a fresh
/// state loads nowhere (the first magazine takes the first six albums).
@Suite("Music by name, end to end")
struct LibraryNamesEndToEndTests {
    /// Folder name, album, artist, tracks.
    static let albums: [(String, String, String, [String])] = [
        ("Amber Lane - Coastal Morning", "Coastal Morning", "Amber Lane", ["Sea Breeze", "Lighthouse Lane"]),
        ("Amber Lane - Greatest Hits", "Greatest Hits", "Amber Lane", ["Paper Boats", "Stop"]),
        ("Björk Sørensen - Café Mélancolie", "Café Mélancolie", "Björk Sørensen", ["Été Indien"]),
        ("Cassette Radio - Night Drive", "Night Drive", "Cassette Radio", ["Streetlights", "Night Drive"]),
        ("Dune Motel - Greatest Hits", "Greatest Hits", "Dune Motel", ["Heat Haze"]),
        ("Next - Something", "Something", "Next", ["Hold On"]),
        ("Salt & Pepper - Sugar and Spice", "Sugar and Spice", "Salt & Pepper", ["Honey"]),
    ]

    /// Writes the albums (each track `seconds` long) into a new folder.
    static func makeLibrary(seconds: Double = 1) throws -> TemporaryFolder {
        let music = TemporaryFolder("cdc-names")
        for (folder, album, artist, tracks) in albums {
            try makeAlbum(in: music.url.appendingPathComponent(folder), album: album, artist: artist, tracks: tracks, seconds: seconds)
        }
        return music
    }

    static func makeAlbum(in folder: URL, album: String, artist: String, tracks: [String], seconds: Double) throws {
        for (index, title) in tracks.enumerated() {
            try MP3Fixtures.make(at: folder.appendingPathComponent(String(format: "%02d.mp3", index + 1)), seconds: seconds, frequency: 300 + 50 * index,
                                 tags: .init(title: title, artist: artist, album: album, track: "\(index + 1)/\(tracks.count)"))
        }
    }

    /// One `resolve --json` line per sentence, parsed; `status` is the exit status expected (the
    /// first sentence not understood as it is decides it).
    static func resolve(_ fixture: PlayerFixture, _ sentences: [String], status: Int32 = 0) throws -> [[String: Any]] {
        let result = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "resolve", "--json"],
                                    environment: fixture.environment, input: sentences.joined(separator: "\n") + "\n")
        #expect(result.status == status, "\(result.error)")
        return try result.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("resolve --json names albums, artists and songs, keeps phrases first, asks where both readings are real")
    func resolveJSON() throws {
        let music = try Self.makeLibrary()
        let fixture = try PlayerFixture(library: music.path)
        let cases: [(String, String, [String: String])] = [
            ("play the album something", "PlayAlbum", ["album": "Something"]),
            ("play something", "PlaySomething", [:]),
            ("play cafe melancolie", "PlayAlbum", ["album": "Café Mélancolie"]),
            ("play salt and pepper", "PlayArtist", ["artist": "Salt & Pepper"]),
            ("play sugar & spice", "PlayAlbum", ["album": "Sugar and Spice"]),
            ("play the song stop", "PlaySong", ["song": "Stop"]),
            ("stop", "Stop", [:]),
            ("play something by next", "PlayArtist", ["artist": "Next"]),
            ("play next", "NextTrack", [:]),
            ("play greatest hits by dune motel", "PlayAlbum", ["album": "Greatest Hits"]),
            ("put night drive in slot 2", "LoadAlbum", ["album": "Night Drive", "slot": "2"]),
            ("eject disc 3", "EjectDisc", ["disc": "3"]),
            ("play track two of disc three", "PlayTrackNumber", ["disc": "3", "track": "2"]),
        ]
        let lines = try Self.resolve(fixture, cases.map(\.0))
        for ((sentence, intent, parameters), line) in zip(cases, lines) {
            #expect(Array(line.keys).sorted() == ["candidates", "intent", "outcome", "parameters", "question", "response", "sentence", "suggestions"])
            #expect(line["outcome"] as? String == "matched", "\(sentence): \(line)")
            #expect(line["intent"] as? String == intent, "\(sentence)")
            let found = (line["parameters"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
            #expect(found == parameters, "\(sentence)")
        }
        let questions = try Self.resolve(fixture, ["play greatest hits", "play night drive", "nxt song"], status: 2)
        #expect(questions.allSatisfy { $0["outcome"] as? String == "ambiguous" })
        #expect(questions[0]["question"] as? String == "Did you mean 1. Play the album Greatest Hits (Amber Lane), or 2. Play the album Greatest Hits (Dune Motel)?")
        #expect(questions[2]["question"] as? String == "Did you mean “next song”?")
        // The key order of every line is the documented one.
        let raw = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", music.path, "resolve", "--json", "play", "the", "song", "stop"],
                                 environment: fixture.environment)
        #expect(raw.output.hasPrefix("{\"sentence\":\"play the song stop\",\"outcome\":\"matched\",\"intent\":\"PlaySong\",\"parameters\":{\"song\":\"Stop\"},\"candidates\":null,\"question\":null,\"response\":"))
    }

    @Test("say loads an album from nowhere by asking which slot to replace, and answers follow-ups")
    func sayFollowUps() throws {
        let music = try Self.makeLibrary(seconds: 30)
        let fixture = try PlayerFixture(library: music.path)
        let player = try fixture.startPlayer()

        let full = try fixture.run("say", "play", "sugar", "and", "spice")
        #expect(full.status == 2)
        #expect(full.output.hasPrefix("Magazine One is full. Which slot should Sugar and Spice replace? 1. slot 1, Coastal Morning, 2. slot 2, Greatest Hits, 3. slot 3, Café Mélancolie,"))
        let replaced = try fixture.run("say", "3")
        #expect(replaced.status == 0)
        #expect(replaced.output == "Sugar and Spice replaced Café Mélancolie in slot 3 of Magazine One. Playing disc 3, Sugar and Spice.\n")
        #expect(player.waitFor("disc 3, track 1/1: Honey"))

        let which = try fixture.run("say", "play something by amber lane")
        #expect(which.status == 2)
        #expect(which.output.hasPrefix("Which album by Amber Lane? 1. Coastal Morning, or 2. Greatest Hits."))
        #expect(try fixture.run("say", "the second one").output == "Playing disc 2, Greatest Hits.\n")

        #expect(try fixture.run("say", "play the song stop").output == "Playing disc 2, Greatest Hits, track 2, Stop.\n")
        let typo = try fixture.run("say", "nxt song")
        #expect(typo.status == 2)
        #expect(typo.output.hasPrefix("Did you mean “next song”?"))
        #expect(try fixture.run("say", "yes").output == "Track 1, Honey.\n")
        // A song asked for by name is named in the reply, a first track too.
        #expect(try fixture.run("say", "play the song honey").output == "Playing disc 3, Sugar and Spice, track 1, Honey.\n")

        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
    }

    @Test("An album copied into the music folder is playable by name within a second; a removed one is no longer offered and its slot shows missing")
    func watchedFolder() throws {
        let music = try Self.makeLibrary(seconds: 30)
        let fixture = try PlayerFixture(library: music.path)
        let player = try fixture.startPlayer()

        let staging = TemporaryFolder("cdc-staging")
        try Self.makeAlbum(in: staging.url.appendingPathComponent("Mira Cole - Blue Hour"), album: "Blue Hour", artist: "Mira Cole", tracks: ["Dusk"], seconds: 30)
        #expect(try fixture.run("say", "play the album blue hour").status == 1)
        try FileManager.default.copyItem(at: staging.url.appendingPathComponent("Mira Cole - Blue Hour"), to: music.url.appendingPathComponent("Mira Cole - Blue Hour"))
        let copied = Date()
        var playable = false
        while Date().timeIntervalSince(copied) < 1, !playable {
            playable = try fixture.run("say", "play the album blue hour").status != 1
        }
        #expect(playable, "Blue Hour was not playable within a second of being copied in")
        #expect(Date().timeIntervalSince(copied) < 1)

        try FileManager.default.removeItem(at: music.url.appendingPathComponent("Next - Something"))
        // The slot shows missing once the player has scanned again (asked of the player itself:
        // `magazine list` goes to it), well within a second; from then on the name is not offered.
        let missing = "(missing) \(music.path)/Next - Something"
        #expect(waitUntil(timeout: 1) { (try? fixture.run("magazine", "list"))?.output.contains(missing) == true }, "slot 6 does not show missing")
        let gone = try fixture.run("say", "play the album something")
        #expect(gone.status == 1, "\(gone.output)")
        #expect(gone.output.hasPrefix("Sorry, CD Changer hasn't added support for that."))

        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
    }
}
