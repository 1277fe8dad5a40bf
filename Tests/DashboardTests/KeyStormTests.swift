import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    @Suite
    struct KeyStormTests {
        /// Every key the dashboard knows and then some, except those that quit.
        static let keys = [
            "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Space", "Left", "Right", "Up", "Down", "PageUp", "PageDown",
            ",", ".", "<", ">", "+", "-", "m", "r", "z", "s", "Tab", "/", ":", "Enter", "Escape", "?", "j", "k", "Home", "End",
            "e", "l", "x", "y", "n", "M", "J", "K", "d", "p", "a", "t", "g", "u", "v", "S", "BTab", "0:05", "BSpace", "DC", "F1", "é", "東", "🎸", "%@", "\\(", "C-s", "C-q",
        ]

        @Test("random key storms and resizes down to 1×1 never crash it, and it still quits cleanly")
        func storm() throws {
            let player = try DashboardPlayer()
            let session = try player.open()
            var generator = SystemRandomNumberGenerator()
            let rounds = ProcessInfo.processInfo.environment["CDCHANGER_LONG_RELIABILITY"] == nil ? 400 : 4000
            for round in 0..<rounds {
                try session.send(Self.keys.randomElement(using: &generator)!)
                if round % 40 == 39 {
                    let width = [1, 2, 5, 20, 39, 40, 80, 133].randomElement(using: &generator)!
                    let height = [1, 2, 4, 11, 12, 24, 41].randomElement(using: &generator)!
                    try session.resize(width: width, height: height)
                }
            }
            try session.resize(width: 80, height: 24)
            // Esc until the main screen's footer is back: it closes what the storm left open, and
            // a voice turn the storm started (no microphone here) takes an Esc of its own.
            let onMainScreen = { (screen: [String]) in screen.last?.contains("q quit") == true }
            for _ in 0..<20 where !onMainScreen(try session.screen()) {
                try session.send("Escape")
                Thread.sleep(forTimeInterval: 0.1)
            }
            let screen = try session.wait(for: "the main screen's footer", until: onMainScreen)
            #expect(screen.count == 24)
            try session.send("q")
            try TmuxEndToEndTests.expectRestored(session)
            // The state it saved on the way out is a valid state.
            #expect(try player.run("magazine", "list").status == 0)
        }
    }
}
