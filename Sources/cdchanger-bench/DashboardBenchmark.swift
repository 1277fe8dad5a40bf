import ChangerKit
import Foundation
import TmuxDriver

/// `cdchanger-bench dashboard`: what the whole player costs while a disc plays through the paced
/// device with the dashboard open, beside mpg123 playing the same music in the same run, and how
/// fast a key shows on screen. Runs the release `cdchanger` on the demo library in tmux at 80×24
/// and 120×40:
/// - CPU: the process's CPU time (all threads, from /proc/PID/task/*/schedstat) over 30 s of
///   playing, divided by the seconds of audio the paced device played meanwhile. The budget
///   is 3 ms per second of audio (cmus 2.10 with its interface: 3.2 ms; mpg123 without one: 2.4 ms).
/// - Keys: from `tmux send-keys` until `capture-pane` shows the answer, which includes tmux's own
///   round trips, so it is an upper bound for the 50 ms.
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
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cdchanger-bench-dashboard-\(getpid())")
        defer { try? FileManager.default.removeItem(at: state) }
        paced.waitUntilIdle()
        let environment = ["HOME": state.path, "ALSA_CONFIG_PATH": ProcessInfo.processInfo.environment["ALSA_CONFIG_PATH"] ?? ""]
        let session = try TmuxSession(
            [changer, "--state-dir", state.path, "--library", library, "--device", "paced"], width: width, height: height, environment: environment
        )
        defer { session.close() }
        // The screen is read as fast as tmux answers: a pause between reads would add to each delay.
        try session.wait(for: "CD CHANGER", every: 0)
        let child = String(try session.programID())
        try session.send("1")
        try session.wait(for: "Playing disc 1", every: 0)
        Thread.sleep(forTimeInterval: 1)

        // CPU while playing, nothing pressed, per second of audio the device played.
        let cpuBefore = try cpuNanoseconds(of: child)
        let bytesBefore = paced.playedBytes()
        Thread.sleep(forTimeInterval: seconds)
        let used = try cpuNanoseconds(of: child) - cpuBefore
        let audioSeconds = Double(paced.playedBytes() - bytesBefore) / pacedBytesPerSecond
        let perSecond = Double(used) / 1e6 / audioSeconds

        // Keys: mute and unmute, each answer awaited on screen.
        var delays: [Double] = []
        for index in 0..<20 {
            let answer = index % 2 == 0 ? "Muted." : "Sound on"
            let sent = Date()
            try session.send("m")
            try session.wait(for: answer, every: 0)
            delays.append(Date().timeIntervalSince(sent))
            Thread.sleep(forTimeInterval: 0.1)
        }
        try session.send("q")
        return [
            "\(width)×\(height)",
            String(format: "%.2f ms", perSecond),
            String(format: "%.2f ms", reference),
            Measure.verdict(perSecond <= cpuBudget),
            "\(Measure.format(Measure.median(delays))) / \(Measure.format(Measure.percentile(delays, 0.95)))",
            Measure.verdict(Measure.median(delays) < keyBudget),
        ]
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
