import IntentKit
import Testing

@Suite("Phrase words outrank library names; equal readings of names ask")
struct LibraryNameRankingTests {
    static let shortcuts = [
        Fixtures.shortcut("Stop", "stop [the] [music] in {app}"),
        Fixtures.shortcut("NextTrack", "[play] next [song] in {app}"),
        Fixtures.shortcut("PlaySomething", "play something in {app}"),
        Fixtures.shortcut("PlayAlbum", "play [the] [album] {album} in {app}"),
        Fixtures.shortcut("PlaySong", "play [the] [song] {song} in {app}"),
        Fixtures.shortcut("PlayMagazine", "play [the] {magazine} in {app}"),
        Fixtures.shortcut("PlayDisc", "play [the] disc {disc} in {app}"),
    ]

    static func registry() throws -> ShortcutRegistry {
        try LibraryFixtures.registry(
            shortcuts,
            albums: EntityList(["Something", "Next", "Night Drive", "Disc 3", "The Music Of The Night"]),
            songs: EntityList(["Stop", "Night Drive", "Streetlights"]),
            magazines: EntityList(["Road Trip"])
        )
    }

    @Test("A phrase's own words win over names that say the same", arguments: [
        ("play something", "PlaySomething"), ("play next", "NextTrack"), ("play disc 3", "PlayDisc disc=3"),
        ("stop", "Stop"), ("stop the music", "Stop"),
    ])
    func phrasesWin(sentence: String, expected: String) throws {
        #expect(try Self.registry().resolve(sentence).brief == expected, "\(sentence)")
    }

    @Test("Naming the kind of thing picks the name", arguments: [
        ("play the album something", "PlayAlbum album=Something"), ("play the album next", "PlayAlbum album=Next"),
        ("play the song stop", "PlaySong song=Stop"), ("play stop", "PlaySong song=Stop"),
        ("play the album night drive", "PlayAlbum album=Night Drive"), ("play streetlights", "PlaySong song=Streetlights"),
    ])
    func namesWhenNamed(sentence: String, expected: String) throws {
        #expect(try Self.registry().resolve(sentence).brief == expected, "\(sentence)")
    }

    @Test("An album and a song of one name are both real: the answer asks")
    func namesTie() throws {
        guard case .ambiguous(let ambiguity) = try Self.registry().resolve("play night drive") else {
            Issue.record("expected a question")
            return
        }
        #expect(Set(ambiguity.candidates.map(\.invocation.intent)) == ["PlayAlbum", "PlaySong"])
    }

    @Test("A title thousands of songs share asks with the first nine and says how many more", arguments: [2, 9, 10, 5000])
    func manySongsOfOneTitle(count: Int) throws {
        let registry = try LibraryFixtures.registry(Self.shortcuts, albums: EntityList([]), songs: EntityList(Array(repeating: "Intro", count: count)))
        guard case .ambiguous(let ambiguity) = registry.resolve("play intro") else {
            Issue.record("expected a question")
            return
        }
        #expect(ambiguity.candidates.count == min(count, ShortcutRegistry.maximumChoices))
        #expect(Set(ambiguity.candidates.map(\.invocation)).count == ambiguity.candidates.count, "different songs")
        #expect(ambiguity.question.hasPrefix("Did you mean 1. Play the song Intro"))
        let more = count - ShortcutRegistry.maximumChoices
        #expect(ambiguity.question.hasSuffix(more > 0 ? "? \(more) more match too: say more of the name to narrow it down." : "?"), "\(ambiguity.question)")
    }

    @Test("Skip words inside a library name do not count towards it")
    func skipWordsInNames() throws {
        // "the" is part of the album's name but counts for nothing, as it would in a phrase.
        #expect(try Self.registry().resolve("play the music of the night").brief == "PlayAlbum album=The Music Of The Night")
    }

    @Test("Magazine names, which the user chose, still tie with phrases")
    func magazinesTie() throws {
        let registry = try LibraryFixtures.registry(Self.shortcuts, albums: EntityList([]), magazines: EntityList(["Something"]))
        guard case .ambiguous(let ambiguity) = registry.resolve("play something") else {
            Issue.record("expected a question")
            return
        }
        #expect(Set(ambiguity.candidates.map(\.invocation.intent)) == ["PlaySomething", "PlayMagazine"])
    }

    @Test("A magazine and an album of one name are both real; a phrase still outranks the album")
    func magazineAndAlbum() throws {
        let registry = try LibraryFixtures.registry(Self.shortcuts, albums: EntityList(["Road Trip", "Something"]), magazines: EntityList(["Road Trip", "Something"]))
        guard case .ambiguous(let roadTrip) = registry.resolve("play road trip") else {
            Issue.record("expected a question")
            return
        }
        #expect(Set(roadTrip.candidates.map(\.invocation.intent)) == ["PlayMagazine", "PlayAlbum"])
        guard case .ambiguous(let something) = registry.resolve("play something") else {
            Issue.record("expected a question")
            return
        }
        // The album yields to the phrase; the magazine, a name the user chose, ties with it.
        #expect(Set(something.candidates.map(\.invocation.intent)) == ["PlaySomething", "PlayMagazine"])
    }

    @Test("Readings the app calls equivalent are one reading, in the sentence and in the check")
    func equivalence() throws {
        // The app says: the magazine "Disc 3" and disc 3 are the same thing (say, it is that disc's magazine).
        let registry = try LibraryFixtures.registry(
            Self.shortcuts, albums: EntityList([]), magazines: EntityList(["Disc 3", "Road Trip"]),
            equivalence: { invocation, _ in
                guard invocation.intent == "PlayMagazine", invocation["magazine"]?.displayName == "Disc 3" else { return nil }
                return IntentInvocation(intent: "PlayDisc", parameters: [
                    "disc": .enumCase(enumIdentifier: "DiscNumber", value: .integer(3), displayName: "3"),
                ])
            }
        )
        #expect(registry.resolve("play disc 3").brief == "PlayDisc disc=3")
        #expect(registry.resolve("play road trip").brief == "PlayMagazine magazine=Road Trip")
        let report = registry.checkCollisions()
        #expect(!report.sentenceCollisions.contains { $0.sentence == "play disc 3" })
        // Without the equivalence the same sentence asks.
        let plain = try LibraryFixtures.registry(Self.shortcuts, albums: EntityList([]), magazines: EntityList(["Disc 3"]))
        #expect(plain.resolve("play disc 3").brief.hasPrefix("ambiguous"))
    }
}
