// `cdchanger-bench playback`: the audio engine's speed and memory in every format beside each
// format's reference player (mpg123, flac, oggdec, opusdec with aplay), measured in the same run,
// printed as one table. Needs sox, lame, mpg123, flac, vorbis-tools, opus-tools, alsa-utils (aplay)
// and shared/bench/paced-alsa.
//
//   swift run -c release cdchanger-bench playback
//
// Environment: CDC_BENCH_FIXTURES (folder to keep the generated tracks in, default
// /tmp/cdchanger-bench-fixtures), CDC_PACED_ALSA (path of paced-alsa), CDC_BENCH_RUNS (repeats
// of the decode measurement is this + 2; medians are reported; default 3), CDC_BENCH_ONLY=latency
// (only the in-process latency), CDC_BENCH_ABORT (abort on a latency timeout, for a debugger).

import Dispatch
import Foundation
import Glibc
import Playback
import Synchronization

enum PlaybackBenchmark {
    /// The release `cdchanger` built next to this benchmark.
    static let changer = Measure.siblingBinary("cdchanger") ?? "cdchanger"

    /// How "ours" plays `file` with `options`: `cdchanger play` on a music folder holding just that
    /// track as an album, so the whole program is measured (start-up, library scan against the
    /// cache, state, changer, engine). The state folder is set up by one `cdchanger library` first,
    /// as it is on any machine where the player has run before.
    static func ours(_ file: String, _ options: [String]) throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cdchanger-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
        let album = root.appendingPathComponent("music/Album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        let name = "01 Track." + (file.split(separator: ".").last.map(String.init) ?? "mp3")
        try FileManager.default.createSymbolicLink(atPath: album.appendingPathComponent(name).path, withDestinationPath: file)
        let common = [changer, "--library", root.path + "/music", "--state-dir", root.path + "/state"]
        _ = try Child.run(common + ["library"])
        return common + ["play", "--disc", "1"] + options
    }

