import Foundation
import Testing
import TestSupport

/// `cdchanger listen`: the running player listens once on its own microphone — here a real ALSA
/// capture device fed with espeak-ng speech (`CaptureFeed`) — acts on what it heard, and answers
/// the command with what it heard and did (docs/voice.md).
@Suite("cdchanger listen makes the running player listen", .serialized)
struct ListenCommandTests {
    /// Phrases and voices the recognizer hears right through the capture device today (checked
    /// with `hear --mic`; most commands are still rejected, see docs/voice.md "Accuracy").
    static let stopTheMusic = ("stop the music", SpeechFixtures.Voice("en-us", speed: 160))
    static let mute = ("mute", SpeechFixtures.Voice("en-us+f2", speed: 170))
    /// A song of the demo's "Night Train", which Magazine One does not hold until the test loads it.
    static let sleeperCar = ("play the song sleeper car", SpeechFixtures.Voice("en-us", speed: 160))
    /// Heard rightly but without enough confidence to act on: asked back.
    static let unsurePause = SpeechFixtures.unsurePause

    /// A headless player listening on the capture device, and the device.
    static func player(_ fixture: PlayerFixture, microphone: String = CaptureFeed.device) throws -> (BackgroundProcess, CaptureFeed, TemporaryFolder) {
        let folder = TemporaryFolder("cdc-listen")
        let feed = try CaptureFeed(in: folder)
        let player = try BackgroundProcess(
            ProjectPaths.binary,
            ["--state-dir", fixture.state.path, "--library", fixture.library, "play", "--disc", "1", "--output", "null", "--mic", microphone],
            environment: fixture.environment.merging(feed.environment) { _, new in new }
        )
        #expect(player.waitFor("track "), "the player did not start: \(player.error)")
        return (player, feed, folder)
    }

    /// The player's state from `status --json`: "playing", "paused", "stopped".
    static func state(_ fixture: PlayerFixture) throws -> String? {
        let status = try fixture.run("status", "--json")
        return (try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])?["state"] as? String
    }

    static func speech(_ phrase: (String, SpeechFixtures.Voice), in folder: TemporaryFolder) throws -> URL {
        let file = folder.file("\(phrase.0.replacingOccurrences(of: " ", with: "-")).wav")
        try SpeechFixtures.speak(phrase.0, voice: phrase.1, to: file)
        return file
    }

    @Test("a spoken command is carried out and the answer printed; --json adds heard to say --json's keys")
    func spokenCommandsAreCarriedOut() throws {
        let fixture = try PlayerFixture()
        let (player, microphone, folder) = try Self.player(fixture)
        let stop = try microphone.feed(try Self.speech(Self.stopTheMusic, in: folder))
        let stopped = try fixture.run("listen")
        #expect(stopped.status == 0, "\(stopped.output)\(stopped.error)")
        #expect(stopped.output.contains("Heard \u{201C}stop the music\u{201D}."), "\(stopped.output)")
        #expect(stopped.output.contains("Stopped"), "\(stopped.output)")
        #expect(try Self.state(fixture) == "stopped")

        let mute = try microphone.feed(try Self.speech(Self.mute, in: folder))
        let muted = try fixture.run("listen", "--json")
        #expect(muted.status == 0, "\(muted.output)\(muted.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(muted.output.utf8)) as? [String: Any], "\(muted.output)")
        let said = try fixture.run("say", "--json", "unmute")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(said.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(reference.keys).union(["heard"]))
        #expect(object["heard"] as? String == "mute")
        #expect(object["intent"] as? String == "Mute")
        withExtendedLifetime((player, stop, mute)) {}
    }

    @Test("a disc loaded into the running player: the next turn hears its songs by name")
    func songsOfADiscLoadedAMomentAgoAreHeard() throws {
        let fixture = try PlayerFixture()
        let (player, microphone, folder) = try Self.player(fixture)
        let loaded = try fixture.run("magazine", "load", "Magazine One", "2", "Night Train")
        #expect(loaded.status == 0, "\(loaded.output)\(loaded.error)")
        let feed = try microphone.feed(try Self.speech(Self.sleeperCar, in: folder))
        let heard = try fixture.run("listen", "--json")
        #expect(heard.status == 0, "\(heard.output)\(heard.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(heard.output.utf8)) as? [String: Any], "\(heard.output)")
        #expect((object["heard"] as? String)?.hasSuffix("song sleeper car") == true, "\(object)")
        #expect(object["intent"] as? String == "PlaySong")
        #expect((object["parameters"] as? [String: Any])?["song"] as? String == "Sleeper Car")
        let status = try fixture.run("status")
        #expect(status.output.contains("Sleeper Car"), "\(status.output)")
        withExtendedLifetime((player, feed)) {}
    }

    @Test("a sentence heard without certainty is asked back (status 2); “yes” said next runs it")
    func unsureSentenceIsAskedBack() throws {
        let fixture = try PlayerFixture()
        let (player, microphone, folder) = try Self.player(fixture)
        let pause = try microphone.feed(try Self.speech(Self.unsurePause, in: folder))
        let asked = try fixture.run("listen", "--json")
        #expect(asked.status == 2, "\(asked.output)\(asked.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as? [String: Any], "\(asked.output)")
        let heard = try #require(object["heard"] as? String, "\(asked.output)")
        #expect(SpeechFixtures.unsurePauseHeard.contains(heard), "\(heard)")
        #expect(object["outcome"] as? String == "ambiguous")
        #expect(object["question"] as? String == SpeechFixtures.question(askingBack: heard))
        #expect(try Self.state(fixture) == "playing", "nothing runs before the answer")
        let yes = try fixture.run("say", "yes")
        #expect(yes.status == 0, "\(yes.output)\(yes.error)")
        #expect(try Self.state(fixture) == "paused")
        withExtendedLifetime((player, pause)) {}
    }

    @Test("speech outside the grammar is not heard: status 1, nothing done")
    func outOfGrammarSpeechIsNotHeard() throws {
        let fixture = try PlayerFixture()
        let (player, microphone, folder) = try Self.player(fixture)
        let file = folder.file("joke.wav")
        try SpeechFixtures.speak("tell me a joke", voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let writer = try microphone.feed(file)
        let result = try fixture.run("listen", "--json")
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        #expect(object["outcome"] as? String == "notHeard")
        #expect(object["heard"] is NSNull)
        #expect(object["response"] as? String == "Sorry, I didn't catch that.")
        let said = try fixture.run("say", "--json", "tell me a joke")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(said.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(reference.keys).union(["heard"]), "the keys of say --json plus heard, as when something is heard")
        #expect(try Self.state(fixture) == "playing")
        withExtendedLifetime((player, writer)) {}
    }

    @Test("without a microphone: one clear message (status 5), and the player goes on taking commands")
    func noMicrophone() throws {
        let fixture = try PlayerFixture()
        let (player, _, _) = try Self.player(fixture, microphone: "hw:97")
        let result = try fixture.run("listen")
        #expect(result.status == 5)
        #expect(result.error.contains("No microphone:") && result.error.contains("Voice is off; everything else works."), "\(result.error)")
        #expect(player.waitFor("No microphone:", inError: true), "the player did not say so: \(player.error)")
        let muted = try fixture.run("say", "mute")
        #expect(muted.status == 0, "\(muted.output)\(muted.error)")
        withExtendedLifetime(player) {}
    }

    @Test("no player: status 4")
    func noPlayer() throws {
        let result = try PlayerFixture().run("listen")
        #expect(result.status == 4)
        #expect(result.error.contains("No CD Changer player is running"), "\(result.error)")
    }
}
