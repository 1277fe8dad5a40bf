import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running in a private tmux server at a fixed size, for end-to-end tests and
/// benchmarks of a full-screen terminal program: send keys, read the screen, resize, find the
/// program's process, and see what the terminal looks like after the program exits.
///
/// ```swift
/// let session = try TmuxSession(["cdchanger", "--output", "null"], width: 80, height: 24)
/// try session.wait(for: "CD CHANGER")
/// try session.send("3")
/// let screen = try session.wait(for: "Playing disc 3")
/// ```
///
/// The program runs under `sh`, which afterwards prints `EXITED:<status>` and the terminal's
/// modes (`stty -a`), so a test can check the terminal was given back in a sane state. Each
/// session has its own server (`tmux -L`) with its socket in a folder of its own, away from the
/// user's tmux (`TMUX_TMPDIR`), so sessions can run side by side; closing the session stops the
/// server and removes the socket.
public final class TmuxSession {
    /// The private server's name (`tmux -L`).
    private let server = "cdc-\(UUID().uuidString.prefix(8))"

    /// What went wrong, with tmux's own output or the last screen.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Whether tmux is installed.
    public static var isAvailable: Bool { (try? tmuxPath()) != nil }

    /// Starts `command` (program and arguments) in a `width`×`height` pane, with `environment`
    /// added to the server's (`LANG=C.UTF-8` and `TERM=tmux-256color` unless given).
    public init(_ command: [String], width: Int, height: Int, environment: [String: String] = [:]) throws {
        var settings = ["LANG": "C.UTF-8", "TERM": "tmux-256color"]
        settings.merge(environment) { _, new in new }
        let assignments = settings.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        let program = command.map(TmuxSession.quote).joined(separator: " ")
        let script = "env \(assignments) \(program); echo EXITED:$?; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-\\{0,1\\}\\(icanon\\|echo\\|ixon\\|isig\\)' | tr '\\n' ' '; echo; sleep 600"
        // The server outlives this command and keeps its output open: don't wait to read it.
        let started = try TmuxSession.spawn(["-L", server, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", script], readOutput: false)
        guard started.status == 0 else { throw Failure(description: "tmux new-session failed (\(started.status))") }
    }

    deinit { close() }

    /// Stops the server and everything in it, and removes its socket (tmux leaves it behind).
    public func close() {
        _ = try? TmuxSession.spawn(["-L", server, "kill-server"], readOutput: true)
        try? FileManager.default.removeItem(atPath: "\(TmuxSession.socketFolder)/tmux-\(getuid())/\(server)")
    }

    /// Where the sessions' servers put their sockets (`TMUX_TMPDIR`).
    static let socketFolder = FileManager.default.temporaryDirectory.appendingPathComponent("cdchanger-tmux").path

    /// Sends keys by tmux name ("Enter", "Escape", "C-c", "Up", "q").
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Types text literally.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// The screen's rows as text (with `escapes`, the SGR codes for colours and attributes too;
    /// with `scrollback`, the rows that scrolled off the top first).
    public func screen(escapes: Bool = false, scrollback: Bool = false) throws -> [String] {
        var output = try tmux(["capture-pane", "-p", "-t", "0"] + (escapes ? ["-e"] : []) + (scrollback ? ["-S", "-"] : []))
        if output.hasSuffix("\n") { output.removeLast() }
        return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Waits until the screen satisfies `condition`, reading it every `interval` seconds (0: as
    /// fast as tmux answers, for measuring delays); returns the screen, or throws with the last one.
    @discardableResult
    public func wait(timeout: Double = 5, every interval: Double = 0.02, for what: String = "", until condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        repeat {
            last = try screen()
            if condition(last) { return last }
            if interval > 0 { Thread.sleep(forTimeInterval: interval) }
        } while Date() < deadline
        throw Failure(description: "timed out after \(timeout) s waiting for \(what); the screen was:\n" + last.joined(separator: "\n"))
    }

    /// Waits until `text` is somewhere on the screen.
    @discardableResult
    public func wait(for text: String, timeout: Double = 5, every interval: Double = 0.02) throws -> [String] {
        try wait(timeout: timeout, every: interval, for: "“\(text)”") { $0.contains { $0.contains(text) } }
    }

    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// What the terminal emulator's own state says, as tmux reports it: whether the alternate
    /// screen is on, the cursor shown, and the cursor keys in application mode.
    public struct TerminalModes: Equatable, Sendable {
        public var alternateScreen: Bool
        public var cursorVisible: Bool
        public var applicationCursorKeys: Bool
    }

    public func terminalModes() throws -> TerminalModes {
        let flags = try tmux(["display-message", "-p", "-t", "0", "#{alternate_on} #{cursor_flag} #{keypad_cursor_flag}"])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "1" }
        guard flags.count == 3 else { throw Failure(description: "tmux reported no terminal modes") }
        return TerminalModes(alternateScreen: flags[0], cursorVisible: flags[1], applicationCursorKeys: flags[2])
    }

    /// The process id of the program (the child of the pane's shell).
    public func programID() throws -> Int32 {
        let shell = try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        guard let first = children.split(separator: " ").first, let id = Int32(first) else {
            throw Failure(description: "no program under the pane's shell \(shell)")
        }
        return id
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try TmuxSession.spawn(["-L", server] + arguments, readOutput: true)
        guard result.status == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.output)") }
        return result.output
    }

    /// tmux on `PATH`.
    private static func tmuxPath() throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: "tmux is not installed (scripts/test.sh installs it)")
    }

    /// Runs tmux with every signal unblocked and at its default action; returns its exit status
    /// and, with `readOutput`, what it printed (standard output and error).
    ///
    /// Not `Foundation.Process`: a test runs on a thread that blocks most signals, and a child
    /// inherits that mask. A tmux server started so blocks SIGCHLD and SIGTERM, and so does every
    /// program in its panes, which then can't be signalled at all. (And `waitUntilExit` never
    /// returned for a tmux command that starts a server: the child stayed a zombie.)
    /// The corresponding C functions are `posix_spawn`, `pipe`, `read` and `waitpid`.
    static func spawn(_ arguments: [String], readOutput: Bool) throws -> (status: Int32, output: String) {
        let path = try tmuxPath()
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigemptyset(&everySignal)
        for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&everySignal, Int32(signal)) }
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var ends: [Int32] = [-1, -1]
        if readOutput {
            guard pipe(&ends) == 0 else { throw Failure(description: "pipe failed: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_addclose(&actions, ends[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        try? FileManager.default.createDirectory(atPath: socketFolder, withIntermediateDirectories: true)
        environment["TMUX_TMPDIR"] = socketFolder
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        if readOutput { Glibc.close(ends[1]) }
        guard spawned == 0 else {
            if readOutput { Glibc.close(ends[0]) }
            throw Failure(description: "posix_spawn tmux: \(String(cString: strerror(spawned)))")
        }
        var output: [UInt8] = []
        if readOutput {
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
            }
            Glibc.close(ends[0])
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
