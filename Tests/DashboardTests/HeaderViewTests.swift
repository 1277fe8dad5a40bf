import Testing
@testable import Dashboard

/// The header: app name, magazine, mode lamps, volume, output device, clock.
@Suite struct HeaderViewTests {
    @Test func showsEverythingAt80Columns() {
        let host = FakeHost()
        host.output = "alsa:default"
        let frame = DashboardHarness(host: host).frame()
        let header = frame.text(row: 0)
        for part in ["CD CHANGER", "Road Trip", "RPT", "RDM", "SCAN", "VOL 80", "alsa:default", "14:05"] {
            #expect(header.contains(part), "header lacks \(part): \(header)")
        }
        #expect(header.hasSuffix("14:05"))
    }

    @Test func lampsLightWhenTheirModeIsOn() {
        let host = FakeHost()
        let off = DashboardHarness(host: host).frame()
        #expect(off.role(x: off.column(of: "RPT", row: 0)!, y: 0) == .lampOff)
        #expect(off.role(x: off.column(of: "RDM", row: 0)!, y: 0) == .lampOff)
        #expect(off.role(x: off.column(of: "SCAN", row: 0)!, y: 0) == .lampOff)

        host.repeatMode = "disc"
        host.randomMode = "magazine"
        host.isScanning = true
        let on = DashboardHarness(host: host).frame()
        #expect(on.role(x: on.column(of: "RPT", row: 0)!, y: 0) == .lampOn)
        #expect(on.role(x: on.column(of: "RDM", row: 0)!, y: 0) == .lampOn)
        #expect(on.role(x: on.column(of: "SCAN", row: 0)!, y: 0) == .lampOn)
        #expect(on.text(row: 0).contains("RPT disc"))
        #expect(on.text(row: 0).contains("RDM magazine"))
    }

    @Test func theReplayGainLampShowsOnlyWhileAGainIsApplied() {
        let host = FakeHost()
        let without = DashboardHarness(host: host).frame()
        #expect(!without.text(row: 0).contains("RG"))
        host.replayGain = "album"
        let with = DashboardHarness(host: host).frame()
        #expect(with.text(row: 0).contains("RG album"), "\(with.text(row: 0))")
        #expect(with.role(x: with.column(of: "RG", row: 0)!, y: 0) == .lampOn)
        let narrow = DashboardHarness(host: host, width: 40, height: 12).frame()
        #expect(narrow.text(row: 0).contains("RG") && narrow.text(row: 0).hasSuffix("14:05"), "\(narrow.text(row: 0))")
    }

    @Test func theLastLampShowsOnlyWhilePlaybackStopsAfterThisTrack() {
        let host = FakeHost()
        #expect(!DashboardHarness(host: host).frame().text(row: 0).contains("LAST"))
        host.stopsAfterTrack = true
        let with = DashboardHarness(host: host).frame()
        #expect(with.role(x: with.column(of: "LAST", row: 0)!, y: 0) == .lampOn, "\(with.text(row: 0))")
        let narrow = DashboardHarness(host: host, width: 40, height: 12).frame()
        #expect(narrow.text(row: 0).contains("LAST") && narrow.text(row: 0).hasSuffix("14:05"), "\(narrow.text(row: 0))")
    }

    @Test func muteReplacesTheVolume() {
        let host = FakeHost()
        host.isMuted = true
        let frame = DashboardHarness(host: host).frame()
        #expect(frame.text(row: 0).contains("MUTE"))
        #expect(!frame.text(row: 0).contains("VOL"))
        #expect(frame.role(of: "MUTE") == .muted)
    }

    @Test func silentOutputIsNamed() {
        let frame = DashboardHarness().frame()
        #expect(frame.text(row: 0).contains("silent"))
    }

    @Test func theClockFollowsTheWallClock() {
        let harness = DashboardHarness()
        harness.clock.setWallClock("09:41")
        #expect(harness.frame().text(row: 0).hasSuffix("09:41"))
        #expect(DashboardClock.hoursMinutes(7, 5) == "07:05")
        #expect(DashboardClock.hoursMinutes(23, 59) == "23:59")
    }

    @Test func at40ColumnsTheLampsVolumeAndClockStayAndTheOutputMovesToTheRackRow() {
        let host = FakeHost()
        host.repeatMode = "track"
        let frame = DashboardHarness(host: host, width: 40, height: 12).frame()
        let header = frame.text(row: 0)
        for part in ["CD CHANGER", "RPT", "RDM", "SCAN", "VOL 80", "14:05"] { #expect(header.contains(part), "\(header)") }
        #expect(frame.text(row: 1).hasSuffix("silent"))
    }
}
