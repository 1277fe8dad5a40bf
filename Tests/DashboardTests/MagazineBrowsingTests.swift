import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// Browsing and editing another magazine while the music plays: Tab and Shift-Tab show the next
    /// and previous magazine without touching what plays, a disc number plays from the one on show,
    /// and in the magazine menu Space shows a magazine and Enter plays it.
    @Suite
    struct MagazineBrowsingTests {
        /// Magazine One as on a fresh start, and Road Trip holding Harbour Lights and Night Drive.
        static func player() throws -> DashboardPlayer {
            let player = try DashboardPlayer()
            try player.run("magazine", "create", "Road Trip")
            try player.run("magazine", "load", "Road Trip", "1", "Harbour Lights")
            try player.run("magazine", "load", "Road Trip", "2", "Night Drive")
            return player
        }

        @Test("Tab shows the next magazine while the music goes on; a number plays from it; Shift-Tab goes back")
        func tabShowsWithoutPlaying() throws {
            let player = try Self.player()
            let session = try player.open()
            try session.send("4")
            try session.wait(for: "4 ▶  Desert Mirage")
            try session.send("Tab")
            // The whole frame: its header row can be on screen a moment before the rows under it
            // (tmux showed "SLOTS · Road Trip" above Magazine One's slots once, in a loaded run).
            // The rack marks the one on show.
            let shown = try session.wait(for: "Road Trip's slots and the rack marking it") { screen in
                screen.contains { $0.contains("SLOTS · Road Trip") } && screen.contains { $0.contains("1 ●  Harbour Lights") }
                    && screen.contains { $0.contains("▸ Road Trip") }
            }
            try session.waitForText("Showing Road Trip. A disc number plays from it.")
            // Still disc 4 of Magazine One, heard and shown in the header and now playing.
            #expect(shown[0].contains("Magazine One"))
            #expect(shown.contains { $0.contains("Heat Haze") })
            let status = try player.status()
            #expect(status["magazine"] as? String == "Magazine One")
            #expect(status["disc"] as? Int == 4)
            // The rack marks the one playing too.
            #expect(shown.contains { $0.contains("Magazine One") && $0.contains("▶ 6") })

            try session.send("2")
            try session.wait(for: "2 ▶  Night Drive")
            #expect(try player.waitForStatus { $0["magazine"] as? String == "Road Trip" }["disc"] as? Int == 2)

            try session.send("BTab")
            try session.wait(for: "SLOTS · Magazine One")
            #expect(try player.status()["magazine"] as? String == "Road Trip")
        }

        @Test("in the magazine menu, Space shows a magazine while the music plays and Enter plays it")
        func menuShowsAndPlays() throws {
            let player = try Self.player()
            let session = try player.open()
            try session.send("3")
            try session.wait(for: "3 ▶  Night Drive")
            try session.send("M")
            try session.wait(for: "Enter play  Space show")
            try session.send("Down")
            try session.send("Space")
            try session.wait(for: "SLOTS · Road Trip")
            // The message may come a frame after the slots (it did once under a loaded machine).
            try session.waitForText("Showing Road Trip.")
            #expect(try player.status()["magazine"] as? String == "Magazine One")
            // Edit the magazine on show while Magazine One plays.
            try session.send("j")
            try session.send("x")
            try session.wait(for: "Eject disc 2, Night Drive?")
            try session.send("y")
            try session.waitForText("Ejected Night Drive from slot 2 of Road Trip.")
            #expect(try player.status()["disc"] as? Int == 3)

            try session.send("M")
            try session.wait(for: "Enter play  Space show")
            try session.send("Enter")
            try session.waitForText("Playing Road Trip: disc 1, Harbour Lights.")
            #expect(try player.waitForStatus { $0["magazine"] as? String == "Road Trip" }["title"] as? String == "Departure Horn")
        }
    }
}
