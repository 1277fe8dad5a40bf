import ChangerIntents
import ChangerKit
import IntentKit
import Testing

/// "Play some jazz", "play some 80s music": genres and decades from the albums' tags, played the
/// changer way, and asked about. The rig's genres and years are listed on `LibraryRig`.
@Suite("Genres and decades")
struct GenreTests {
    @Test("the library's genres come first, most albums first, under their most common spelling; then the common genres it lacks; “Other” is no genre")
    func genreNames() throws {
        let rig = try LibraryRig()
        #expect(rig.names.libraryGenres == ["Ambient", "Acoustic", "Chanson", "Jazz"])
        let names = rig.names.genres.map(\.displayName)
        #expect(Array(names.prefix(4)) == ["Ambient", "Acoustic", "Chanson", "Jazz"])
        #expect(names.contains("Reggae") && names.contains("Hip-Hop"))
        #expect(names.filter { $0 == "Jazz" || $0 == "Ambient" }.count == 2, "a common genre the library has is named once")
        #expect(!names.contains("Other"))
        #expect(Set(rig.names.genres.map(\.id)).count == names.count)
    }

    @Test("sentences that name a genre", arguments: [
        ("play some jazz", "Jazz"), ("put on ambient music", "Ambient"), ("play something acoustic", "Acoustic"),
        ("I'm in the mood for chanson", "Chanson"), ("switch to some hip hop", "Hip-Hop"), ("play a jazz album", "Jazz"),
        ("play songs from the ambient genre", "Ambient"), ("jazz please", "Jazz"), ("play some r&b", "R&B"),
        ("play rock and roll", "Rock & Roll"), ("let's hear some lofi", "Lo-Fi"),
    ])
    func sentences(sentence: String, genre: String) throws {
        let rig = try LibraryRig()
        let invocation = try #require(rig.registry.resolve(sentence).invocation, "\(sentence)")
        #expect(invocation.changerIntent == .playGenre)
        #expect(invocation["genre"]?.displayName == genre)
    }

    @Test("a genre plays the next loaded disc of it in the current magazine, so asking again moves on")
    func loadedDiscsInTurn() throws {
        let rig = try LibraryRig()
        #expect(rig.say("play some acoustic") == "Some Acoustic: disc 1, Coastal Morning.")
        #expect(rig.say("play some acoustic") == "Some Acoustic: disc 2, Greatest Hits.")
        #expect(rig.say("play acoustic music") == "Some Acoustic: disc 1, Coastal Morning.")
        #expect(rig.playing == "Amber Lane - Coastal Morning/1")
    }

    @Test("the one disc of a genre already playing goes on; a magazine's own disc comes before another magazine's")
    func alreadyPlaying() throws {
        let rig = try LibraryRig()
        #expect(rig.say("play some ambient") == "Some Ambient: disc 4, Night Drive.")
        rig.changer.nextTrack()
        #expect(rig.say("play ambient music") == "Already playing some Ambient: disc 4, Night Drive, track 2, Night Drive.")
        #expect(rig.playing == "Cassette Radio - Night Drive/2")
        #expect(rig.changer.currentMagazine?.name == "Magazine One")
    }

    @Test("a genre only another magazine holds switches to it; one no magazine holds is loaded into an empty slot")
    func elsewhereOrNowhere() throws {
        let rig = try LibraryRig()
        #expect(rig.say("put on some jazz") == "Some Jazz: Rain Songs wasn't loaded, so it went into slot 3 of Magazine One. Playing disc 3, Rain Songs.")
        #expect(rig.slots(of: "Magazine One")[2] == "Rain Songs")
        #expect(rig.say("play some chanson") == "Some Chanson: Switched to Magazine Two. Playing disc 3, Café Mélancolie.")
        #expect(rig.playing == "Björk Sørensen - Café Mélancolie/1")
    }

    @Test("with the magazine full, the slot to replace is asked, and nothing changes before the answer")
    func fullMagazine() throws {
        let rig = try LibraryRig()
        _ = rig.say("play the album something")
        let before = rig.slots(of: "Magazine Two")
        #expect(rig.say("play some jazz").hasPrefix("Magazine Two is full. Which slot should Rain Songs replace? 1. slot 1, Something,"))
        #expect(rig.slots(of: "Magazine Two") == before)
        #expect(rig.say("5") == "Rain Songs replaced Sugar & Spice in slot 5 of Magazine Two. Playing disc 5, Rain Songs.")
    }

    @Test("a genre the library lacks is refused in words that name the genres it has, and nothing plays")
    func missingGenre() throws {
        let rig = try LibraryRig()
        let outcome = rig.performer.perform(try #require(rig.registry.resolve("play some reggae").invocation))
        #expect(outcome == IntentOutcome(response: "There's no Reggae in the library. Genres here: Ambient, Acoustic, Chanson, Jazz.", succeeded: false))
        #expect(rig.playing == nil)
        #expect(rig.slots(of: "Magazine One") == ["Coastal Morning", "Greatest Hits", "-", "Night Drive", "-", "-"])
    }

    @Test("“what genre is this” and “what year is this from” name the playing album's, or say its tags have none")
    func whatGenreAndYear() throws {
        let rig = try LibraryRig()
        #expect(rig.say("what genre is this") == "Nothing is playing.")
        #expect(rig.say("what year is this from") == "Nothing is playing.")
        _ = rig.say("play the album night drive")
        #expect(rig.say("what genre is this") == "Night Drive is Ambient.")
        #expect(rig.say("when was this album released") == "Night Drive is from 2019.")
        _ = rig.say("play the album open highway")
        #expect(rig.say("what kind of music is this") == "Open Highway (Deluxe Edition) has no genre in its tags.")
        #expect(rig.say("what year is this song from") == "Open Highway (Deluxe Edition) has no year in its tags.")
    }

    @Test("sentences that name a decade", arguments: [
        ("play some 80s music", "1980s"), ("play songs from the seventies", "1970s"), ("play the 1990s", "1990s"),
        ("play something from the 2010s", "2010s"), ("play some nineties hits", "1990s"),
    ])
    func decadeSentences(sentence: String, decade: String) throws {
        let rig = try LibraryRig()
        let invocation = try #require(rig.registry.resolve(sentence).invocation, "\(sentence)")
        #expect(invocation.changerIntent == .playDecade)
        #expect(invocation["decade"]?.displayName == decade)
    }

    @Test("a decade plays an album of its years the changer way; one the library lacks is refused naming the decades it has")
    func decades() throws {
        let rig = try LibraryRig()
        #expect(rig.names.decades.first?.displayName == "2010s", "the library's decades come first")
        #expect(rig.say("play some 2010s music") == "Music from the 2010s: disc 4, Night Drive.")
        #expect(rig.say("play music from the 2010s") == "Already playing music from the 2010s: disc 4, Night Drive.")
        let outcome = rig.performer.perform(try #require(rig.registry.resolve("play some 80s music").invocation))
        #expect(outcome == IntentOutcome(response: "There's nothing from the 1980s in the library. Decades here: 2010s.", succeeded: false))
        #expect(rig.playing == "Cassette Radio - Night Drive/1")
    }
}
