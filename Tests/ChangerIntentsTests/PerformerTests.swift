import ChangerIntents
import ChangerKit
import Foundation
import IntentKit
import Testing
import TestSupport

@Suite("Intents carried out on the changer")
struct PerformerTests {
    /// The transport fixture's rack (discs A, B, C in slots 1, 3, 5) with a registry and a performer.
    struct Rig {
        let fixture: TransportFixture
        let changer: Changer
        let registry: ShortcutRegistry
        let performer: IntentPerformer

        init(settings: PlayerSettings = PlayerSettings()) throws {
            fixture = try TransportFixture(settings: settings)
            changer = fixture.changer()
            registry = try MagazineEntities.registry(observing: fixture.store, library: LibraryEntities(fixture.shelf.library))
            performer = IntentPerformer(changer: changer)
        }

        /// Resolves `sentence` in the app (the app name optional) and performs it.
        func say(_ sentence: String) -> IntentOutcome {
            guard case .matched(let invocation) = registry.resolve(sentence, mode: .inApp) else {
                return IntentOutcome(response: "(not matched: \(sentence))", succeeded: false)
            }
            return performer.perform(invocation, fromSentence: true)
        }
    }

    @Test("sentences drive the changer and answer with real names", arguments: [
        ("play disc 3", "Playing disc 3, B.", "B1"),
        ("put on the first disc", "Playing disc 1, A.", "A1"),
        ("play magazine one", "Playing Magazine One: disc 1, A.", "A1"),
        ("play disc 5 of magazine one", "Playing Magazine One: disc 5, C.", "C1"),
        ("play something", "Playing disc 1, A.", "A1"),
    ])
    func playSentences(sentence: String, response: String, track: String) throws {
        let rig = try Rig()
        let outcome = rig.say(sentence)
        #expect(outcome == IntentOutcome(response: response))
        #expect(rig.fixture.playing == track)
    }

