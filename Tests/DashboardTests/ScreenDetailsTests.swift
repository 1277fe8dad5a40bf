import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// What the screen shows beside the music: a remote sentence's answer, how many slots each
    /// magazine has loaded, two-digit slot numbers, letters without UTF-8, and the compact layout's
    /// spare rows.
    @Suite
    struct ScreenDetailsTests {
        @Test("a sentence sent with cdchanger say shows its answer on the dashboard's response line")
        func remoteSayShowsItsAnswer() throws {
            let player = try DashboardPlayer()
            let session = try player.open()
            let said = try player.run("say", "play", "disc", "4")
            #expect(said.output == "Playing disc 4, Desert Mirage.\n")
            try session.wait(for: " Playing disc 4, Desert Mirage.")
            try player.run("say", "turn", "it", "up")
            try session.wait(for: " The volume is already at the most, 100%.")
        }

        @Test("the rack counts loaded slots; two-digit slot numbers keep the gap after the cursor")
        func rackCountsAndTwoDigitSlots() throws {
            let player = try DashboardPlayer()
            try player.run("magazine", "eject", "Magazine One", "2")
            try player.run("magazine", "create", "Big", "--slots", "12")
            try player.run("magazine", "load", "Big", "11", "Night Drive")
            try player.run("magazine", "load", "Big", "3", "Open Highway")
            let session = try player.open()
            let first = try session.wait(for: "▸ Magazine One")
            #expect(first.contains { $0.contains("▸ Magazine One   5 │") }, "\(first.joined(separator: "\n"))")
            #expect(first.contains { $0.contains("   Big            2 │") }, "\(first.joined(separator: "\n"))")
            try session.send("Tab")
            try session.wait(for: "SLOTS · Big")
            try session.send("End")
            let screen = try session.wait(for: "▸ 12 ○  empty")
            #expect(screen.contains { $0.contains("│  11 ●  Night Drive") })
            #expect(screen.contains { $0.contains("│   9 ○  empty") })
        }

        @Test("without UTF-8, letters keep their spelling: “æ” reads “ae”, “ø” reads “o”")
        func asciiKeepsLettersReadable() throws {
            let music = TemporaryFolder("cdc-ascii")
            try MP3Fixtures.make(at: music.url.appendingPathComponent("Ærø Ensemble - Blåbær Suite/01 Første.mp3"), seconds: 2)
            let player = try DashboardPlayer(library: music.path)
            let session = try player.open(environment: ["LANG": "C", "LC_ALL": "C"])
            try session.send("1")
            let screen = try session.wait(for: "Forste")
            let text = screen.joined(separator: "\n")
            #expect(text.contains("Blabaer Suite"), "\(text)")
            #expect(text.contains("AEro Ensemble"), "\(text)")
            #expect(text.allSatisfy { $0.isASCII })
        }

        @Test("the compact layout gives rows the slots don't need to the album, the track count, both messages and rules")
        func compactUsesItsSpareRows() throws {
            let player = try DashboardPlayer()
            // The pinned "No D-Bus session bus" notice stays, to fill the second message row.
            let session = try player.open(width: 60, height: 20, keepingNotices: true)
            try session.send("1")
            let screen = try session.wait(for: "Track 1 of 4")
            let text = screen.joined(separator: "\n")
            #expect(screen.contains { $0.contains("Coastal Morning") && !$0.contains("1 ▶") }, "the album line:\n\(text)")
            #expect(text.contains("Playing disc 1, Coastal Morning."))
            #expect(text.contains("No D-Bus session bus"))
            #expect(screen.filter { $0.hasPrefix("────") }.count == 2, "\(text)")
            #expect(screen.count == 20)
            #expect(screen.contains { $0.contains("6 ●  Country Lanes") })
        }
    }
}
