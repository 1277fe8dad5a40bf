import Foundation
import Testing

/// The dashboard for real: a built program in tmux at 80×24, 120×40 and 40×12, driven with keys,
/// resized and signalled, its screen read back. Today the program is `cdchanger-bench
/// dashboard-demo` (the dashboard on a pretend changer); once the app's host is wired, the same
/// tests can run `cdchanger` on the demo library by changing `command`.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TmuxEndToEndTests {
    static func command(_ extra: [String] = []) throws -> [String] {
        guard let bench = builtProgram("cdchanger-bench") else {
            throw TmuxSession.Failure(description: "cdchanger-bench is not built (swift build --product cdchanger-bench)")
        }
        return [bench, "dashboard-demo"] + extra
    }

    static func start(width: Int = 80, height: Int = 24, _ extra: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
        let session = try TmuxSession(try command(extra), width: width, height: height, environment: environment)
        try session.wait(for: "CD CHANGER")
        return session
    }

    @Test(arguments: [(80, 24), (120, 40), (40, 12)])
    func drawsEveryPanel(width: Int, height: Int) throws {
        let session = try Self.start(width: width, height: height, ["--playing"])
        let screen = try session.wait(for: "▶")
        let text = screen.joined(separator: "\n")
        for part in ["CD CHANGER", "RPT", "RDM", "SCAN", "VOL 70", "silent", "Road Trip", "Night Drive", "Neon Exit", "DISC", "TRACK", "Say something", "? help", "q quit"] {
            #expect(text.contains(part), "\(part) missing at \(width)×\(height):\n\(text)")
        }
        if width >= 80 {
            #expect(text.contains("MAGAZINES") && text.contains("SLOTS") && text.contains("Sunday Morning"))
            #expect(text.contains("The Midnight Band") && text.contains("Track 1 of 4"))
        }
        #expect(screen.count == height)
        #expect(screen[0].hasPrefix("CD CHANGER"))
        #expect(screen[height - 1].hasPrefix(" 1-0 disc"))
    }

    @Test func aDigitPlaysThatDisc() throws {
        let session = try Self.start()
        try session.send("3")
        let screen = try session.wait(for: "Playing disc 3, Blue Hour.")
        #expect(screen.contains { $0.contains("3 ▶  Blue Hour") })
        #expect(screen.contains { $0.contains("Dusk") })
    }

    @Test func keysShowOnScreenQuickly() throws {
        let session = try Self.start(["--playing"])
        var delays: [Double] = []
        for (key, response) in [("2", "Playing disc 2"), ("m", "Muted."), ("m", "Sound on."), ("r", "Repeat track."), ("3", "Playing disc 3")] {
            let sent = Date()
            try session.send(key)
            try session.wait(for: response)
            delays.append(Date().timeIntervalSince(sent))
        }
        // Each delay includes starting tmux twice or more; the dashboard's own share is measured
        // by `cdchanger-bench dashboard`. This catches a dashboard that waits for its timer.
        #expect(delays.sorted()[delays.count / 2] < 0.5, "delays: \(delays)")
    }

    @Test func theQuestionFlowRunsInTheBar() throws {
        let session = try Self.start()
        try session.send("/")
        try session.type("play disc")
        try session.send("Enter")
        try session.wait(for: "Which disc?")
        try session.wait(for: "Type your answer")
        try session.type("2")
        try session.send("Enter")
        try session.wait(for: "Playing disc 2, Coastal Highway.")
    }

    @Test func ambiguityIsPickedByNumber() throws {
        let session = try Self.start()
        try session.send("/")
        try session.type("play road trip")
        try session.send("Enter")
        try session.wait(for: "1  Road Trip Classics")
        try session.wait(for: "2  Road Trip")
        try session.send("1")
        try session.wait(for: "Playing Road Trip Classics.")
    }

    @Test func anUnknownSentenceGetsSorryAndAHint() throws {
        let session = try Self.start()
        try session.send(":")
        try session.type("sing me a song")
        try session.send("Enter")
        try session.wait(for: "Sorry, CD Changer hasn't added support for that.")
        try session.wait(for: "play disc 3")
        try session.send("Escape")
        try session.wait(timeout: 2, for: "the hint to go") { !$0.contains { $0.contains("Try saying") } }
        // After Esc the keys act again.
        try session.send("2")
        try session.wait(for: "Playing disc 2")
    }

    @Test func helpOpensWithQuestionMarkAndClosesWithEsc() throws {
        let session = try Self.start()
        try session.send("?")
        try session.wait(for: "play / pause")
        try session.send("Escape")
        try session.wait(timeout: 2, for: "help to close") { !$0.contains { $0.contains("play / pause") } }
    }

    @Test func redrawsOnResizeAtEverySize() throws {
        let session = try Self.start(["--playing"])
        try session.wait(for: "MAGAZINES")
        try session.resize(width: 40, height: 12)
        try session.wait(for: "compact layout") { $0.count == 12 && $0.contains { $0.hasPrefix(" DISC     TRACK") } }
        try session.resize(width: 30, height: 8)
        try session.wait(for: "Terminal too small")
        try session.resize(width: 120, height: 40)
        let screen = try session.wait(for: "MAGAZINES")
        #expect(screen.contains { $0.contains("j k move  e load  x eject  M magazines") })
        try session.send("4")
        try session.wait(for: "Playing disc 4")
    }

    @Test func loadingAnAlbumFromTheBrowserChangesOnlyThatSlot() throws {
        let session = try Self.start(["--playing"])
        let before = try session.wait(for: "5 ○  empty")
        for _ in 0..<4 { try session.send("j") }
        try session.send("e")
        try session.wait(for: "Load into slot 5 of Road Trip")
        try session.type("paper")
        try session.wait(for: "1 of 8 albums")
        try session.send("Enter")
        let after = try session.wait(for: "Loaded Paper Planes into slot 5.")
        #expect(after.contains { $0.contains("5 ●  Paper Planes") })
        for slot in ["1 ▶  Night Drive", "2 ●  Coastal Highway", "3 ●  Blue Hour", "4 ●  東京の夜", "6 ●  Café Ünïcode 🎸"] {
            #expect(before.contains { $0.contains(slot) } && after.contains { $0.contains(slot) }, "\(slot)")
        }
        #expect(after.contains { $0.contains("Neon Exit") })
    }

    @Test func magazinesAreCreatedFromTheMenu() throws {
        let session = try Self.start()
        try session.send("M")
        try session.wait(for: "Magazines")
        try session.send("n")
        try session.type("Night Shift")
        try session.send("Enter")
        try session.wait(for: "Created Night Shift.")
        try session.send("Enter")
        try session.wait(for: "SLOTS · Night Shift")
    }

    @Test func otherProgramsStandardErrorBecomesANotice() throws {
        let session = try Self.start(["--stderr-after", "0.5"])
        let screen = try session.wait(for: "[demo] a library complained on stderr")
        #expect(screen[0].hasPrefix("CD CHANGER"))
        #expect(screen.filter { $0.contains("complained") }.count == 1)
    }

    @Test func monochromeWhenNoColorIsSet() throws {
        let colored = try Self.start()
        try colored.send("r")
        try colored.wait(for: "Repeat track.")
        let colorCodes = try colored.screen(escapes: true).joined()
        #expect(colorCodes.contains("\u{1B}[3") || colorCodes.contains("\u{1B}[4") || colorCodes.contains(";3"))

        let plain = try Self.start(environment: ["NO_COLOR": "1"])
        try plain.send("r")
        try plain.wait(for: "Repeat track.")
        let escapes = try plain.screen(escapes: true).joined()
        let colour = try Regex("\u{1B}\\[[0-9;]*(3[0-7]|4[0-7]|38;|48;)[0-9;]*m")
        #expect(escapes.firstMatch(of: colour) == nil)
        #expect(escapes.contains("\u{1B}[7m") || escapes.contains(";7m") || escapes.contains("[7;"))  // the lit lamp in reverse
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

    @Test func qQuitsAndGivesTheTerminalBack() throws {
        let session = try Self.start(["--playing"])
        try session.send("3")
        try session.wait(for: "Playing disc 3")
        try session.send("q")
        try Self.expectRestored(session)
        #expect(session.text.contains("quit at disc 3"))
    }

    @Test func ctrlCQuitsCleanly() throws {
        let session = try Self.start(["--playing"])
        try session.send("C-c")
        try Self.expectRestored(session)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func signalsQuitCleanly(signal: Int32) throws {
        let session = try Self.start(["--playing"])
        let program = try session.programID()
        #expect(kill(program, signal) == 0)
        try Self.expectRestored(session)
    }
}
