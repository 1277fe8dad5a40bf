import Foundation
import Testing
import TmuxDriver
@testable import Dashboard

/// Escape sequences ncurses does not know are read whole: Home and End move the slot cursor
/// whatever TERM says, and an unknown sequence does nothing (it never plays a disc).
@Suite struct EscapeSequenceTests {
    static func keys(_ text: String) -> [Key] {
        text.map { $0 == "\u{1B}" ? .escape : .character($0) }
    }

    @Test("known sequences become their key", arguments: [
        ("\u{1B}[1~", Key.home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}[H", .home),
        ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}[A", .up), ("\u{1B}OB", .down),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
        ("\u{1B}[1;2A", .shiftUp), ("\u{1B}OP", .function(1)),
    ])
    func known(sequence: String, key: Key) {
        #expect(KeySequences.fold(Self.keys(sequence)) == [key])
    }

    @Test("unknown sequences are dropped whole, with what came around them kept", arguments: [
        "\u{1B}[15;5~", "\u{1B}[200~", "\u{1B}[1;5H", "\u{1B}OX", "\u{1B}[?1049h",
    ])
    func unknown(sequence: String) {
        #expect(KeySequences.fold(Self.keys("3" + sequence + "q")) == [.character("3"), .character("q")])
    }

    @Test("a sequence cut off at the end of what was read is dropped")
    func cutOff() {
        #expect(KeySequences.fold(Self.keys("3\u{1B}[")) == [.character("3")])
        #expect(KeySequences.fold(Self.keys("3\u{1B}[1;")) == [.character("3")])
    }

    @Test("an escape followed by anything else is the Esc key and that key")
    func plainEscape() {
        #expect(KeySequences.fold(Self.keys("\u{1B}/")) == [.escape, .character("/")])
        #expect(KeySequences.fold([.escape]) == [.escape])
        #expect(KeySequences.fold([.escape, .up]) == [.escape, .up])
    }
}

extension OnTheRealPlayer {
    /// Home and End on the real player under a TERM that does not describe them.
    @Suite
    struct EscapeSequencesOnThePlayer {
        @Test("with TERM=xterm-256color in tmux, Home and End move the slot cursor and play nothing")
        func homeAndEndInTmux() throws {
            let player = try DashboardPlayer()
            let session = try player.open(environment: ["TERM": "xterm-256color"])
            try session.send("End")
            try session.wait(for: "▸ 6 ●  Country Lanes")
            try session.send("Home")
            try session.wait(for: "▸ 1 ●  Coastal Morning")
            Thread.sleep(forTimeInterval: 0.3)
            let screen = try session.screen()
            #expect(!screen.contains { $0.contains("Playing disc") }, "\(screen.joined(separator: "\n"))")
            #expect(try player.status()["state"] as? String == "stopped")
        }
    }
}
