import Foundation
import Testing
import TestSupport
import TmuxDriver

/// The real `cdchanger` with a private state folder, runtime folder (for the control socket) and,
/// optionally, a D-Bus session bus of its own: the dashboard opened in tmux, and commands run
/// beside it as a user would (`status --json`, `say`, `magazine …`).
final class DashboardPlayer {
    let state = TemporaryFolder("cdc-dash-state")
    let runtime = TemporaryFolder("cdc-dash-run")
    let library: String
    let bus: PrivateBus?

    init(library: String = ProjectPaths.demoLibrary.path, bus: Bool = false) throws {
        self.library = library
        self.bus = bus ? try PrivateBus() : nil
        chmod(runtime.path, 0o700)
    }

    var environment: [String: String] {
        ["HOME": state.path, "XDG_RUNTIME_DIR": runtime.path, "DBUS_SESSION_BUS_ADDRESS": bus?.address ?? "unix:path=\(runtime.path)/no-bus"]
    }

    var arguments: [String] { [ProjectPaths.binary, "--state-dir", state.path, "--library", library] }

    /// Runs a `cdchanger` command on this state (before the dashboard opens, or beside it).
    @discardableResult
    func run(_ words: String...) throws -> ProcessResult {
        var environment = self.environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["LANG"] = "C.UTF-8"
        return try runProcess(arguments[0], Array(arguments.dropFirst()) + words, environment: environment)
    }

    /// Opens the dashboard in tmux and waits for its first frame, longer than for an answer: on a
    /// loaded CI machine, a player over a 12,000-file library once showed nothing for over 5 s
    /// (here it opens in about a second, under load too). ScanProgressTests shows that such a
    /// dashboard opens while its scan is still under way. Unless `keepingNotices`, the notices
    /// shown at start (without a bus of its own, at least "No D-Bus session bus…") are dismissed
    /// with Esc first, so tests of other features see the whole dashboard (PinnedNoticesTests
    /// covers them).
    func open(
        width: Int = 80, height: Int = 24, _ options: [String] = ["--output", "null"], environment extra: [String: String] = [:],
        keepingNotices: Bool = false
    ) throws -> TmuxSession {
        let session = try TmuxSession(arguments + options, width: width, height: height, environment: environment.merging(extra) { _, new in new })
        try session.wait(for: "CD CHANGER", timeout: 20)
        if !keepingNotices {
            try session.send("Escape")
            try session.wait(for: "the start notices to be dismissed") { screen in
                !screen.contains { $0.contains("Esc dismisses") || $0.contains("Esc to dismiss") || $0.contains("Esc for more") }
            }
        }
        return session
    }

    /// `cdchanger status --json` of the running player.
    func status() throws -> [String: Any] {
        let result = try run("status", "--json")
        let data = Data(result.output.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "status --json printed \(result.output) \(result.error)")
    }

    /// Waits until the running player's status satisfies `condition`; returns it, or the last one.
    @discardableResult
    func waitForStatus(timeout: Double = 5, _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String: Any] = [:]
        repeat {
            last = try status()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return last
    }
}

/// Every suite that drives the real player in tmux, nested here so they run one test at a time:
/// run side by side on a small machine, the players' start-up and tmux's round trips compete, and
/// an answer can take longer to show than a test waits for it.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct OnTheRealPlayer {}

extension TmuxSession {
    /// Waits until `text` is on the screen, read as running text: rows trimmed and joined with
    /// spaces, so an answer wrapped over the two message rows is found whole.
    @discardableResult
    func waitForText(_ text: String, timeout: Double = 5) throws -> [String] {
        try wait(timeout: timeout, for: "“\(text)” (across rows)") { screen in
            screen.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").contains(text)
        }
    }
}
