import Foundation
import TestSupport
import Testing
@testable import Remote

/// `org.cdchanger.Voice.Listen` on the MPRIS object, driven with dbus-send: it starts the app's
/// voice turn, is answered when the turn ends, and the dispatch thread serves other clients
/// meanwhile.
@Suite struct VoiceListenTests {
    /// `dbus-send --print-reply … org.cdchanger.Voice.Listen`, left running until the turn ends.
    static func listen(on bus: PrivateBus, arguments: [String] = []) throws -> BackgroundProcess {
        try BackgroundProcess(
            try which("dbus-send"),
            ["--session", "--print-reply", "--dest=\(MPRISService.preferredBusName)", "/org/mpris/MediaPlayer2", "org.cdchanger.Voice.Listen"] + arguments,
            environment: bus.environment
        )
    }

    /// The values `dbus-send --print-reply` printed under its header line, one a line ("int32 0").
    static func replyValues(_ output: String) -> [String] {
        output.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("the reply comes when the turn ends: what was heard, the answer, the status; other calls are served meanwhile")
    func answeredWhenTheTurnEnds() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let client = try Self.listen(on: bus)
        #expect(waitUntil(timeout: 5) { player.turnsStarted == 1 }, "no turn started: \(client.error)")
        // While the turn goes on, the dispatch thread answers others.
        #expect(try bus.playerctl("status").output == "Playing")
        try bus.control("pause")
        #expect(player.commands == [.pause])
        #expect(client.isRunning, "Listen was answered before the turn ended: \(client.output)")

        player.endTurn(with: .ended(heard: "stop the music", response: "Stopped.", status: 0))
        #expect(client.waitForExit() == 0, "\(client.error)")
        let values = Self.replyValues(client.output)
        #expect(values == ["string \"stop the music\"", "string \"Stopped.\"", "int32 0"], "\(client.output)")
    }

    @Test("nothing heard: an empty Heard, the \"Sorry\" answer and status 1")
    func nothingHeard() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let client = try Self.listen(on: bus)
        #expect(waitUntil(timeout: 5) { player.turnsStarted == 1 })
        player.endTurn(with: .ended(heard: nil, response: "Sorry, I didn't catch that.", status: 1))
        #expect(client.waitForExit() == 0, "\(client.error)")
        let values = Self.replyValues(client.output)
        #expect(values == ["string \"\"", "string \"Sorry, I didn't catch that.\"", "int32 1"], "\(client.output)")
    }

    @Test("voice unavailable (no microphone): the D-Bus error org.cdchanger.Voice.Error.Unavailable with the reason")
    func unavailableIsAnError() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let client = try Self.listen(on: bus)
        #expect(waitUntil(timeout: 5) { player.turnsStarted == 1 })
        let reason = "No microphone: cannot open the microphone “hw:9”: No such file or directory (see `arecord -l`). Voice is off; everything else works."
        player.endTurn(with: .unavailable(reason))
        #expect(client.waitForExit() != 0)
        #expect(client.error.contains("Error org.cdchanger.Voice.Error.Unavailable: \(reason)"), "\(client.error)")
        #expect(try bus.playerctl("status").output == "Playing")
    }

    @Test("two Listen calls during one turn both get its answer; the turn starts once")
    func callsDuringATurnJoinIt() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let first = try Self.listen(on: bus)
        #expect(waitUntil(timeout: 5) { player.listenersWaiting == 1 })
        let second = try Self.listen(on: bus)
        #expect(waitUntil(timeout: 5) { player.listenersWaiting == 2 })
        #expect(player.turnsStarted == 1)
        player.endTurn(with: .ended(heard: "mute", response: "Muted.", status: 0))
        for client in [first, second] {
            #expect(client.waitForExit() == 0, "\(client.error)")
            #expect(client.output.contains("string \"Muted.\""), "\(client.output)")
        }
    }

    @Test("a call that wants no reply (busctl --expect-reply=false) still starts the turn")
    func noReplyWantedStillListens() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let result = try bus.run("busctl", ["--user", "--expect-reply=false", "call", MPRISService.preferredBusName, "/org/mpris/MediaPlayer2", "org.cdchanger.Voice", "Listen"])
        #expect(result.status == 0, "\(result.error)")
        #expect(waitUntil(timeout: 5) { player.turnsStarted == 1 })
        player.endTurn(with: .ended(heard: "mute", response: "Muted.", status: 0))
        #expect(try bus.playerctl("status").output == "Playing")
    }

    @Test("a Listen still waiting when the service stops is told the player is quitting")
    func waitingCallIsAnsweredOnStop() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        let client = try Self.listen(on: bus)
        #expect(waitUntil(timeout: 5) { player.turnsStarted == 1 })
        #expect(service.stop())
        #expect(client.waitForExit() != 0)
        #expect(client.error.contains("org.cdchanger.Voice.Error.Unavailable: The player is quitting."), "\(client.error)")
    }

    @Test("Listen takes no arguments: InvalidArgs, and no turn")
    func argumentsAreRefused() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let client = try Self.listen(on: bus, arguments: ["string:now"])
        #expect(client.waitForExit() != 0)
        #expect(client.error.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(client.error)")
        #expect(player.turnsStarted == 0)
    }

    @Test("introspection lists the interface with Listen's three results")
    func introspectionListsTheInterface() throws {
        let bus = try PrivateBus()
        let service = try FakePlayer().service(on: bus)
        defer { service.stop() }
        let result = try bus.run("gdbus", ["introspect", "--session", "--dest", MPRISService.preferredBusName, "--object-path", "/org/mpris/MediaPlayer2"])
        #expect(result.status == 0, "\(result.error)")
        let text = result.output.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        #expect(text.contains("interface org.cdchanger.Voice {"), "\(result.output)")
        #expect(text.contains("Listen(out s Heard, out s Response, out i Status);"), "\(result.output)")
    }
}
