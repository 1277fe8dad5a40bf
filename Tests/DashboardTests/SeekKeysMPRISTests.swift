import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// The dashboard's seek keys move the position for MPRIS clients too: each sends `Seeked` with
    /// the new position, so a panel's progress bar follows (MPRIS 2.2).
    @Suite
    struct SeekKeysMPRISTests {
        @Test("`.` and `,` send Seeked with the position they went to")
        func seekKeysSendSeeked() throws {
            let player = try DashboardPlayer(bus: true)
            let bus = try #require(player.bus)
            let session = try player.open()
            try session.send("1")
            try session.wait(for: "Playing disc 1")
            #expect(waitUntil(timeout: 5) { (try? bus.playerctl("status").output) == "Playing" })
            let monitor = try BackgroundProcess(try which("gdbus"), ["monitor", "--session", "--dest", PrivateBus.mprisName], environment: bus.environment)
            #expect(monitor.waitFor("Monitoring signals"))
            func seeked() -> [Int64] {
                monitor.output.split(separator: "\n").compactMap { line in
                    line.range(of: "Player.Seeked (int64 ").flatMap { Int64(line[$0.upperBound...].prefix { $0.isNumber }) }
                }
            }

            try session.send(".")
            #expect(waitUntil(timeout: 5) { seeked().count == 1 }, "no Seeked after `.`: \(monitor.output)")
            let forward = try #require(seeked().first)
            #expect(forward >= 10_000_000 && forward < 12_500_000, "Seeked(\(forward)) after 10 s forward")

            try session.send(",")
            #expect(waitUntil(timeout: 5) { seeked().count == 2 }, "no Seeked after `,`: \(monitor.output)")
            let back = try #require(seeked().last)
            #expect(back >= forward - 10_000_000 && back < forward - 9_000_000 + 1_000_000, "Seeked(\(back)) after 10 s back from \(forward)")
            try session.send("q")
        }
    }
}
