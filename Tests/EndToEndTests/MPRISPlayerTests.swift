import Foundation
import Testing
import TestSupport

/// The real `cdchanger play` on a private session bus, held to the MPRIS 2.2 specification with
/// gdbus (calls, properties, `gdbus monitor` for signals) and playerctl.
@Suite("MPRIS 2.2, end to end")
struct MPRISPlayerTests {
    /// A headless player on a private bus, with a signal monitor started once it is on the bus.
    final class Rig {
        let fixture: PlayerFixture
        let bus: PrivateBus
        let player: BackgroundProcess
        let monitor: BackgroundProcess

        init(_ arguments: [String] = ["play", "--disc", "1", "--output", "null"]) throws {
            fixture = try PlayerFixture(bus: true)
            bus = try #require(fixture.bus)
            player = try fixture.startPlayer(arguments)
            let bus = self.bus
            #expect(waitUntil(timeout: 5) { (try? bus.playerctl("status").output) == "Playing" }, "the player is not on the bus")
            monitor = try BackgroundProcess(try which("gdbus"), ["monitor", "--session", "--dest", PrivateBus.mprisName], environment: bus.environment)
            #expect(monitor.waitFor("Monitoring signals"))
        }

        deinit {
            player.send(SIGINT)
            _ = player.waitForExit()
        }

        /// A property of the Player interface, as gdbus prints it: "<int64 5000000>", "<'Paused'>".
        func property(_ name: String) throws -> String {
            let result = try bus.call("org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", name)
            #expect(result.status == 0, "Get \(name): \(result.error)")
            return String(result.output.dropFirst().dropLast(2))  // "(<…>,)" → "<…>"
        }

        /// `Position` in microseconds.
        func position() throws -> Int64 {
            let text = try property("Position")
            return try #require(Int64(text.dropFirst("<int64 ".count).dropLast()), "Position \(text)")
        }

        /// Calls a method of the Player interface (`Next`, `SetPosition`…) and expects it to succeed.
        func call(_ member: String, _ arguments: String...) throws {
            let result = try bus.run("gdbus", ["call", "--session", "--dest", PrivateBus.mprisName, "--object-path", "/org/mpris/MediaPlayer2",
                                               "--method", "org.mpris.MediaPlayer2.Player.\(member)"] + arguments)
            #expect(result.status == 0, "\(member): \(result.error)")
        }

        func set(_ property: String, _ value: String) throws {
            let result = try bus.call("org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", property, value)
            #expect(result.status == 0, "Set \(property): \(result.error)")
        }

        /// The `mpris:trackid` of the current track.
        func trackID() throws -> String {
            try bus.playerctl("metadata", "mpris:trackid").output.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }

        /// The positions of the `Seeked` signals seen so far.
        var seekedPositions: [Int64] {
            monitor.output.split(separator: "\n").compactMap { line in
                guard let range = line.range(of: "Player.Seeked (int64 ") else { return nil }
                return Int64(line[range.upperBound...].prefix { $0.isNumber })
            }
        }

        /// Waits for a `Seeked` signal beyond the first `count` and returns its position.
        func nextSeeked(after count: Int) -> Int64? {
            guard waitUntil(timeout: 5, { seekedPositions.count > count }) else { return nil }
            return seekedPositions[count]
        }

        /// Waits until a `PropertiesChanged` signal has carried `text` (e.g. "'PlaybackStatus': <'Stopped'>").
        @discardableResult
        func waitForSignal(_ text: String) -> Bool {
            monitor.waitFor(text, timeout: 5)
        }
    }

    @Test("Seeked carries the position SetPosition and Seek went to", arguments: [5_000_000, 2_000_000] as [Int64])
    func seekedCarriesTheNewPosition(target: Int64) throws {
        let rig = try Rig()
        usleep(1_200_000)
        try rig.call("SetPosition", try rig.trackID(), String(target))
        let seeked = try #require(rig.nextSeeked(after: 0), "no Seeked: \(rig.monitor.output)")
        #expect(seeked >= target && seeked < target + 250_000, "Seeked(\(seeked)) after SetPosition(\(target))")
        let position = try rig.position()
        #expect(position >= target && position < target + 1_000_000, "Position \(position)")

        try rig.call("Seek", "3000000")
        let afterSeek = try #require(rig.nextSeeked(after: 1))
        #expect(afterSeek >= position + 3_000_000 && afterSeek < target + 4_500_000, "Seeked(\(afterSeek)) after Seek(+3 s) from \(position)")
    }

    @Test("a seek asked for in a sentence sends Seeked with the new position too")
    func seekedAfterASentence() throws {
        let rig = try Rig()
        // Paused, so the position stays at 12 s while the sentence is sent and read (a debug
        // build's `say` takes most of a second, which used to count in the result).
        try rig.call("Pause")
        #expect(rig.waitForSignal("'PlaybackStatus': <'Paused'>"))
        try rig.call("SetPosition", try rig.trackID(), "12000000")
        #expect(rig.nextSeeked(after: 0) != nil)
        let said = try rig.fixture.run("say", "go back 10 seconds")
        #expect(said.status == 0, "\(said.output)\(said.error)")
        let seeked = try #require(rig.nextSeeked(after: 1), "no Seeked after the sentence: \(rig.monitor.output)")
        #expect(seeked >= 2_000_000 && seeked < 2_250_000, "Seeked(\(seeked))")
    }

