import Foundation
import Testing
import TestSupport
@testable import Remote

/// Without a session bus, MPRIS is off with one clear notice.
@Suite struct MPRISNoBusTests {
    @Test func aBusAddressNobodyListensOnGivesTheNotice() {
        let temporary = TemporaryFolder("cdc-nobus")
        #expect {
            try MPRISService(busAddress: "unix:path=\(temporary.path)/no-bus", status: { MPRISStatus() }, command: { _ in }, listen: { _ in })
        } throws: { error in
            guard case .noSessionBus(let detail)? = error as? MPRISError else { return false }
            return (error as? MPRISError)?.description == "No D-Bus session bus: media keys and MPRIS are off." && detail.contains("no-bus")
        }
    }

    @Test func aMalformedAddressIsAlsoNoBus() {
        #expect {
            try MPRISService(busAddress: "not-an-address", status: { MPRISStatus() }, command: { _ in }, listen: { _ in })
        } throws: { error in
            if case .noSessionBus? = error as? MPRISError { return true }
            return false
        }
    }

    @Test func aBusThatGoesAwayEndsTheDispatchThreadWithoutExitingTheProcess() throws {
        let player = FakePlayer()
        var bus: PrivateBus? = try PrivateBus()
        let service = try player.service(on: bus!)
        bus = nil  // SIGTERM to the daemon; libdbus would call exit() unless told not to
        usleep(300_000)
        #expect(service.stop(timeout: 2))
    }
}
