import Foundation
import Testing
import TestSupport

@Suite("Control from outside, end to end")
struct RemoteControlTests {
    @Test("say runs a sentence in the running player, with an exit status for every outcome")
    func sayExitStatuses() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()

        let done = try fixture.run("say", "play", "disc", "3")
        #expect(done.status == 0)
        #expect(done.output == "Playing disc 3, Night Drive.\n")
        #expect(player.waitFor("disc 3, track 1/4"))

        let unknown = try fixture.run("say", "dance the tango")
        #expect(unknown.status == 1)
        #expect(unknown.output.hasPrefix("Sorry, CD Changer hasn't added support for that. Try: "))

        #expect(try fixture.run("magazine", "create", "Disc 5").status == 0)
        let ambiguous = try fixture.run("say", "play disc 5")
        #expect(ambiguous.status == 2)
        #expect(ambiguous.output.contains("Did you mean"))
        #expect(ambiguous.output.contains("1. "))
        #expect(ambiguous.output.contains("2. "))

        let question = try fixture.run("say", "play a specific disc")
        #expect(question.status == 3)
        #expect(question.output == "Which disc?\n")
        let answer = try fixture.run("say", "two")
        #expect(answer.status == 0)
        #expect(answer.output == "Playing disc 2, Open Highway.\n")

