// Benchmark programs for CD Changer: each subcommand measures one target and prints a table.
// Run them in release mode: swift run -c release cdchanger-bench <name>

import Foundation

let benchmarks: [String: ([String]) -> Void] = [
    "scan": ScanBenchmark.run,
    "resolve": ResolveBenchmark.run,
    "playback": PlaybackBenchmark.run,
    "dashboard": DashboardBenchmark.run,
    "voice": VoiceBenchmark.run,
    "voice-eval": VoiceEvaluation.run,
    "voice-memory": VoiceMemoryBenchmark.run,
]

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let run = benchmarks[name] else {
    print("usage: cdchanger-bench <\(benchmarks.keys.sorted().joined(separator: "|"))>")
    exit(2)
}
run(Array(arguments.dropFirst()))