    static func run(_ arguments: [String]) {
        do {
            try measure()
        } catch {
            FileHandle.standardError.write(Data("playback benchmark: \(error)\n".utf8))
            exit(1)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func measure() throws {
        let runs = Int(ProcessInfo.processInfo.environment["CDC_BENCH_RUNS"] ?? "") ?? 3
        let fixtures = ProcessInfo.processInfo.environment["CDC_BENCH_FIXTURES"] ?? "/tmp/cdchanger-bench-fixtures"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        note("fixtures in \(fixtures) (made once with sox, lame, flac, oggenc and opusenc)")
        let long = try makeTracks(fixtures + "/ten-minutes", seconds: 600)
        let short = try makeTracks(fixtures + "/thirty-seconds", seconds: 30)
        let highResolution = try makeHighResolutionFLAC(fixtures + "/ten-seconds-24-bit-96-khz.flac", seconds: 10)
        let shortSeconds = 30.0

        if ProcessInfo.processInfo.environment["CDC_BENCH_ONLY"] == "latency" {
            let paced = try PacedDevice.start(directory: fixtures + "/paced")
            defer { paced.stop() }
            let latencies = try inProcessLatency(short[.mp3]!, runs: 20)
            print(latencies.map { String(format: "%.2f", $0) }.joined(separator: " "))
            return
        }
        var rows: [Row] = []

        // 1. Decode speed, as fast as the CPU allows, against each format's reference decoder.
        note("decode speed: \(runs + 2) runs each of four formats")
        for format in BenchFormat.allCases {
            var ours: [Double] = []
            var reference: [Double] = []
            for _ in 0..<(runs + 2) {
                reference.append(try Child.run(format.referenceDecode(long[format]!)).wallSeconds)
                ours.append(try Child.run(try Self.ours(long[format]!, ["--fast", "--output", "null"])).wallSeconds)
            }
            let ratio = median(reference) / median(ours)
            rows.append(Row(measure: "\(format.name): decode 10-min track (wall)",
                            ours: String(format: "%.3f s (%.0f× real time)", median(ours), 600 / median(ours)),
                            reference: String(format: "%.3f s  %@", median(reference), format.referenceDecodeName),
                            target: String(format: "speed ratio %.2f ≥ 0.95", ratio), met: ratio >= 0.95))
        }
        // How much of that is starting the process: the same commands on an empty file.
        let empty = fixtures + "/empty.mp3"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        var oursStartup: [Double] = []
        var referenceStartup: [Double] = []
        for _ in 0..<(runs + 2) {
            referenceStartup.append(try Child.run(["mpg123", "-q", "-t", empty]).wallSeconds)
            oursStartup.append(try Child.run(try ours(empty, ["--fast", "--output", "null"])).wallSeconds)
        }
        rows.append(Row(measure: "  of which process start (empty file)",
                        ours: String(format: "%.1f ms", median(oursStartup) * 1000),
                        reference: String(format: "%.1f ms  mpg123", median(referenceStartup) * 1000),
                        target: "(for information)", met: nil))

        // 2. Real-time playback through the paced device: CPU per second of audio, peak memory.
        // MP3 takes the median of `runs` pairs (its target is the tightest), the others one pair.
        let paced = try PacedDevice.start(directory: fixtures + "/paced")
        defer { paced.stop() }
        note("real-time playback of 30 s through paced: about \(Int(shortSeconds) * 2 * (runs + 3) / 60 + 1) min")
        var mp3Played: Child?
        var mp3Reference: Child?
        for format in BenchFormat.allCases {
            var oursCPU: [Double] = []
            var referenceCPU: [Double] = []
            for _ in 0..<(format == .mp3 ? runs : 1) {
                paced.waitUntilIdle()
                let reference = try Child.run(format.referencePlay(short[format]!), sampleMemory: true)
                paced.waitUntilIdle()
                let played = try Child.run(try ours(short[format]!, ["--device", "paced"]), sampleMemory: true)
                referenceCPU.append(reference.cpuSeconds)
                oursCPU.append(played.cpuSeconds)
                if format == .mp3 { (mp3Played, mp3Reference) = (played, reference) }
            }
            let ratio = median(oursCPU) / median(referenceCPU)
            let limit = format == .mp3 ? 0.75 : 1
            let count = format == .mp3 ? " (median of \(runs))" : ""
            rows.append(Row(measure: "\(format.name): CPU per s of audio, 30 s via paced\(count)",
                            ours: String(format: "%.2f ms", median(oursCPU) * 1000 / shortSeconds),
                            reference: String(format: "%.2f ms  %@", median(referenceCPU) * 1000 / shortSeconds, format.referencePlayName),
                            target: String(format: "ratio %.2f ≤ %.2f", ratio, limit), met: ratio <= limit))
        }
        paced.waitUntilIdle()
        note("peak memory playing 10 s of 24-bit 96 kHz FLAC")
        let highResolutionPlayed = try Child.run(try ours(highResolution, ["--device", "paced"]), sampleMemory: true)
        paced.waitUntilIdle()

        // 3. Latency: process start to first byte at the device (both), and in-process command to
        // first frame handed to the sink (ours).
        note("latency: 20 runs")
        var referenceStart: [Double] = []
        var oursStart: [Double] = []
        for _ in 0..<5 {
            referenceStart.append(try paced.timeToFirstCapturedByte(["mpg123", "-q", "-o", "alsa", "-a", "capture", short[.mp3]!]))
            oursStart.append(try paced.timeToFirstCapturedByte(try ours(short[.mp3]!, ["--device", "capture"])))
        }
        let inProcess = try inProcessLatency(short[.mp3]!, runs: 20)
        paced.waitUntilIdle()
        note("say → first byte: 20 runs")
        let sayLatency = try sayToFirstByte(short[.mp3]!, paced: paced, runs: 20)

        rows += [
            Row(measure: "command → first frame at sink (in-process)",
                ours: String(format: "%.2f ms median, %.2f max", median(inProcess), inProcess.max() ?? 0),
                reference: "—",
                target: "< 5 ms", met: median(inProcess) < 5),
            Row(measure: "`cdchanger say play disc N` → first byte at paced",
                ours: String(format: "%.1f ms median, %.1f max", median(sayLatency), sayLatency.max() ?? 0),
                reference: "cmus 29 ms, MPD 16 ms (shared/bench)",
                target: "< 15 ms", met: median(sayLatency) < 15),
            Row(measure: "process start → first byte at device",
                ours: String(format: "%.1f ms median", median(oursStart)),
                reference: String(format: "%.1f ms  mpg123", median(referenceStart)),
                target: "(for information)", met: nil),
        ]
        if let mp3Played, let mp3Reference {
            rows.append(Row(measure: "peak RSS playing 30 s of MP3 via paced",
                            ours: String(format: "%.1f MB", Double(mp3Played.maxResidentKilobytes) / 1024),
                            reference: String(format: "%.1f MB  mpg123", Double(mp3Reference.maxResidentKilobytes) / 1024),
                            target: "< 30 MB", met: mp3Played.maxResidentKilobytes < 30 * 1024))
        }
        rows.append(Row(measure: "peak RSS playing 24-bit 96 kHz FLAC via paced",
                        ours: String(format: "%.1f MB", Double(highResolutionPlayed.maxResidentKilobytes) / 1024),
                        reference: "—",
                        target: "< 30 MB", met: highResolutionPlayed.maxResidentKilobytes < 30 * 1024))
        print(Row.table(rows))
        print("ours: cdchanger play --disc 1 on a one-album library; decode: median of \(runs + 2) runs, wall time including process start; "
            + "CPU: user + system of the whole process (for a reference pipeline, of `sh` and both its commands); "
            + "in-process latency: 20 runs, warm player on alsa:paced; start to first byte: median of 5, through the capture PCM; peak RSS: VmHWM sampled every 50 ms.")
    }

    // MARK: Fixtures

    /// The same stereo piece of `seconds` in each format, at `stem.mp3`, `.flac`, `.ogg`, `.opus`:
    /// a sweep over soft noise, so every band is busy. MP3 is VBR (lame -V 2), Vorbis oggenc -q 5,
    /// Opus opusenc's default 96 kbit/s, FLAC its default level 5.
    private static func makeTracks(_ stem: String, seconds: Int) throws -> [BenchFormat: String] {
        let paths = Dictionary(uniqueKeysWithValues: BenchFormat.allCases.map { ($0, stem + "." + $0.fileExtension) })
        if paths.values.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { return paths }
        let wav = stem + ".wav"
        try Child.check(["sox", "-r", "44100", "-c", "2", "-n", "-b", "16", wav, "synth", "\(seconds)",
                         "sine", "60-6000", "pinknoise", "remix", "1,2", "1,2", "vol", "0.4"])
        for (format, path) in paths {
            try Child.check(format.encode(wav, to: path + ".part"))
            try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
        }
        try? FileManager.default.removeItem(atPath: wav)
        return paths
    }

    /// A 24-bit 96 kHz stereo FLAC of `seconds` (the same sweep).
    private static func makeHighResolutionFLAC(_ path: String, seconds: Int) throws -> String {
        if FileManager.default.fileExists(atPath: path) { return path }
        try Child.check(["sox", "-r", "96000", "-c", "2", "-n", "-b", "24", path + ".part.flac", "synth", "\(seconds)",
                         "sine", "60-6000", "pinknoise", "remix", "1,2", "1,2", "vol", "0.4"])
        try FileManager.default.moveItem(atPath: path + ".part.flac", toPath: path)
        return path
    }

    // MARK: In-process latency

    /// From `play` to the `started` event (stamped as the first frame is handed to the sink), on
    /// a player that is already running, as it is when the user presses PlayDisc.
    /// Between runs the paced device is given time to play out what the previous run queued
    /// (its FIFO can't be dropped), as a device is idle when the user picks a disc.
    private static func inProcessLatency(_ file: String, runs: Int) throws -> [Double] {
        let woken = DispatchSemaphore(value: 0)
        let player = Player(output: OutputChoice(.alsa(device: "paced"))) { woken.signal() }
        defer { player.shutdown() }
        let item = PlaybackItem(id: 1, path: file)
        var latencies: [Double] = []
        for run in 0...runs {
            usleep(400_000)
            _ = player.takeEvents()
            let start = PlaybackEvent.now()
            player.play(item)
            var started: UInt64?
            var seen: [String] = []
            while started == nil {
                guard woken.wait(timeout: .now() + 5) == .success else {
                    if ProcessInfo.processInfo.environment["CDC_BENCH_ABORT"] != nil { abort() }
                    throw Failure(description: "run \(run): no start after 5 s; events: \(seen); \(player.diagnostics)")
                }
                while let event = player.nextEvent() {
                    seen.append(event.description)
                    if case .started = event.kind { started = event.time }
                }
            }
            player.stop()
            // The first run warms the caches; it is not counted.
            if run > 0 { latencies.append(Double(started! - start) / 1e6) }
        }
        return latencies
    }

    // MARK: Remote-control latency

    /// From starting `cdchanger say play disc N` to the first byte of that disc at the paced device,
    /// with a player running (`cdchanger play`) and paused in between, as cmus (`cmus-remote -f`)
    /// and MPD (`mpc play`) were measured. The pacer stamps the first byte after a pause of 0.2 s
    /// or more (`pacer_burst_start`, wall clock), which is what is compared with the start time.
    private static func sayToFirstByte(_ file: String, paced: PacedDevice, runs: Int) throws -> [Double] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cdchanger-bench-say-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["1 Disc One", "2 Disc Two"] {
            let album = root.appendingPathComponent("music/\(name)")
            try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
            try? FileManager.default.createSymbolicLink(atPath: album.appendingPathComponent("01 Track.mp3").path, withDestinationPath: file)
        }
        let common = [changer, "--library", root.path + "/music", "--state-dir", root.path + "/state"]
        let player = try Child.spawn(common + ["play", "--disc", "1", "--device", "paced"])
        defer {
            kill(player, SIGTERM)
            _ = try? Child.wait(player, since: PlaybackEvent.now(), ["cdchanger"])
        }
        // Wait until the player answers and plays.
        var ready = false
        for _ in 0..<100 where !ready {
            usleep(100_000)
            ready = (try? Child.run(common + ["status"]).status) == 0
        }
        guard ready else { throw Failure(description: "the player did not start") }
        var latencies: [Double] = []
        for run in 0...runs {
            try Child.check(common + ["say", "pause"])
            paced.waitUntilIdle()
            usleep(300_000)
            var now = timeval()
            gettimeofday(&now, nil)
            let start = Double(now.tv_sec) + Double(now.tv_usec) / 1e6
            let said = try Child.run(common + ["say", "play", "disc", run % 2 == 0 ? "2" : "1"])
            guard said.status == 0 else { throw Failure(description: "say failed (\(said.status))") }
            var burst = 0.0
            for _ in 0..<500 where burst <= start {
                burst = paced.burstStart()
                if burst <= start { usleep(1000) }
            }
            guard burst > start else { throw Failure(description: "run \(run): no audio after say") }
            // The first run warms the caches; it is not counted.
            if run > 0 { latencies.append((burst - start) * 1000) }
        }
        return latencies
    }

    // MARK: Helpers

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private static func note(_ text: String) {
        FileHandle.standardError.write(Data("… \(text)\n".utf8))
    }
}

/// One line of the result table.
private struct Row {
    var measure: String
    var ours: String
    var reference: String
    var target: String
    var met: Bool?

