import ChangerKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `cdchanger-bench dashboard`: what the whole player costs while a disc plays through the paced
/// device with the dashboard open, beside mpg123 playing the same music in the same run, and how
/// fast a key shows on screen. Runs the release `cdchanger` on the demo library in tmux at 80×24
/// and 120×40:
/// - CPU: the process's CPU time (all threads, from /proc/PID/task/*/schedstat) over 30 s of
///   playing, divided by the seconds of audio the paced device played meanwhile. The issue's budget
///   is 3 ms per second of audio (cmus 2.10 with its interface: 3.2 ms; mpg123 without one: 2.4 ms).
/// - Keys: from `tmux send-keys` until `capture-pane` shows the answer, which includes tmux's own
///   round trips, so it is an upper bound for the issue's 50 ms.
///
/// Options: `--seconds N` for the CPU window (default 30).
enum DashboardBenchmark {
    static let cpuBudget = 3.0
    static let keyBudget = 0.050
    /// Bytes per second the paced device plays: 44.1 kHz, 16-bit stereo.
    static let pacedBytesPerSecond = 176_400.0

    static func run(_ arguments: [String]) {
        var seconds = 30.0
        if let index = arguments.firstIndex(of: "--seconds"), index + 1 < arguments.count, let value = Double(arguments[index + 1]) { seconds = value }
        do {
            let changer = Measure.siblingBinary("cdchanger") ?? "cdchanger"
            let library = MusicFolder.demoLibrary(environment: ProcessInfo.processInfo.environment, executablePath: changer).displayName
            let paced = try PacedDevice.start(directory: FileManager.default.temporaryDirectory.path + "/cdchanger-bench-dashboard-paced")
            defer { paced.stop() }
            let reference = try mpg123PerSecond(library: library, paced: paced, seconds: seconds)
            var rows: [[String]] = []
            for (width, height) in [(80, 24), (120, 40)] {
                rows.append(try measure(changer: changer, library: library, paced: paced, width: width, height: height, seconds: seconds, reference: reference))
            }
            Measure.printTable(
                title: "The player with its dashboard, playing through paced (release build, \(Int(seconds)) s each)",
                header: ["size", "CPU per s of audio", "mpg123 -o alsa (same run)", "≤ \(cpuBudget) ms/s", "key → screen via tmux: median / p95", "< 50 ms"],
                rows: rows
            )
        } catch {
            print("dashboard benchmark: \(error)")
            exit(1)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// mpg123 playing disc 1's tracks through paced: CPU ms per second of audio.
    private static func mpg123PerSecond(library: String, paced: PacedDevice, seconds: Double) throws -> Double {
        let folder = try FileManager.default.contentsOfDirectory(atPath: library).sorted().first.map { library + "/" + $0 } ?? library
        let tracks = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mp3") }.sorted().map { folder + "/" + $0 }
        paced.waitUntilIdle()
        let before = paced.playedBytes()
        let played = try Child.run(["mpg123", "-q", "-o", "alsa", "-a", "paced"] + tracks.prefix(2))
        paced.waitUntilIdle()
        let audioSeconds = Double(paced.playedBytes() - before) / pacedBytesPerSecond
        return played.cpuSeconds * 1000 / audioSeconds
    }

    private static func measure(changer: String, library: String, paced: PacedDevice, width: Int, height: Int, seconds: Double, reference: Double) throws -> [String] {
        let server = "cdc-bench-\(getpid())"
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cdchanger-bench-dashboard-\(getpid())")
        defer {
            _ = try? Tmux.run(server, ["kill-server"])
            unlink("/tmp/tmux-\(getuid())/\(server)")
            try? FileManager.default.removeItem(at: state)
        }
        paced.waitUntilIdle()
        let environment = "LANG=C.UTF-8 HOME=\(state.path) ALSA_CONFIG_PATH=\(ProcessInfo.processInfo.environment["ALSA_CONFIG_PATH"] ?? "")"
        let command = "env \(environment) \(changer) --state-dir \(state.path) --library '\(library)' --device paced; sleep 30"
        try Tmux.run(server, ["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command], readOutput: false)
        try waitForScreen(server, containing: "CD CHANGER")
        let shell = try Tmux.run(server, ["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let child = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8).split(separator: " ").first else {
            throw Failure(description: "cdchanger did not start")
        }
        try Tmux.run(server, ["send-keys", "1"])
        try waitForScreen(server, containing: "Playing disc 1")
        Thread.sleep(forTimeInterval: 1)

        // CPU while playing, nothing pressed, per second of audio the device played.
        let cpuBefore = try cpuNanoseconds(of: String(child))
        let bytesBefore = paced.playedBytes()
        Thread.sleep(forTimeInterval: seconds)
        let used = try cpuNanoseconds(of: String(child)) - cpuBefore
        let audioSeconds = Double(paced.playedBytes() - bytesBefore) / pacedBytesPerSecond
        let perSecond = Double(used) / 1e6 / audioSeconds

        // Keys: mute and unmute, each answer awaited on screen.
        var delays: [Double] = []
        for index in 0..<20 {
            let answer = index % 2 == 0 ? "Muted." : "Sound on"
            let sent = Date()
            try Tmux.run(server, ["send-keys", "m"])
            try waitForScreen(server, containing: answer)
            delays.append(Date().timeIntervalSince(sent))
            Thread.sleep(forTimeInterval: 0.1)
        }
        try Tmux.run(server, ["send-keys", "q"])
        return [
            "\(width)×\(height)",
            String(format: "%.2f ms", perSecond),
            String(format: "%.2f ms", reference),
            Measure.verdict(perSecond <= cpuBudget),
            "\(Measure.format(Measure.median(delays))) / \(Measure.format(Measure.percentile(delays, 0.95)))",
            Measure.verdict(Measure.median(delays) < keyBudget),
        ]
    }

    private static func waitForScreen(_ server: String, containing text: String, timeout: Double = 5) throws {
        let start = Date()
        while !(try Tmux.run(server, ["capture-pane", "-p"]).contains(text)) {
            if Date().timeIntervalSince(start) > timeout { throw Failure(description: "\(text) did not show within \(timeout) s") }
        }
    }

    /// CPU time of every thread of a process, in nanoseconds (the first field of `schedstat`).
    private static func cpuNanoseconds(of process: String) throws -> UInt64 {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")
        return try tasks.reduce(0) { total, task in
            let text = try String(contentsOfFile: "/proc/\(process)/task/\(task)/schedstat", encoding: .utf8)
            return total + (UInt64(text.split(separator: " ").first ?? "0") ?? 0)
        }
    }
}

/// Runs tmux with `posix_spawn` and `waitpid`. Not `Foundation.Process`: its `waitUntilExit`
/// never returned here for a tmux command that starts a server (the child stayed a zombie).
/// Sockets go to /tmp (`TMUX_TMPDIR`), away from the user's own server.
/// The corresponding C functions are `posix_spawn`, `pipe`, `read` and `waitpid`.
enum Tmux {
    @discardableResult
    static func run(_ server: String, _ arguments: [String], readOutput: Bool = true) throws -> String {
        let candidates: [String] = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw DashboardBenchmark.Failure(description: "tmux is not installed")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var ends: [Int32] = [-1, -1]
        if readOutput {
            guard pipe(&ends) == 0 else { throw DashboardBenchmark.Failure(description: "pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_addclose(&actions, ends[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX_TMPDIR"] = "/tmp"
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let argv = ([path, "-L", server] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, argv, envp)
        if readOutput { close(ends[1]) }
        guard spawned == 0 else {
            if readOutput { close(ends[0]) }
            throw DashboardBenchmark.Failure(description: "posix_spawn tmux: \(spawned)")
        }
        var output: [UInt8] = []
        if readOutput {
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
            }
            close(ends[0])
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else { throw DashboardBenchmark.Failure(description: "tmux \(arguments.first ?? "") failed (\(status))") }
        return String(decoding: output, as: UTF8.self)
    }
}
