import Foundation
import Glibc
import Playback
import SystemSupport

/// shared/bench/paced-alsa: a real-time "sound card" (`paced`) and an unpaced capture (`capture`).
struct PacedDevice {
    let script: String
    let directory: String

    static func start(directory: String) throws -> PacedDevice {
        let candidates = [ProcessInfo.processInfo.environment["CDC_PACED_ALSA"], "../shared/bench/paced-alsa",
                          "../../shared/bench/paced-alsa", "/work/shared/bench/paced-alsa"].compactMap { $0 }
        guard let script = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw PlaybackBenchmark.Failure(description: "paced-alsa not found; set CDC_PACED_ALSA")
        }
        // A pacer left over in this folder (an interrupted run) would be orphaned by a new one.
        try? Child.check([script, "stop", directory])
        // The script's output goes to a file: the pacer it leaves running would keep a pipe open.
        let printed = directory + ".start.txt"
        try Child.check([script, "start", directory], standardOutput: printed)
        let text = (try? String(contentsOfFile: printed, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("export ALSA_CONFIG_PATH=") }) else {
            throw PlaybackBenchmark.Failure(description: "paced-alsa start printed no ALSA_CONFIG_PATH")
        }
        // Children inherit it, and so does this process's own ALSA (not yet loaded).
        setenv("ALSA_CONFIG_PATH", String(line.dropFirst("export ALSA_CONFIG_PATH=".count)), 1)
        return PacedDevice(script: script, directory: directory)
    }

    func stop() {
        try? Child.check([script, "stop", directory])
    }

    /// Bytes the pacer has played so far.
    func playedBytes() -> Int {
        let stats = (try? String(contentsOfFile: directory + "/pacer.stats", encoding: .utf8)) ?? ""
        guard let range = stats.range(of: "pacer_bytes=") else { return 0 }
        return Int(stats[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    /// When (wall clock, seconds) the latest burst of audio began after a silence of 0.2 s or more.
    func burstStart() -> Double {
        let stats = (try? String(contentsOfFile: directory + "/pacer.stats", encoding: .utf8)) ?? ""
        guard let range = stats.range(of: "pacer_burst_start=") else { return 0 }
        return Double(stats[range.upperBound...].prefix { $0.isNumber || $0 == "." }) ?? 0
    }

    /// Waits until the pacer has stopped draining (its FIFO is empty), so the next run starts fresh.
    func waitUntilIdle() {
        var last = -1
        while true {
            let now = playedBytes()
            if now == last { break }
            last = now
            usleep(400_000)
        }
    }

    /// Starts `arguments` and returns the milliseconds until the first byte reaches the capture
    /// file, then ends the process.
    func timeToFirstCapturedByte(_ arguments: [String]) throws -> Double {
        // ALSA's file plugin starts "capture.raw.0001", "….0002"… when the file exists: sum them all.
        func size() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { $0.hasPrefix("capture.raw") }.reduce(0) { total, name in
                total + Int(FileSystem.status(of: directory + "/" + name)?.size ?? 0)
            }
        }
        let before = size()
        let start = PlaybackEvent.now()
        let pid = try Child.spawn(arguments)
        var elapsed = Double.nan
        while PlaybackEvent.now() - start < 5_000_000_000 {
            if size() > before {
                elapsed = Double(PlaybackEvent.now() - start) / 1e6
                break
            }
            usleep(100)
        }
        kill(pid, SIGTERM)
        _ = try Child.wait(pid, since: start, arguments)
        return elapsed
    }
}