    static func table(_ rows: [Row]) -> String {
        let header = ["measure", "ours", "reference (same run)", "target", "met"]
        let cells = [header] + rows.map { [$0.measure, $0.ours, $0.reference, $0.target, $0.met.map { $0 ? "yes" : "NO" } ?? ""] }
        let widths = (0..<header.count).map { column in cells.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            "| " + zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(cells[0]), rule] + cells.dropFirst().map(line)).joined(separator: "\n")
    }
}

/// A child process measured with `wait4`: wall time, CPU time and peak resident memory.
struct Child {
    var wallSeconds: Double
    var cpuSeconds: Double
    var maxResidentKilobytes: Int
    var status: Int32

    /// Runs `arguments` (the first is looked up in PATH) with stdout and stderr discarded.
    ///
    /// With `sampleMemory`, peak memory is sampled from `/proc/PID/status` (`VmHWM`) every 50 ms
    /// on another thread while this one waits: `wait4`'s `ru_maxrss` would include the parent's
    /// pages the child shared before `exec`.
    static func run(_ arguments: [String], standardOutput: String = "/dev/null", sampleMemory: Bool = false) throws -> Child {
        let start = PlaybackEvent.now()
        let pid = try spawn(arguments, standardOutput: standardOutput)
        let peak = Mutex(0)
        let finished = Atomic<Bool>(false)
        let sampler = sampleMemory ? Thread {
            while !finished.load(ordering: .relaxed) {
                let now = highWaterKilobytes(of: pid)
                peak.withLock { $0 = max($0, now) }
                usleep(50_000)
            }
        } : nil
        sampler?.start()
        var result = try wait(pid, since: start, arguments)
        finished.store(true, ordering: .relaxed)
        if sampleMemory { result.maxResidentKilobytes = peak.withLock { $0 } }
        return result
    }

    /// `VmHWM` of a running process, in kB (0 when it can't be read).
    static func highWaterKilobytes(of pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    static func check(_ arguments: [String], standardOutput: String = "/dev/null") throws {
        let result = try run(arguments, standardOutput: standardOutput)
        guard result.status == 0 else { throw PlaybackBenchmark.Failure(description: "\(arguments.joined(separator: " ")) failed (\(result.status))") }
    }

    /// The corresponding C function is `posix_spawnp`.
    static func spawn(_ arguments: [String], standardOutput: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard status == 0 else { throw PlaybackBenchmark.Failure(description: "can't start \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// The corresponding C function is `wait4`.
    static func wait(_ pid: pid_t, since start: UInt64, _ arguments: [String]) throws -> Child {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw PlaybackBenchmark.Failure(description: "wait4 failed for \(arguments[0])") }
        }
        let wall = Double(PlaybackEvent.now() - start) / 1e9
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Child(wallSeconds: wall, cpuSeconds: cpu, maxResidentKilobytes: usage.ru_maxrss, status: status)
    }
}