        let refused = try fixture.run("say", "play disc 9")
        #expect(refused.status == 1)
        #expect(refused.output.contains("has no disc 9"))

        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
        let none = try fixture.run("say", "next song")
        #expect(none.status == 4)
        #expect(none.error.contains("No CD Changer player is running"))
    }

    @Test("say --json prints the resolve --json object with what was done as the response")
    func sayJSON() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let result = try fixture.run("say", "--json", "play", "disc", "4")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "matched")
        #expect(object["intent"] as? String == "PlayDisc")
        #expect((object["parameters"] as? [String: Any])?["disc"] as? Int == 4)
        #expect(object["response"] as? String == "Playing disc 4, Desert Mirage.")
        let dryRun = try fixture.run("resolve", "--json", "play", "disc", "4")
        let dryObject = try #require(try JSONSerialization.jsonObject(with: Data(dryRun.output.utf8)) as? [String: Any])
        #expect(Set(dryObject.keys) == Set(object.keys))
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    @Test("'surprise me' said to a stopped player starts random play, and status shows it")
    func surpriseMeStarts() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        #expect(try fixture.run("say", "stop").output == "Stopped.\n")
        let result = try fixture.run("say", "surprise", "me")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Random play across the whole magazine. Playing disc "))
        let status = try #require(try JSONSerialization.jsonObject(with: Data(try fixture.run("status", "--json").output.utf8)) as? [String: Any])
        #expect(status["state"] as? String == "playing")
        #expect(status["randomMode"] as? String == "magazine")
        #expect(try fixture.run("say", "stop").status == 0)
        #expect(try fixture.run("say", "random", "off").output == "Random off.\n")
        #expect(try fixture.run("status", "--json").output.contains("\"state\":\"stopped\""))
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    @Test("'stop after this song': the track plays to its end, then playback stops and is saved at the next track")
    func stopAfterThisSong() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let reply = try fixture.run("say", "stop", "after", "this", "song")
        #expect(reply.status == 0)
        #expect(reply.output == "Stopping after this track: track 1, Sea Breeze.\n")
        #expect(try fixture.run("say", "what's", "next").output == "Nothing: playback stops after this track.\n")
        #expect(try fixture.run("status", "--json").output.contains("\"stopsAfterTrack\":true"))
        #expect(try fixture.run("status").output.contains("stops after this track"))
        #expect(try fixture.run("say", "skip", "ahead", "10", "seconds").status == 0)
        // The headless player quits when playback finishes, as at the end of its disc.
        #expect(player.waitForExit(timeout: 15) == 0, "playback did not stop at the end of the track: \(player.error)")
        let position = try #require(try fixture.savedState()["position"] as? [String: Any])
        #expect(position["slot"] as? Int == 1)
        #expect(position["trackIndex"] as? Int == 1, "“play” goes on with the track after it")
    }

    @Test("Everyday sentences sent to the running player: a track of a named album, another assistant's wake word, a disc at random")
    func everydaySentences() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer(["play", "--output", "null"])
        let reply = try fixture.run("say", "alexa, play track two of night drive on spotify")
        #expect(reply.status == 0)
        #expect(reply.output == "Playing disc 3, Night Drive, track 2, Tunnel Glow.\n")
        var status = try #require(try JSONSerialization.jsonObject(with: Data(fixture.run("status", "--json").output.utf8)) as? [String: Any])
        #expect(status["disc"] as? Int == 3)
        #expect(status["track"] as? Int == 2)
        let random = try fixture.run("say", "play a random album")
        #expect(random.status == 0)
        #expect(random.output.hasPrefix("Chosen at random: disc "), "\(random.output)")
        status = try #require(try JSONSerialization.jsonObject(with: Data(fixture.run("status", "--json").output.utf8)) as? [String: Any])
        #expect(status["disc"] as? Int != 3, "another disc than the one playing")
        #expect(random.output.contains("disc \(status["disc"] as? Int ?? 0), \(status["album"] as? String ?? "?")"))
        let unknown = try fixture.run("say", "play track nine of night drive")
        #expect(unknown.status != 0)
        #expect(unknown.output + unknown.error == "Night Drive has 4 tracks.\n")
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    @Test("status --json says what is playing, for status bars and scripts")
    func statusJSON() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer(["play", "--disc", "3", "--track", "2", "--output", "null"])
        usleep(1_200_000)
        let result = try fixture.run("status", "--json")
        #expect(result.status == 0)
        let status = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(status["state"] as? String == "playing")
        #expect(status["magazine"] as? String == "Magazine One")
        #expect(status["disc"] as? Int == 3)
        #expect(status["track"] as? Int == 2)
        #expect(status["title"] as? String == "Tunnel Glow")
        #expect(status["artist"] as? String == "Cassette Radio")
        #expect(status["album"] as? String == "Night Drive")
        #expect(((status["elapsed"] as? Double) ?? 0) > 0.5)
        #expect(abs(((status["total"] as? Double) ?? 0) - 15.498) < 0.01)
        #expect(status["repeatMode"] as? String == "off")
        #expect(status["randomMode"] as? String == "off")
        _ = try fixture.run("say", "pause")
        #expect(try fixture.run("status").output.hasPrefix("Paused disc 3, track 2: Tunnel Glow"))
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    @Test("a magazine renamed from a script is said by its new name at once, and no longer by its old one")
    func renameThroughPlayer() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let renamed = try fixture.run("magazine", "rename", "Magazine One", "Road Trip")
        #expect(renamed.status == 0)
        #expect(renamed.output == "Renamed Magazine One to Road Trip.\n")
        let byNewName = try fixture.run("say", "play road trip")
        #expect(byNewName.status == 0)
        #expect(byNewName.output.hasPrefix("Playing Road Trip: disc 1"))
        // "Magazine one" alone is now also the first magazine of the rack (Road Trip); by its old
        // name, the magazine is gone.
        let byOldName = try fixture.run("say", "play the magazine called magazine one")
        #expect(byOldName.status == 1)
        let listed = try fixture.run("magazine", "list")
        #expect(listed.output.contains("Road Trip"))
        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
        let magazines = try #require((try fixture.savedState()["rack"] as? [String: Any])?["magazines"] as? [[String: Any]])
        #expect(magazines.map { $0["name"] as? String } == ["Road Trip"])
    }

    @Test("a second player for the same state says so, exits 1 and leaves the state alone")
    func secondPlayer() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let stateFile = fixture.state.url.appendingPathComponent("state.json")
        let before = try Data(contentsOf: stateFile)
        let second = try fixture.run("play", "--disc", "2", "--output", "null")
        #expect(second.status == 1)
        #expect(second.error.contains("already running"))
        #expect(try Data(contentsOf: stateFile) == before)
        #expect(player.isRunning)
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    @Test("the socket is private: mode 0600 in a folder only the user can enter")
    func socketPermissions() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let socket = try #require(fixture.socketPaths.first)
        let socketMode = try #require(try FileManager.default.attributesOfItem(atPath: socket)[.posixPermissions] as? Int)
        let folderMode = try #require(try FileManager.default.attributesOfItem(atPath: fixture.runtime.path + "/cdchanger")[.posixPermissions] as? Int)
        #expect(socketMode & 0o777 == 0o600)
        #expect(folderMode & 0o777 == 0o700)
        player.send(SIGINT)
        _ = player.waitForExit()
        #expect(fixture.socketPaths.isEmpty, "the socket is removed on quit")
    }

    @Test("a stale socket left by a killed player is replaced by the next player")
    func staleSocket() throws {
        let fixture = try PlayerFixture()
        let crashed = try fixture.startPlayer()
        crashed.send(SIGKILL)
        _ = crashed.waitForExit()
        #expect(fixture.socketPaths.count == 1, "a killed player leaves its socket behind")
        #expect(try fixture.run("say", "next").status == 4)
        let player = try fixture.startPlayer(["play", "--disc", "2", "--output", "null"])
        #expect(try fixture.run("say", "next song").status == 0)
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    @Test("MPRIS: playerctl controls the player and follows its changes")
    func mpris() throws {
        let fixture = try PlayerFixture(bus: true)
        let bus = try #require(fixture.bus)
        let player = try fixture.startPlayer(["play", "--disc", "1", "--output", "null"])
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("status").output) == "Playing" })
        let follower = try BackgroundProcess(try which("playerctl"), ["-p", "cdchanger", "--follow", "status"], environment: bus.environment)
        #expect(follower.waitFor("Playing"))

        try bus.control("play-pause")
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("status").output) == "Paused" })
        #expect(follower.waitFor("Paused"))
        #expect(try fixture.run("status", "--json").output.contains("\"state\":\"paused\""))
        try bus.control("play-pause")
        #expect(waitUntil(timeout: 5) { follower.output.split(separator: "\n").suffix(2) == ["Paused", "Playing"] }, "\(follower.output)")

        try bus.control("next")
        #expect(player.waitFor("disc 1, track 2/4"))
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("metadata", "title").output) == "Lighthouse Lane" })
        #expect(try bus.playerctl("metadata", "album").output == "Coastal Morning")
        #expect(try bus.playerctl("metadata", "artist").output == "Amber Lane")
        try bus.control("previous")
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("metadata", "title").output) == "Sea Breeze" })
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    @Test("without a session bus MPRIS is off with one notice, and everything else works")
    func noBus() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        #expect(player.waitFor("D-Bus", inError: true))
        #expect(player.error.components(separatedBy: "D-Bus").count == 2)
        #expect(try fixture.run("say", "next song").status == 0)
        player.send(SIGINT)
        _ = player.waitForExit()
    }
}
