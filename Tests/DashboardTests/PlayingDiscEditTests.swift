import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// Loading into the playing slot, ejecting the playing disc and deleting the playing magazine,
    /// from the dashboard and from `cdchanger magazine` over the socket: what is heard, the screen,
    /// `status --json` and MPRIS agree at once, and both front ends behave the same.
    @Suite
    struct PlayingDiscEditTests {
        static func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? -1 }

        @Test("replacing the playing disc asks first, then the new disc plays from its start: screen, status and MPRIS at once")
        func replacingThePlayingDisc() throws {
            let player = try DashboardPlayer(bus: true)
            let session = try player.open()
            try session.send("1")
            try session.wait(for: "1 ▶  Coastal Morning")
            try player.waitForStatus { Self.number($0["elapsed"]) >= 2.5 }
            try session.send("e")
            try session.wait(for: "Load into slot 1 of Magazine One")
            try session.type("harbour")
            try session.wait(for: "1 of 8 albums")
            try session.send("Enter")
            // Both rows of the question, read from one capture (tmux can be read while a frame is half drawn).
            let asked = try session.wait(for: "the replace question, both rows") { screen in
                screen.contains { $0.contains("Replace Coastal Morning in slot 1 with Harbour Lights? It is") }
                    && screen.contains { $0.contains("│ playing; Harbour Lights will play instead.") }
            }
            #expect(asked.contains { $0.contains("│ playing; Harbour Lights will play instead.") })
            try session.send("y")
            let screen = try session.waitForText("It plays now.")
            #expect(screen.contains { $0.contains("1 ▶  Harbour Lights") })
            #expect(screen.contains { $0.contains("Departure Horn") })
            // The engine started the new file: time starts again and the length is the new track's.
            let status = try player.status()
            #expect(status["title"] as? String == "Departure Horn")
            #expect(status["album"] as? String == "Harbour Lights")
            #expect(Self.number(status["elapsed"]) < 1.5, "\(status)")
            #expect(abs(Self.number(status["total"]) - 17.667) < 0.2, "\(status)")
            let bus = try #require(player.bus)
            #expect(waitUntil(timeout: 5) { (try? bus.playerctl("metadata", "title").output) == "Departure Horn" })
            #expect(try bus.playerctl("metadata", "album").output == "Harbour Lights")
            // Still the new track a moment later, its time running from the new start.
            Thread.sleep(forTimeInterval: 1.5)
            let later = try player.status()
            #expect(later["title"] as? String == "Departure Horn")
            #expect(Self.number(later["elapsed"]) > 1 && Self.number(later["elapsed"]) < 3.5, "\(later)")
        }

        @Test("replacing the playing disc from the command line: status has the new track, its length and a fresh time at once")
        func replacingFromTheCommandLine() throws {
            let player = try DashboardPlayer()
            let session = try player.open()
            try session.send("4")
            try session.wait(for: "4 ▶  Desert Mirage")
            try player.waitForStatus { Self.number($0["elapsed"]) >= 2.5 }
            let loaded = try player.run("magazine", "load", "Magazine One", "4", "Country Lanes")
            #expect(loaded.output == "Replaced Desert Mirage in slot 4 of Magazine One with Country Lanes. It plays now.\n")
            let status = try player.status()
            #expect(status["title"] as? String == "Café on the Corner")
            #expect(Self.number(status["elapsed"]) < 1.5, "\(status)")
            #expect(abs(Self.number(status["total"]) - 17.2) < 0.2, "\(status)")
            try session.wait(for: "4 ▶  Country Lanes")
        }

        @Test("ejecting the playing disc moves on to the next loaded disc at once, never showing a playing changer without a disc")
        func ejectingThePlayingDisc() throws {
            let player = try DashboardPlayer()
            let session = try player.open()
            try session.send("2")
            try session.wait(for: "2 ▶  Open Highway")
            try session.send("x")
            let asked = try session.wait(for: "the eject question, both rows") { screen in
                screen.contains { $0.contains("Eject disc 2, Open Highway? It is playing; the next disc") } && screen.contains { $0.contains("│ will play.") }
            }
            #expect(asked.contains { $0.contains("│ will play.") })
            try session.send("y")
            let screen = try session.waitForText("Now playing disc 3, Night Drive.")
            #expect(screen.contains { $0.contains("3 ▶  Night Drive") })
            #expect(!screen.contains { $0.contains("No disc playing") })
            let status = try player.status()
            #expect(status["state"] as? String == "playing")
            #expect(status["disc"] as? Int == 3)
            #expect(status["title"] as? String == "Streetlights")
        }

        @Test("ejecting the playing disc with cdchanger magazine does the same, and the dashboard shows it")
        func ejectingFromTheCommandLine() throws {
            let player = try DashboardPlayer()
            let session = try player.open()
            try session.send("5")
            try session.wait(for: "5 ▶  Harbour Lights")
            let ejected = try player.run("magazine", "eject", "Magazine One", "5")
            #expect(ejected.output == "Ejected Harbour Lights from slot 5 of Magazine One. Now playing disc 6, Country Lanes.\n")
            try session.wait(for: "6 ▶  Country Lanes")
            try session.wait(for: "5 ○  empty")
            #expect(try player.status()["disc"] as? Int == 6)
            // One path, one undo: the dashboard's u puts back what the command line ejected.
            try session.send("u")
            try session.waitForText("Undone: Harbour Lights is back in slot 5 of Magazine One.")
            try session.wait(for: "5 ●  Harbour Lights")
        }

        @Test("deleting the playing magazine asks first in the dashboard and stops the music; the command line stops it too")
        func deletingThePlayingMagazine() throws {
            let player = try DashboardPlayer()
            try player.run("magazine", "create", "Spare")
            let session = try player.open()
            try session.send("1")
            try session.wait(for: "1 ▶  Coastal Morning")
            try session.send("M")
            try session.wait(for: "Magazines")
            try session.send("d")
            try session.wait(for: "Delete Magazine One? It is playing; the music will stop.")
            try session.send("y")
            try session.waitForText("Deleted Magazine One. The music stopped.")
            try player.waitForStatus { $0["state"] as? String == "stopped" }
            #expect(try player.status()["state"] as? String == "stopped")
            try session.send("Escape")
            try session.send("u")
            try session.waitForText("Undone: Magazine One is back in the rack.")

            try session.send("Tab")
            try session.send("3")
            try session.wait(for: "3 ▶  Night Drive")
            let deleted = try player.run("magazine", "delete", "Magazine One")
            #expect(deleted.output == "Deleted Magazine One. The music stopped.\n")
            try session.wait(for: "No disc playing")
            #expect(try player.status()["state"] as? String == "stopped")
        }

        @Test("loading into a loaded slot asks first; n keeps it; a load moves the cursor to the next slot")
        func loadingAsksAndMovesOn() throws {
            let player = try DashboardPlayer()
            try player.run("magazine", "eject", "Magazine One", "4")
            let session = try player.open()
            try session.send("e")
            try session.type("desert")
            try session.wait(for: "1 of 8 albums")
            try session.send("Enter")
            try session.wait(for: "Replace Coastal Morning in slot 1 with Desert Mirage?")
            try session.send("n")
            try session.wait(for: "Nothing changed.")
            try session.wait(for: "1 ●  Coastal Morning")
            for _ in 0..<3 { try session.send("j") }
            try session.wait(for: "▸ 4 ○  empty")
            try session.send("e")
            try session.type("desert")
            try session.wait(for: "1 of 8 albums")
            try session.send("Enter")
            try session.waitForText("Loaded Desert Mirage by Dune Motel into slot 4 of Magazine One.")
            try session.wait(for: "▸ 5 ●  Harbour Lights")
        }
    }
}
