import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// A crash still gives the terminal back: the real binary in tmux, killed by each of the signals a
    /// crash raises, or crashing for real (a Swift trap, a bad memory access, through the hidden
    /// `CDCHANGER_DEBUG_CRASH`); afterwards the shell has its modes back, the main screen, a visible
    /// cursor and normal cursor keys, and the process died of its signal.
    @Suite
    struct CrashRecoveryTests {
        /// Opens the dashboard, playing disc 1 unless it is to crash by itself (`crash`, 3 s after it
        /// opened); Swift's backtracer is off unless `backtrace` (then it runs, but not interactively).
        static func open(crash: String? = nil, backtrace: Bool = false) throws -> TmuxSession {
            var environment = ["SWIFT_BACKTRACE": backtrace ? "interactive=no,color=no" : "enable=no"]
            environment[DebugCrashVariable.name] = crash
            let session = try DashboardPlayer().open(environment: environment)
            #expect(try session.terminalModes().alternateScreen, "the dashboard draws on the alternate screen")
            if crash == nil {
                try session.send("1")
                try session.wait(for: "Playing disc 1")
            }
            return session
        }

        /// The shell's report after the program died of `signal`, once the terminal is back.
        static func expectTerminalBack(_ session: TmuxSession, diedOf signal: Int32, timeout: Double = 10) throws {
            let screen = try session.wait(timeout: timeout, for: "the exit and the terminal modes") { screen in
                screen.contains { $0.contains("EXITED:") } && screen.contains { $0.contains("icanon") }
            }
            let text = screen.joined(separator: "\n")
            #expect(text.contains("EXITED:\(128 + signal)"), "\(text)")
            let modes = screen.first { $0.contains("icanon") } ?? ""
            for mode in ["icanon", "echo", "ixon", "isig"] {
                #expect(modes.split(separator: " ").contains(Substring(mode)), "terminal left with \(modes)")
            }
            let terminal = try session.terminalModes()
            #expect(!terminal.alternateScreen, "still on the alternate screen")
            #expect(terminal.cursorVisible, "the cursor is still hidden")
            #expect(!terminal.applicationCursorKeys, "the cursor keys are still in application mode")
            #expect(!text.contains("CD CHANGER"), "the dashboard is still on screen:\n\(text)")
        }

        @Test(arguments: [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE])
        func aCrashSignalGivesTheTerminalBack(signal: Int32) throws {
            let session = try Self.open()
            #expect(kill(try session.programID(), signal) == 0)
            try Self.expectTerminalBack(session, diedOf: signal)
        }

        @Test func aSwiftTrapGivesTheTerminalBackAndItsMessageReachesTheScreen() throws {
            let session = try Self.open(crash: "trap")
            try Self.expectTerminalBack(session, diedOf: SIGILL)
            let everything = try session.screen(scrollback: true).joined(separator: "\n")
            #expect(everything.contains("Fatal error: CDCHANGER_DEBUG_CRASH=trap"), "\(everything)")
        }

        @Test func aBadMemoryAccessGivesTheTerminalBack() throws {
            let session = try Self.open(crash: "segv")
            try Self.expectTerminalBack(session, diedOf: SIGSEGV)
        }

        @Test func swiftsBacktracerStillReportsTheCrash() throws {
            let session = try Self.open(crash: "segv", backtrace: true)
            try Self.expectTerminalBack(session, diedOf: SIGSEGV, timeout: 30)
            let everything = try session.screen(scrollback: true).joined(separator: "\n")
            #expect(everything.contains("Program crashed"), "\(everything)")
        }
    }
}

/// The hidden variable that makes the dashboard crash on purpose (`DebugCrash` in cdchanger).
enum DebugCrashVariable {
    static let name = "CDCHANGER_DEBUG_CRASH"
}