    @Test("a seek to an exact place (MPRIS Seek and SetPosition) goes there and says where")
    func seekToPosition() throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        rig.fixture.engine.heardSeconds = 30
        #expect(rig.performer.perform(ChangerInvocations.seek(toMicroseconds: 2_000_000, from: 30)) == IntentOutcome(response: "Back to 0:02."))
        #expect(rig.performer.perform(ChangerInvocations.seek(toMicroseconds: 75_500_000, from: 2)) == IntentOutcome(response: "Forward to 1:15."))
        #expect(rig.fixture.engine.seeks == [2, 75.5])
    }

    @Test("transport sentences while playing")
    func transport() throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        #expect(rig.say("next song") == IntentOutcome(response: "Track 2, A2."))
        #expect(rig.say("skip this track") == IntentOutcome(response: "Track 3, A3."))
        #expect(rig.say("next disc") == IntentOutcome(response: "Disc 3, B."))
        #expect(rig.say("previous album") == IntentOutcome(response: "Disc 1, A."))
        #expect(rig.say("pause the music") == IntentOutcome(response: "Paused."))
        #expect(rig.changer.transport == .paused)
        #expect(rig.say("resume") == IntentOutcome(response: "Resuming disc 1, A."))
        #expect(rig.say("set the volume to 40 percent") == IntentOutcome(response: "Volume 40%."))
        #expect(rig.say("turn it up") == IntentOutcome(response: "Volume 50%."))
        #expect(rig.say("mute") == IntentOutcome(response: "Muted."))
        #expect(rig.fixture.engine.volume == (50, true))
        #expect(rig.say("unmute") == IntentOutcome(response: "Sound on, volume 50%."))
        #expect(rig.say("repeat this disc") == IntentOutcome(response: "Repeating this disc."))
        #expect(rig.changer.settings.repeatMode == .disc)
        #expect(rig.say("shuffle everything") == IntentOutcome(response: "Random play across the whole magazine."))
        #expect(rig.say("what's playing").response.hasPrefix("Playing disc 1, A by Artist: track 1, A1, "))
        #expect(rig.say("stop playing") == IntentOutcome(response: "Stopped."))
        #expect(rig.say("what's playing") == IntentOutcome(response: "Nothing is playing."))
    }

    @Test("a sentence that turns random play on while stopped starts a fresh shuffle of the magazine at a random track", arguments: [
        "surprise me", "play something random", "shuffle play", "shuffle",
    ])
    func shuffleFromStopped(sentence: String) throws {
        guard case .matched(let invocation) = try Rig().registry.resolve(sentence, mode: .inApp) else {
            Issue.record("\(sentence) is not understood")
            return
        }
        var starts: Set<String> = []
        for seed in 1...12 {
            let fixture = try TransportFixture()
            let changer = fixture.changer(seed: UInt64(seed))
            let outcome = IntentPerformer(changer: changer).perform(invocation, fromSentence: true)
            #expect(outcome.succeeded)
            #expect(outcome.response.hasPrefix("Random play across the whole magazine. Playing disc "))
            #expect(changer.transport == .playing)
            #expect(changer.settings.randomMode == .magazine)
            starts.insert(fixture.playing ?? "nothing")
        }
        // Six tracks in three discs: twelve seeds start at more than one, never at nothing.
        #expect(starts.count > 1)
        #expect(starts.isSubset(of: ["A1", "A2", "A3", "B1", "B2", "C1"]))
    }

    @Test("'shuffle Magazine One' plays it in random-magazine mode from a random track, while another disc plays or paused")
    func shuffleMagazineByName() throws {
        var starts: Set<String> = []
        for seed in 1...8 {
            let fixture = try TransportFixture()
            let changer = fixture.changer(seed: UInt64(seed))
            let registry = try MagazineEntities.registry(observing: fixture.store, library: LibraryEntities(fixture.shelf.library))
            let performer = IntentPerformer(changer: changer)
            try changer.playDisc(3)
            if seed.isMultiple(of: 2) { changer.pause() }
            guard case .matched(let invocation) = registry.resolve("shuffle magazine one", mode: .inApp) else {
                Issue.record("'shuffle magazine one' is not understood")
                return
            }
            let outcome = performer.perform(invocation, fromSentence: true)
            #expect(outcome.response.hasPrefix("Random play across the whole magazine. Playing Magazine One: disc "), "\(outcome.response)")
            #expect(changer.transport == .playing)
            #expect(changer.settings.randomMode == .magazine)
            starts.insert(fixture.playing ?? "nothing")
        }
        #expect(starts.count > 1)
        #expect(starts.isSubset(of: ["A1", "A2", "A3", "B1", "B2", "C1"]))
    }

    @Test("a shuffle that cannot start says why and leaves the random mode as it was")
    func refusedShuffleKeepsMode() throws {
        let rig = try Rig()
        try rig.fixture.store.editRack(.created) { rack throws(RackError) in _ = try rack.create(named: "Empty Box") }
        let outcome = rig.say("shuffle empty box")
        #expect(outcome == IntentOutcome(response: "Empty Box has no disc to play.", succeeded: false))
        #expect(rig.changer.settings.randomMode == .off)
        #expect(rig.changer.transport == .stopped)
        try rig.fixture.store.editRack(.slotsChanged) { rack throws(RackError) in
            for slot in 1...6 { _ = try rack.eject(slot: slot, of: "Magazine One") }
        }
        #expect(rig.say("surprise me") == IntentOutcome(response: "Random play across the whole magazine. No magazine holds a disc to play. Load one with cdchanger magazine load.", succeeded: false))
        #expect(rig.changer.settings.randomMode == .magazine, "the mode asked for is set")
    }

    @Test("random disc while stopped shuffles the disc last heard; the key, MPRIS's Shuffle, random off and a pause only set the mode")
    func shuffleModesAndDirectInputs() throws {
        let rig = try Rig()
        _ = rig.say("play disc 3")
        _ = rig.say("stop")
        let outcome = rig.say("shuffle this disc")
        #expect(outcome.response.hasPrefix("Random play within the disc. Playing disc 3, B, track "))
        #expect(rig.fixture.playing?.hasPrefix("B") == true)

        let keys = try Rig()
        #expect(keys.performer.perform(ChangerInvocations.randomMode(.magazine)) == IntentOutcome(response: "Random play across the whole magazine."))
        #expect(keys.changer.transport == .stopped)
        #expect(keys.say("random off") == IntentOutcome(response: "Random off."))
        #expect(keys.changer.transport == .stopped)
        _ = keys.say("play disc 1")
        _ = keys.say("pause")
        #expect(keys.say("surprise me") == IntentOutcome(response: "Random play across the whole magazine."))
        #expect(keys.changer.transport == .paused)
        #expect(keys.fixture.playing == "A1")
    }

    @Test("after the music stopped, next magazine selects the next one each time and names it")
    func nextMagazineWhenStopped() throws {
        let rig = try Rig()
        try rig.fixture.store.editRack(.created) { rack throws(RackError) in
            try rack.create(named: "Second")
            try rack.create(named: "Third")
        }
        #expect(rig.say("play disc 1").succeeded)
        #expect(rig.say("stop") == IntentOutcome(response: "Stopped."))
        #expect(rig.say("next magazine") == IntentOutcome(response: "Second selected."))
        #expect(rig.say("next magazine") == IntentOutcome(response: "Third selected."))
        #expect(rig.changer.selectedMagazine?.name == "Third")
    }

    @Test("a request the changer can't carry out says why")
    func refusals() throws {
        let rig = try Rig()
        #expect(rig.say("play disc 2") == IntentOutcome(response: "Slot 2 of Magazine One is empty.", succeeded: false))
        #expect(rig.say("play disc 4") == IntentOutcome(response: "Disc 4 is missing: its folder \(rig.fixture.path("Gone").displayName) is gone.", succeeded: false))
        #expect(rig.say("play disc 9") == IntentOutcome(response: "Magazine One has no disc 9; it has 6 slots.", succeeded: false))
        #expect(rig.say("next song") == IntentOutcome(response: "Nothing is playing.", succeeded: false))
    }

    @Test("the two-step form: a follow-up answer completes the disc")
    func followUp() throws {
        let rig = try Rig()
        var conversation = Conversation(registry: rig.registry, mode: .inApp)
        guard case .needsValue(let request) = conversation.respond(to: "play a specific disc") else {
            Issue.record("expected a question")
            return
        }
        #expect(request.question == "Which disc?")
        guard case .matched(let invocation) = conversation.respond(to: "three") else {
            Issue.record("the answer should complete it")
            return
        }
        #expect(rig.performer.perform(invocation) == IntentOutcome(response: "Playing disc 3, B."))
    }

    @Test("no response ever shows a placeholder", arguments: [
        "play disc 3", "next song", "previous song", "pause", "resume", "stop", "what's playing", "volume 30",
        "turn it down", "mute", "unmute", "repeat off", "shuffle this disc", "scan", "next magazine", "fast forward", "rewind",
    ])
    func noPlaceholders(sentence: String) throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        let response = rig.say(sentence).response
        #expect(!DisplayTextCheck.looksUnfilled(response), "\(response)")
        #expect(!response.contains("(not matched"), "\(sentence)")
    }

    @Test("a key's ready-bound invocation is exactly what the matching sentence resolves to", arguments: [
        (ChangerInvocations.playDisc(3), "play disc 3"),
        (ChangerInvocations.seek(forward: true), "fast forward"),
        (ChangerInvocations.seek(forward: false), "rewind"),
        (ChangerInvocations.changeVolume(up: true), "turn the volume up"),
        (ChangerInvocations.changeVolume(up: false), "turn the volume down"),
        (ChangerInvocations.setVolume(40), "set the volume to 40 percent"),
        (ChangerInvocations.repeatMode(.disc), "repeat this disc"),
        (ChangerInvocations.repeatMode(.off), "repeat off"),
        (ChangerInvocations.randomMode(.magazine), "shuffle everything"),
        (ChangerInvocations.plain(.nextTrack), "next song"),
    ])
    func keysMatchSentences(invocation: IntentInvocation, sentence: String) throws {
        let rig = try Rig()
        #expect(rig.registry.resolve(sentence).invocation == invocation)
    }

    // MARK: Intent identity

    @Test("the catalog and the shortcuts name exactly the app's intents, in the enum's order")
    func catalogNamesEveryIntent() {
        #expect(ChangerCatalog.intents.map(\.identifier) == ChangerIntent.allCases.map(\.rawValue))
        #expect(ChangerShortcuts.shortcuts.map(\.intent) == ChangerIntent.allCases.map(\.rawValue), "one shortcut per intent")
    }

    /// An invocation of `intent` with its required parameters bound, as a key or a sentence makes it.
    static func sample(_ intent: ChangerIntent, magazine: UUID, fixture: TransportFixture) -> IntentInvocation {
        switch intent {
        case .playMagazine: ChangerInvocations.playMagazine(id: magazine, name: "Magazine One")
        case .playDisc: ChangerInvocations.playDisc(3)
        case .seek: ChangerInvocations.seek(forward: true)
        case .setVolume: ChangerInvocations.setVolume(30)
        case .changeVolume: ChangerInvocations.changeVolume(up: false)
        case .repeat: ChangerInvocations.repeatMode(.disc)
        case .random: ChangerInvocations.randomMode(.disc)
        case .playMagazineNumber: IntentInvocation(intent, parameters: ["number": .integer(1)])
        case .playTrackNumber: IntentInvocation(intent, parameters: ["track": .integer(2)])
        case .playAlbum: IntentInvocation(intent, parameters: ["album": .entity(typeIdentifier: "Album", id: fixture.path("B").displayName, displayName: "B")])
        case .playArtist: IntentInvocation(intent, parameters: ["artist": .entity(typeIdentifier: "Artist", id: LibraryEntities.artistID("Artist"), displayName: "Artist")])
        case .playSong: IntentInvocation(intent, parameters: ["song": .entity(typeIdentifier: "Song", id: fixture.path("A").appending("2.mp3").displayName, displayName: "A2")])
        case .loadAlbum: IntentInvocation(intent, parameters: ["album": .entity(typeIdentifier: "Album", id: fixture.path("C").displayName, displayName: "C"), "slot": ChangerInvocations.slot(2)])
        case .ejectDisc: IntentInvocation(intent, parameters: ["disc": ChangerInvocations.slot(5)])
        case .ejectAlbum: IntentInvocation(intent, parameters: ["album": .entity(typeIdentifier: "Album", id: fixture.path("B").displayName, displayName: "B")])
        case .playGenre: IntentInvocation(intent, parameters: ["genre": .entity(typeIdentifier: "Genre", id: LibraryEntities.genreID("Jazz"), displayName: "Jazz")])
        case .playDecade: IntentInvocation(intent, parameters: ["decade": .entity(typeIdentifier: "Decade", id: LibraryEntities.decadeID(1990), displayName: "1990s")])
        case .playSomething, .pause, .resume, .stop, .togglePlayPause, .nextTrack, .previousTrack, .nextDisc, .previousDisc,
             .nextMagazine, .previousMagazine, .mute, .unmute, .scan, .nowPlaying, .playLastDisc, .restartTrack, .getVolume, .describeDiscs, .listMagazines, .describeLibrary, .stopAfterTrack, .playRandomDisc:
            ChangerInvocations.plain(intent)
        }
    }

    @Test("every intent of the catalog is carried out by the performer", arguments: ChangerIntent.allCases)
    func performerRunsEveryIntent(intent: ChangerIntent) throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        let invocation = Self.sample(intent, magazine: rig.fixture.magazineID, fixture: rig.fixture)
        #expect(invocation.changerIntent == intent)
        #expect(rig.registry.missingParameter(of: invocation) == nil)
        let outcome = rig.performer.perform(invocation)
        #expect(outcome.succeeded, "\(intent): \(outcome.response)")
        #expect(!outcome.response.contains("hasn't added support"))
    }

    @Test("an identifier the app does not know is refused in words")
    func unknownIntent() throws {
        let rig = try Rig()
        let outcome = rig.performer.perform(IntentInvocation(intent: "Dance"))
        #expect(outcome == IntentOutcome(response: "Sorry, CD Changer hasn't added support for that.", succeeded: false))
    }
}
