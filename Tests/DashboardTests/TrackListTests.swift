import Foundation
import Testing
import TestSupport
import TmuxDriver
@testable import Dashboard

/// The disc's track list (`t`), going to a time (`g`) and the stop key (`S`): what users of cmus
/// and ncmpcpp look for.
@Suite(.serialized)
struct TrackListTests {
    // MARK: The list on its own

    static func disc(_ count: Int) -> DiscTracks {
        DiscTracks(magazine: UUID(), magazineName: "M", disc: 2, title: "Album", artist: "Band",
                   tracks: (1...count).map { DiscTracks.Track(title: "Song \($0)", artist: "Band", duration: 60) })
    }

    @Test("with nine tracks or fewer a digit plays at once; with more, digits pick and Enter plays")
    func digits() {
        var short = TrackListState(disc: Self.disc(4), followsPlaying: true)
        #expect(short.apply(.character("3"), pageSize: 5) == .play(3))
        #expect(short.apply(.character("7"), pageSize: 5) == .moved)
        var long = TrackListState(disc: Self.disc(14), followsPlaying: true)
        #expect(long.apply(.character("1"), pageSize: 5) == .moved)
        #expect(long.selection == 0)
        #expect(long.apply(.character("2"), pageSize: 5) == .moved)
        #expect(long.selection == 11)
        #expect(long.typed == "12")
        #expect(long.apply(.character("9"), pageSize: 5) == .moved)  // 129 is too many: starts again at 9
        #expect(long.selection == 8)
        #expect(long.apply(.enter, pageSize: 5) == .play(9))
        #expect(long.apply(.end, pageSize: 5) == .moved)
        #expect(long.selection == 13)
        #expect(long.apply(.escape, pageSize: 5) == .close)
    }

    @Test("times for g", arguments: [("1:30", 90), ("90", 90), ("1:02:03", 3723), (" 0:05 ", 5), ("1:75", nil), ("a", nil), ("1::3", nil), ("", nil)] as [(String, Int?)])
    func times(text: String, seconds: Int?) {
        #expect(GoToTimeState.seconds(in: text) == seconds)
    }

    @Test("the list shows the tracks with their lengths and marks the playing one")
    func drawn() {
        let harness = DashboardHarness()
        harness.press(.character("2"), .character("t"))
        let lines = harness.lines
        #expect(lines.contains { $0.contains("Disc 2 · Coastal Highway · Sea Lions") })
        #expect(lines.contains { $0.contains("▶  1  Coastal Highway Song 1") && $0.contains("3:21") })
        #expect(lines.contains { $0.contains("10  Coastal Highway Song 10") && $0.contains("3:30") })
        #expect(lines.contains { $0.contains("10 tracks, 34:15") })
    }
}

extension OnTheRealPlayer {
    /// The track list, `g` and `S` on the real player.
    @Suite
    struct TrackListOnThePlayer {
        // MARK: On the real player

        @Test("t lists the playing disc; a number plays that track; Enter the highlighted one")
        func trackListPlays() throws {
            let player = try DashboardPlayer()
            let session = try player.open()
            try session.send("3")
            try session.wait(for: "3 ▶  Night Drive")
            try session.send("t")
            try session.wait(for: "Disc 3 · Night Drive · Cassette Radio")
            // The count under the list is drawn after its rows (tmux can be read mid-frame).
            let list = try session.wait(for: "4 tracks, 1:06")
            #expect(list.contains { $0.contains("▶ 1  Streetlights") && $0.contains("0:15") })
            #expect(list.contains { $0.contains("4  Dashboard Dawn") && $0.contains("0:17") })
            #expect(list.contains { $0.contains("4 tracks, 1:06") })
            try session.send("3")
            try session.wait(for: "▶ 3  Empty Overpass")
            #expect(try player.waitForStatus { $0["track"] as? Int == 3 }["title"] as? String == "Empty Overpass")
            try session.send("Down")
            try session.send("Enter")
            try session.wait(for: "▶ 4  Dashboard Dawn")
            #expect(try player.waitForStatus { $0["track"] as? Int == 4 }["title"] as? String == "Dashboard Dawn")
            try session.send("Escape")
            try session.wait(timeout: 2, for: "the list to close") { !$0.contains { $0.contains("Disc 3 · Night Drive") } }
        }

        @Test("g goes to a time in the track; S stops")
        func goToAndStop() throws {
            let player = try DashboardPlayer()
            let session = try player.open()
            try session.send("g")
            try session.wait(for: "Nothing is playing.")
            try session.send("4")
            try session.wait(for: "4 ▶  Desert Mirage")
            try session.send("g")
            try session.wait(for: "Heat Haze is 0:18 long.")
            try session.type("0:45")
            try session.send("Enter")
            try session.wait(for: "Heat Haze is only 0:18 long.")
            try session.send("C-u")
            try session.type("0:12")
            try session.send("Enter")
            try session.wait(for: "At 0:12.")
            let status = try player.status()
            let elapsed = (status["elapsed"] as? NSNumber)?.doubleValue ?? 0
            #expect(elapsed >= 12 && elapsed < 13.5, "\(status)")
            try session.send("S")
            try session.wait(for: "Stopped.")
            try session.wait(for: "No disc playing")
            #expect(try player.status()["state"] as? String == "stopped")
        }
    }
}
