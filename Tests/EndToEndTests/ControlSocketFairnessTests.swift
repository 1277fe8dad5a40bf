import Foundation
import Testing
import TestSupport

/// The real player's control socket when other clients misbehave, and when a request stops playback.
@Suite("Control socket fairness, end to end")
struct ControlSocketFairnessTests {
    @Test("sixteen clients that connect and never send a request do not lock status or say out")
    func idleClientsDoNotLockOthersOut() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let socket = try #require(fixture.socketPaths.first)
        let script = """
            import socket, sys, time
            held = []
            for _ in range(16):
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(sys.argv[1])
                held.append(s)
            print("connected", flush=True)
            time.sleep(30)
            """
        let idle = try BackgroundProcess(try which("python3"), ["-c", script, socket], environment: fixture.environment)
        #expect(idle.waitFor("connected"), "\(idle.error)")
        usleep(400_000)
        let started = Date()
        let status = try fixture.run("status")
        #expect(status.status == 0, "\(status.error)")
        #expect(status.output.hasPrefix("Playing disc 1"))
        #expect(Date().timeIntervalSince(started) < 2, "status took \(Date().timeIntervalSince(started)) s")
        let said = try fixture.run("say", "next song")
        #expect(said.status == 0, "\(said.error)")
        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
    }

    @Test("say stop to a headless player is answered, and the player stays, stopped, until played again")
    func sayStopIsAnswered() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let stopped = try fixture.run("say", "stop")
        #expect(stopped.status == 0, "\(stopped.error)")
        #expect(stopped.output == "Stopped.\n")
        usleep(300_000)
        #expect(player.isRunning)
        #expect(try fixture.run("status").output.hasPrefix("Stopped"))
        let played = try fixture.run("say", "play the music")
        #expect(played.status == 0, "\(played.output)\(played.error)")
        #expect(try fixture.run("status").output.hasPrefix("Playing disc 1, track 1"))
        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
    }
}
