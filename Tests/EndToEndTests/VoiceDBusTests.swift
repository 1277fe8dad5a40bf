import Foundation
import Testing
import TestSupport

/// D-Bus `org.cdchanger.Voice.Listen` on the real player's MPRIS object, called with dbus-send and
/// busctl as a desktop key binding would: the player listens once on its microphone — a real ALSA
/// capture device fed with espeak-ng speech (`CaptureFeed`) — carries out what it heard, and
/// answers the call when the turn has ended (docs/voice.md, docs/remote.md).
@Suite("D-Bus Listen makes the running player listen", .serialized)
struct VoiceDBusTests {
    /// dbus-send's reply, one value a line without its indentation ("string \"mute\"", "int32 0").
    static func values(_ output: String) -> [String] {
        output.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `dbus-send --print-reply … org.cdchanger.Voice.Listen`, waiting up to 60 s as `cdchanger
    /// listen` does (the first turn loads the model), left running until the turn ends.
    static func listen(on bus: PrivateBus) throws -> BackgroundProcess {
        try BackgroundProcess(
            try which("dbus-send"),
            ["--session", "--print-reply", "--reply-timeout=60000", "--dest=\(PrivateBus.mprisName)", "/org/mpris/MediaPlayer2", "org.cdchanger.Voice.Listen"],
            environment: bus.environment
        )
    }

    @Test("a spoken command is carried out and the reply says what was heard and done; the bus is served meanwhile")
    func spokenCommandsAreCarriedOut() throws {
        let fixture = try PlayerFixture(bus: true)
        let bus = try #require(fixture.bus)
        let (player, microphone, folder) = try ListenCommandTests.player(fixture)
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("status").output) == "Playing" }, "the player is not on the bus")

        let client = try Self.listen(on: bus)
        // The turn runs on the voice's own thread: MPRIS answers while it loads and listens.
        #expect(try bus.playerctl("status").output == "Playing")
        #expect(client.isRunning, "Listen was answered before anything was said: \(client.output)\(client.error)")
        let stop = try microphone.feed(try ListenCommandTests.speech(ListenCommandTests.stopTheMusic, in: folder))
        #expect(client.waitForExit(timeout: 60) == 0, "\(client.error)")
        let stopped = Self.values(client.output)
        #expect(stopped.count == 3 && stopped.first == "string \"stop the music\"" && stopped.last == "int32 0", "\(client.output)")
        #expect(stopped.count == 3 && stopped[1].hasPrefix("string \"Stopped"), "\(client.output)")
        #expect(try ListenCommandTests.state(fixture) == "stopped")
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("status").output) == "Stopped" })

        // busctl, the other client a key binding may use; its reply is one line.
        let mute = try microphone.feed(try ListenCommandTests.speech(ListenCommandTests.mute, in: folder))
        let muted = try bus.run("busctl", ["--user", "--timeout=60", "call", PrivateBus.mprisName, "/org/mpris/MediaPlayer2", "org.cdchanger.Voice", "Listen"])
        #expect(muted.status == 0, "\(muted.error)")
        #expect(muted.output.hasPrefix("ssi \"mute\" \"") && muted.output.hasSuffix("\" 0\n"), "\(muted.output)")
        let status = try fixture.run("status", "--json")
        #expect((try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])?["muted"] as? Bool == true, "\(status.output)")
        withExtendedLifetime((player, stop, mute)) {}
    }

    @Test("without a microphone: the error org.cdchanger.Voice.Error.Unavailable says so, and the music plays on")
    func noMicrophone() throws {
        let fixture = try PlayerFixture(bus: true)
        let bus = try #require(fixture.bus)
        let (player, _, _) = try ListenCommandTests.player(fixture, microphone: "hw:97")
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("status").output) == "Playing" }, "the player is not on the bus")
        let client = try Self.listen(on: bus)
        #expect(client.waitForExit(timeout: 30) != 0)
        #expect(client.error.contains("Error org.cdchanger.Voice.Error.Unavailable: No microphone: cannot open the microphone “hw:97”"), "\(client.error)")
        #expect(client.error.contains("Voice is off; everything else works."), "\(client.error)")
        #expect(try bus.playerctl("status").output == "Playing")
        #expect(try ListenCommandTests.state(fixture) == "playing")
        try bus.control("next")
        #expect(waitUntil(timeout: 5) { (try? bus.playerctl("metadata", "title").output) == "Lighthouse Lane" })
        withExtendedLifetime(player) {}
    }
}
