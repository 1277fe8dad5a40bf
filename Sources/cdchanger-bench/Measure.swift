import Foundation

/// Timing, process and table helpers shared by the benchmarks.
enum Measure {
    /// Wall-clock seconds that `body` took.
    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The process's resident memory now (`/proc/self/statm`), in bytes.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The highest resident memory the process has had (`getrusage`'s `ru_maxrss`), in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// `duration` in milliseconds, its whole seconds included.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The value below which `fraction` of the values lie.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    /// Seconds as "12.3 ms" or "1.23 s".
    static func format(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.3f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    static func verdict(_ passed: Bool) -> String { passed ? "pass" : "FAIL" }

    /// Runs a shell command and returns its standard output; throws when it fails.
    @discardableResult
    static func shell(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ShellFailure(command: command, status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    /// A program built next to this benchmark (e.g. the release `cdchanger`), if it exists.
    static func siblingBinary(_ name: String) -> String? {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let path = folder.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Prints a table with aligned columns.
    static func printTable(title: String, header: [String], rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let line = { (cells: [String]) in "| " + cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |" }
        print("\n\(title)\n")
        print(line(header))
        print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in rows { print(line(row)) }
    }

    struct ShellFailure: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var description: String { "`\(command)` exited with \(status)" }
    }
}