    @Test("Stop leaves a headless player on the bus, stopped; Play then starts the track from its beginning")
    func stopThenPlay() throws {
        let rig = try Rig(["play", "--disc", "1", "--track", "2", "--output", "null"])
        try rig.call("SetPosition", try rig.trackID(), "8000000")
        #expect(rig.nextSeeked(after: 0) != nil)
        try rig.call("Stop")
        #expect(rig.waitForSignal("'PlaybackStatus': <'Stopped'>"), "\(rig.monitor.output)")
        usleep(500_000)
        #expect(rig.player.isRunning, "the player quit: \(rig.player.error)")
        #expect(try rig.bus.names().contains(PrivateBus.mprisName))
        #expect(try rig.property("PlaybackStatus") == "<'Stopped'>")
        #expect(try rig.fixture.run("status").output.hasPrefix("Stopped"))

        try rig.call("Play")
        #expect(rig.waitForSignal("'PlaybackStatus': <'Playing'>"))
        #expect(try rig.bus.playerctl("metadata", "title").output == "Lighthouse Lane")
        #expect(try rig.position() < 2_000_000, "Play after Stop starts the track from its beginning")
    }

    @Test("Next and Previous while paused change the track and stay paused; while stopped they do nothing")
    func nextAndPreviousKeepThePause() throws {
        let rig = try Rig()
        try rig.call("Pause")
        #expect(rig.waitForSignal("'PlaybackStatus': <'Paused'>"))
        try rig.call("Next")
        #expect(waitUntil(timeout: 5) { (try? rig.bus.playerctl("metadata", "title").output) == "Lighthouse Lane" })
        usleep(400_000)
        #expect(try rig.property("PlaybackStatus") == "<'Paused'>")
        #expect(try rig.position() == 0)
        #expect(try rig.fixture.run("status").output.hasPrefix("Paused disc 1, track 2: Lighthouse Lane"))
        try rig.call("Previous")
        #expect(waitUntil(timeout: 5) { (try? rig.bus.playerctl("metadata", "title").output) == "Sea Breeze" })
        #expect(try rig.property("PlaybackStatus") == "<'Paused'>")
        #expect(!rig.monitor.output.contains("'PlaybackStatus': <'Playing'>"))

        try rig.call("Stop")
        #expect(rig.waitForSignal("'PlaybackStatus': <'Stopped'>"))
        #expect(try rig.property("CanGoNext") == "<false>")
        try rig.call("Next")
        usleep(300_000)
        #expect(try rig.property("PlaybackStatus") == "<'Stopped'>")
    }

    @Test("on the last track CanGoNext follows LoopStatus: with None it is false and Next does nothing; with Playlist Next goes round")
    func lastTrackFollowsLoopStatus() throws {
        let rig = try Rig(["play", "--disc", "6", "--track", "3", "--output", "null"])
        #expect(try rig.property("LoopStatus") == "<'None'>")
        #expect(try rig.property("CanGoNext") == "<false>")
        #expect(try rig.property("CanGoPrevious") == "<true>")
        try rig.call("Next")
        usleep(300_000)
        #expect(try rig.bus.playerctl("metadata", "title").output == "Windmill Waltz")
        #expect(try rig.property("PlaybackStatus") == "<'Playing'>")

        try rig.set("LoopStatus", "<'Playlist'>")
        #expect(rig.waitForSignal("'CanGoNext': <true>"), "\(rig.monitor.output)")
        try rig.call("Next")
        #expect(waitUntil(timeout: 5) { (try? rig.bus.playerctl("metadata", "title").output) == "Sea Breeze" })
        #expect(try rig.property("CanGoPrevious") == "<false>", "the first track of a disc has none before it")
    }

    @Test("setting Rate to 0.0 pauses")
    func rateZeroPauses() throws {
        let rig = try Rig()
        try rig.set("Rate", "<0.0>")
        #expect(rig.waitForSignal("'PlaybackStatus': <'Paused'>"), "\(rig.monitor.output)")
        #expect(try rig.property("Rate") == "<1.0>")
    }

    @Test("Quit ends the player as quickly as SIGTERM does, and the position is saved")
    func quitIsQuick() throws {
        let rig = try Rig()
        let asked = Date()
        _ = try rig.bus.call("org.mpris.MediaPlayer2.Quit")
        let status = rig.player.waitForExit(timeout: 5)
        let took = Date().timeIntervalSince(asked)
        #expect(status == 0)
        #expect(took < 1, "Quit took \(took) s")
        #expect(rig.player.error.contains("position is saved"))
        #expect(try !rig.bus.names().contains(PrivateBus.mprisName))
    }
}
