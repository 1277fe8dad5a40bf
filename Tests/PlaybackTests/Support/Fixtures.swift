import AudioDecoding
import BuiltInDecoders
import Dispatch
import Foundation
import Playback
import Synchronization
import Testing
import TestSupport

/// Runs a command-line tool (sox, lame, mpg123) and fails the test if it fails.
@discardableResult
func runTool(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
        Issue.record("\(arguments.joined(separator: " ")) failed: \(text)", sourceLocation: sourceLocation)
        throw FixtureError.toolFailed(arguments[0])
    }
    return text
}

enum FixtureError: Error { case toolFailed(String), timeout(String) }

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "cdc-playback-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }
}

/// Test MP3s, made with sox and lame.
enum Fixture {
    /// Makes `name` from a sox synth expression: `seconds` long, at `rate`, `channels`, encoded with `lameOptions`.
    static func make(_ name: String, in folder: TemporaryFolder, seconds: Double = 2, rate: Int = 44_100, channels: Int = 2,
                     synth: [String] = ["sine", "440", "sine", "660"], lameOptions: [String] = []) throws -> String {
        let wav = folder.file(name + ".source.wav")
        let mp3 = folder.file(name)
        try runTool(["sox", "-r", "\(rate)", "-c", "\(channels)", "-n", "-b", "16", wav, "synth", "\(seconds)"] + synth + ["vol", "0.5"])
        try runTool(["lame", "--quiet"] + lameOptions + [wav, mp3])
        return mp3
    }

    /// The reference decode: `mpg123 --gapless -w`, as 16-bit samples (mono forced to stereo,
    /// as the engine plays it).
    static func reference(_ mp3: String, in folder: TemporaryFolder) throws -> [Int16] {
        let out = folder.file(URL(fileURLWithPath: mp3).lastPathComponent + ".reference.wav")
        try runTool(["mpg123", "-q", "--gapless", "--stereo", "-e", "s16", "-w", out, mp3])
        return try WAVContents(path: out).samples
    }
}

/// Collects a player's events and waits for the ones a test expects.
final class EventRecorder: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let seen = Mutex<[PlaybackEvent]>([])

    var wake: @Sendable () -> Void { { [semaphore] in semaphore.signal() } }

    /// Waits until `done` holds for the events seen so far (moving events out of `player`).
    @discardableResult
    func wait(for player: Player, timeout: Double = 30, until done: ([PlaybackEvent]) -> Bool) throws -> [PlaybackEvent] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let events = seen.withLock { seen in
                seen.append(contentsOf: player.takeEvents())
                return seen
            }
            if done(events) { return events }
            guard Date() < deadline else { throw FixtureError.timeout("waited \(timeout) s; saw \(events.map(\.description))") }
            _ = semaphore.wait(timeout: .now() + 0.05)
        }
    }

    /// Waits for `.drained`.
    @discardableResult
    func waitUntilDrained(_ player: Player, timeout: Double = 30) throws -> [PlaybackEvent] {
        try wait(for: player, timeout: timeout) { $0.contains { $0.kind == .drained } }
    }

    var events: [PlaybackEvent] { seen.withLock { $0 } }
}

extension PlaybackEvent {
    var startedItem: UInt64? { if case .started(let item) = kind { item } else { nil } }
    var skippedMessage: String? { if case .skipped(_, let message) = kind { message } else { nil } }
    var notice: PlaybackEvent.Notice? { if case .notice(let notice) = kind { notice } else { nil } }
}

/// Plays `paths` gaplessly, in order, through a fast WAV sink (ReplayGain in `replayGain` mode)
/// and returns the WAV written and the events.
func renderGaplessly(
    _ paths: [String], into wav: String, volume: Int = 100, decoders: DecoderRegistry = .builtIn, ringBytes: Int = 1 << 20,
    replayGain: ReplayGainMode = .album, timeout: Double = 60
) throws -> (WAVContents, [PlaybackEvent]) {
    let items = paths.enumerated().map { PlaybackItem(id: UInt64($0.offset + 1), path: $0.element) }
    let recorder = EventRecorder()
    let player = Player(
        output: OutputChoice(.wav(path: wav), fast: true), decoders: decoders, ringBytes: ringBytes, replayGain: replayGain, onEvent: recorder.wake)
    player.volume = volume
    player.play(items[0], then: Array(items.dropFirst()))
    let events = try recorder.waitUntilDrained(player, timeout: timeout)
    player.shutdown()
    return (try WAVContents(path: wav), events)
}
