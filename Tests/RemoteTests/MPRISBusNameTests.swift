import Foundation
import TestSupport
import Synchronization
import Testing
@testable import Remote

/// The bus name: the well-known one, an instance name when it is taken, and released on stop.
@Suite struct MPRISBusNameTests {
    @Test func aSecondPlayerGetsAnInstanceName() throws {
        let bus = try PrivateBus()
        let first = try FakePlayer().service(on: bus)
        defer { first.stop() }
        let secondPlayer = FakePlayer(MPRISStatus(playback: .paused))
        let second = try secondPlayer.service(on: bus)
        defer { second.stop() }
        #expect(first.busName == "org.mpris.MediaPlayer2.cdchanger")
        #expect(second.busName == "org.mpris.MediaPlayer2.cdchanger.instance\(getpid())")
        let listed = try bus.run("playerctl", ["-l"]).output.split(separator: "\n").map(String.init)
        #expect(Set(listed) == ["cdchanger", "cdchanger.instance\(getpid())"])
        #expect(try bus.run("playerctl", ["-p", "cdchanger.instance\(getpid())", "status"]).output == "Paused\n")
    }

    @Test func stopReleasesTheNameAndClosesTheConnection() throws {
        let bus = try PrivateBus()
        let service = try FakePlayer().service(on: bus)
        #expect(try bus.names().contains(MPRISService.preferredBusName))
        #expect(service.stop())
        #expect(!(try bus.names().contains(MPRISService.preferredBusName)))
        // Only the bus itself and the query's own connection are left.
        #expect(try bus.names().filter { $0.hasPrefix(":") }.count == 1)
        #expect(try bus.playerctl("status").status != 0)
        #expect(service.stop())  // a second stop is harmless
    }

    @Test func stopDoesNotWaitForeverForAThreadStuckInTheApp() throws {
        let bus = try PrivateBus()
        let release = Atomic(false)
        let entered = Atomic(false)
        let service = try MPRISService(busAddress: bus.address, status: {
            MPRISStatus()
        }, command: { _ in
            // Like `mailbox.sync` while the main loop is busy calling stop().
            entered.store(true, ordering: .releasing)
            while !release.load(ordering: .acquiring) { usleep(10_000) }
        }, listen: { _ in })
        let caller = Thread { _ = try? bus.playerctl("next") }
        caller.start()
        while !entered.load(ordering: .acquiring) { usleep(10_000) }
        let started = Date()
        #expect(!service.stop(timeout: 0.3))
        #expect(Date().timeIntervalSince(started) < 1)
        release.store(true, ordering: .releasing)
        // The thread finishes the shutdown by itself once the app lets go.
        let deadline = Date().addingTimeInterval(3)
        while try bus.names().contains(MPRISService.preferredBusName), Date() < deadline { usleep(50_000) }
        #expect(!(try bus.names().contains(MPRISService.preferredBusName)))
    }
}
