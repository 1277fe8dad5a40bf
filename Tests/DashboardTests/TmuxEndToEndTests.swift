import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// The dashboard for real: the built `cdchanger` on the demo library, in tmux at 80×24, 120×40 and
    /// 40×12, driven with keys, resized and signalled, its screen read back. Each test has its own
    /// state and runtime folders, and plays through the real-time `null` output.
    @Suite
    struct TmuxEndToEndTests {
        typealias Player = DashboardPlayer

        @Test(arguments: [(80, 24), (120, 40), (40, 12)])
        func drawsEveryPanel(width: Int, height: Int) throws {
            let session = try Player().open(width: width, height: height)
            try session.send("1")
            let screen = try session.wait(for: "▶")
            let text = screen.joined(separator: "\n")
            for part in ["CD CHANGER", "RPT", "RDM", "SCAN", "VOL 100", "Magazine One", "Coastal Morning", "Sea Breeze", "DISC", "TRACK", "Say something", "v say", "? help", "q quit"] {
                #expect(text.contains(part), "\(part) missing at \(width)×\(height):\n\(text)")
            }
            if width >= 80 {
                #expect(text.contains("MAGAZINES") && text.contains("SLOTS") && text.contains("Night Drive") && text.contains("Country Lanes"))
                #expect(text.contains("Amber Lane") && text.contains("Track 1 of 4"))
            }
            #expect(screen.count == height)
            #expect(screen[0].hasPrefix("CD CHANGER"))
            #expect(screen[height - 1].hasPrefix(" 1-0 disc"))
        }

        @Test func aDigitPlaysThatDisc() throws {
            let session = try Player().open()
            try session.send("3")
            let screen = try session.wait(for: "Playing disc 3, Night Drive.")
            #expect(screen.contains { $0.contains("3 ▶  Night Drive") })
            #expect(screen.contains { $0.contains("Streetlights") })
        }

        @Test func keysShowOnScreenQuickly() throws {
            let session = try Player().open()
            try session.send("1")
            try session.wait(for: "Playing disc 1")
            var delays: [Double] = []
            for (key, response) in [("2", "Playing disc 2"), ("m", "Muted."), ("m", "Sound on"), ("r", "Repeating this track."), ("3", "Playing disc 3")] {
                let sent = Date()
                try session.send(key)
                try session.wait(for: response)
                delays.append(Date().timeIntervalSince(sent))
            }
            // Each delay includes tmux's own round trips; `cdchanger-bench dashboard` measures it too.
            #expect(delays.sorted()[delays.count / 2] < 0.5, "delays: \(delays)")
        }

        @Test func typingPlayDisc2PlaysIt() throws {
            let session = try Player().open()
            try session.send("/")
            try session.type("play disc 2 in CD Changer")
            try session.send("Enter")
            let screen = try session.wait(for: "Playing disc 2, Open Highway.")
            #expect(screen.contains { $0.contains("2 ▶  Open Highway") })
        }

        @Test func theQuestionFlowRunsInTheBar() throws {
            let session = try Player().open()
            try session.send("/")
            try session.type("play a specific disc")
            try session.send("Enter")
            try session.wait(for: "Which disc?")
            try session.wait(for: "Type your answer")
            try session.type("4")
            try session.send("Enter")
            try session.wait(for: "Playing disc 4, Desert Mirage.")
        }

        @Test func ambiguityIsShownAsChoicesAndPickedByNumber() throws {
            let player = try Player()
            try player.run("magazine", "create", "Disc 5")
            let session = try player.open()
            try session.send("/")
            try session.type("play disc 5")
            try session.send("Enter")
            let screen = try session.wait(for: "Did you mean")
            #expect(screen.contains { $0.contains("1") && $0.contains("Disc 5") })
            #expect(screen.contains { $0.contains("2") && $0.contains("Play disc 5") })
            try session.send("2")
            try session.wait(for: "Playing disc 5, Harbour Lights.")
        }

        @Test func anUnknownSentenceGetsSorryAndAHint() throws {
            let session = try Player().open()
            try session.send(":")
            try session.type("sing me a song")
            try session.send("Enter")
            try session.wait(for: "Sorry, CD Changer hasn't added support for that.")
            try session.wait(for: "Try saying")
            try session.send("Escape")
            try session.wait(timeout: 2, for: "the hint to go") { !$0.contains { $0.contains("Try saying") } }
            try session.send("2")
            try session.wait(for: "Playing disc 2")
        }

        @Test func historyBringsBackTheLastSentence() throws {
            let session = try Player().open()
            try session.send("/")
            try session.type("play disc 6")
            try session.send("Enter")
            try session.wait(for: "Playing disc 6")
            try session.send("/")
            try session.send("Up")
            try session.wait(for: "play disc 6")
            try session.send("Escape")
        }

        @Test func helpOpensWithQuestionMarkAndClosesWithEsc() throws {
            let session = try Player().open()
            try session.send("?")
            try session.wait(for: "play / pause")
            try session.send("Escape")
            try session.wait(timeout: 2, for: "help to close") { !$0.contains { $0.contains("play / pause") } }
        }

        @Test func redrawsOnResizeAtEverySize() throws {
            let session = try Player().open()
            try session.send("1")
            try session.wait(for: "MAGAZINES")
            try session.resize(width: 40, height: 12)
            try session.wait(for: "compact layout") { $0.count == 12 && $0.contains { $0.hasPrefix(" DISC     TRACK") } }
            try session.resize(width: 30, height: 8)
            try session.wait(for: "Terminal too small")
            try session.resize(width: 120, height: 40)
            try session.wait(for: "MAGAZINES")
            try session.send("4")
            try session.wait(for: "Playing disc 4")
        }

        @Test func loadingAnAlbumFromTheBrowserChangesOnlyThatSlot() throws {
            let player = try Player()
            try player.run("magazine", "eject", "Magazine One", "5")
            let session = try player.open()
            try session.send("1")
            let before = try session.wait(for: "disc 1 playing and slot 5 empty") { screen in
                screen.contains { $0.contains("1 ▶  Coastal Morning") } && screen.contains { $0.contains("5 ○  empty") }
            }
            for _ in 0..<4 { try session.send("j") }
            try session.send("e")
            try session.wait(for: "Load into slot 5 of Magazine One")
            try session.type("harbour")
            try session.wait(for: "1 of 8 albums")
            try session.send("Enter")
            let after = try session.wait(for: "Loaded Harbour Lights by Evening Ferry into slot 5 of Magazine One.")
            #expect(after.contains { $0.contains("5 ●  Harbour Lights") })
            for slot in ["1 ▶  Coastal Morning", "2 ●  Open Highway", "3 ●  Night Drive", "4 ●  Desert Mirage", "6 ●  Country Lanes"] {
                #expect(before.contains { $0.contains(slot) } && after.contains { $0.contains(slot) }, "\(slot)")
            }
            #expect(after.contains { $0.contains("Sea Breeze") })
            let saved = try player.run("magazine", "list", "--json")
            #expect(saved.output.contains("Harbour Lights"))
        }

        @Test func aMagazineCreatedInTheMenuAnswersByNameAtOnce() throws {
            let session = try Player().open()
            try session.send("M")
            try session.wait(for: "Magazines")
            try session.send("n")
            try session.type("Night Shift")
            try session.send("Enter")
            try session.wait(for: "Created Night Shift with 6 empty slots.")
            try session.send("Escape")
            try session.send("/")
            try session.type("play night shift")
            try session.send("Enter")
            try session.wait(for: "Night Shift has no disc to play.")
        }

        @Test func withoutASoundCardItSaysSoAndNoALSATextReachesTheScreen() throws {
            let session = try Player().open(["--device", "nosuchcard"])
            try session.send("1")
            let screen = try session.wait(for: "No sound device")
            let text = screen.joined(separator: "\n")
            #expect(text.contains("silent"))
            #expect(!text.contains("ALSA lib"))
            #expect(screen[0].hasPrefix("CD CHANGER"))
        }

        @Test func monochromeWhenNoColorIsSet() throws {
            let colored = try Player().open()
            try colored.send("r")
            try colored.wait(for: "Repeating this track.")
            let colorCodes = try colored.screen(escapes: true).joined()
            #expect(colorCodes.contains("\u{1B}[3") || colorCodes.contains("\u{1B}[4") || colorCodes.contains(";3"))

            let plain = try Player().open(environment: ["NO_COLOR": "1"])
            try plain.send("r")
            try plain.wait(for: "Repeating this track.")
            let escapes = try plain.screen(escapes: true).joined()
            let colour = try Regex("\u{1B}\\[[0-9;]*(3[0-7]|4[0-7]|38;|48;)[0-9;]*m")
            #expect(escapes.firstMatch(of: colour) == nil)
        }

        // MARK: Leaving

        static func expectRestored(_ session: TmuxSession) throws {
            // The shell prints EXITED, then the terminal's modes (each with or without a leading "-").
            let screen = try session.wait(for: "the exit and the terminal modes") { screen in
                screen.contains { $0.contains("EXITED:") } && screen.contains { $0.contains("icanon") }
            }
            let text = screen.joined(separator: "\n")
            #expect(text.contains("EXITED:0"))
            let modes = screen.first { $0.contains("icanon") } ?? ""
            for mode in ["icanon", "echo", "ixon", "isig"] {
                #expect(modes.split(separator: " ").contains(Substring(mode)), "terminal left with \(modes)")
            }
            #expect(!text.contains("CD CHANGER"), "the dashboard is still on screen:\n\(text)")
        }

        /// The position saved in the state file.
        static func savedPosition(_ player: Player) throws -> (slot: Int, track: Int)? {
            let data = try Data(contentsOf: player.state.url.appendingPathComponent("state.json"))
            let state = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            guard let position = state?["position"] as? [String: Any], let slot = position["slot"] as? Int, let track = position["trackIndex"] as? Int else { return nil }
            return (slot, track)
        }

        @Test func qQuitsSavesThePositionAndGivesTheTerminalBack() throws {
            let player = try Player()
            let session = try player.open()
            try session.send("3")
            try session.wait(for: "Playing disc 3")
            try session.send("Right")
            try session.wait(for: "Track 2, Tunnel Glow.")
            try session.send("q")
            try Self.expectRestored(session)
            let position = try Self.savedPosition(player)
            #expect(position?.slot == 3)
            #expect(position?.track == 1)
        }

        @Test func ctrlCQuitsCleanly() throws {
            let player = try Player()
            let session = try player.open()
            try session.send("2")
            try session.wait(for: "Playing disc 2")
            try session.send("C-c")
            try Self.expectRestored(session)
            #expect(try Self.savedPosition(player)?.slot == 2)
        }

        @Test(arguments: [SIGTERM, SIGHUP])
        func signalsQuitCleanly(signal: Int32) throws {
            let player = try Player()
            let session = try player.open()
            try session.send("4")
            try session.wait(for: "Playing disc 4")
            let program = try session.programID()
            #expect(kill(program, signal) == 0)
            try Self.expectRestored(session)
            #expect(try Self.savedPosition(player)?.slot == 4)
        }
    }
}
