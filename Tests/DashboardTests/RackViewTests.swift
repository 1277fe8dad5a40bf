import Foundation
import Testing
@testable import Dashboard

/// The magazine rack: every magazine, the current one marked.
@Suite struct RackViewTests {
    @Test func listsEveryMagazineAndMarksTheCurrentOne() throws {
        let host = FakeHost()
        host.currentMagazine = 1
        let frame = DashboardHarness(host: host).frame()
        let rows = frame.lines
        #expect(rows.contains { $0.hasPrefix(" MAGAZINES") })
        let current = try #require(rows.firstIndex { $0.contains("▸ Sunday Morning") })
        #expect(frame.role(x: 3, y: current) == .rackCurrent)
        for name in ["Road Trip", "Workout"] {
            let row = try #require(rows.firstIndex { $0.hasPrefix("   \(name)") }, "\(name) missing")
            #expect(frame.role(x: 3, y: row) == .rackOther)
        }
        // The count is of the slots that hold a disc, not of the slots.
        #expect(rows.contains { $0.hasPrefix("   Workout") && $0.contains("0 │") })
        #expect(rows.contains { $0.hasPrefix("   Road Trip") && $0.contains("6 │") })
    }

    @Test func aLongRackScrollsToKeepTheCurrentMagazineInView() {
        let host = FakeHost()
        host.magazines = (1...30).map { FakeHost.Magazine(name: "Mix \($0)", slots: [nil]) }
        host.currentMagazine = 27
        let frame = DashboardHarness(host: host).frame()
        #expect(frame.lines.contains { $0.contains("▸ Mix 28") })
        #expect(!frame.lines.contains { $0.contains("Mix 1 ") })
    }

    @Test func theCompactStripShowsTheCurrentMagazineEvenFarAlong() {
        let host = FakeHost()
        host.magazines = (1...12).map { FakeHost.Magazine(name: "Mixtape \($0)", slots: [nil]) }
        host.currentMagazine = 10
        let frame = DashboardHarness(host: host, width: 40, height: 12).frame()
        let strip = frame.text(row: 1)
        #expect(strip.contains("▸Mixtape 11"), "\(strip)")
        #expect(strip.hasPrefix("…"))
        #expect(frame.role(of: "▸Mixtape 11") == .rackCurrent)
    }
}
