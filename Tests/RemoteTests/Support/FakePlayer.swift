import Foundation
import TestSupport
import Synchronization
@testable import Remote

/// A stand-in for the app: an `MPRISStatus` it changes the way the changer would when it runs
/// a command, the list of commands it was given, and a voice turn that the test ends by hand.
final class FakePlayer: Sendable {
    let state: Mutex<MPRISStatus>
    private let received = Mutex<[MPRISCommand]>([])
    /// How many turns `Listen` started, and the answers waiting for the turn under way to end.
    private let turn = Mutex<(started: Int, waiting: [@Sendable (ListenAnswer) -> Void])>((0, []))

    static let discTracks = [
        MPRISTrack(id: "magazine-1/disc-2/track-1", title: "Opening", album: "Road Trip", artists: ["The Drivers"], trackNumber: 1, lengthMicroseconds: 200_000_000),
        MPRISTrack(id: "magazine-1/disc-2/track-2", title: "Highway Ünïcödé 💿", album: "Road Trip", artists: ["The Drivers", "Guest"], trackNumber: 2, lengthMicroseconds: 185_500_000),
        MPRISTrack(id: "magazine-1/disc-2/track-3", title: "Closing", album: "Road Trip", artists: [], trackNumber: 3, lengthMicroseconds: nil),
    ]

    init(_ status: MPRISStatus = MPRISStatus(playback: .playing, track: FakePlayer.discTracks[0], positionMicroseconds: 12_500_000, volume: 0.5)) {
        state = Mutex(status)
    }

    var status: MPRISStatus { state.withLock { $0 } }
    var commands: [MPRISCommand] { received.withLock { $0 } }

    /// Turns started: a `Listen` while one is under way joins it, as the app's does.
    var turnsStarted: Int { turn.withLock { $0.started } }
    /// `Listen` calls waiting for the turn under way.
    var listenersWaiting: Int { turn.withLock { $0.waiting.count } }

    /// Starts a turn unless one is under way; `answer` is kept until `endTurn`.
    func listen(then answer: @escaping @Sendable (ListenAnswer) -> Void) {
        turn.withLock { turn in
            if turn.waiting.isEmpty { turn.started += 1 }
            turn.waiting.append(answer)
        }
    }

    /// Ends the turn under way: every `Listen` waiting for it gets `answer`.
    func endTurn(with answer: ListenAnswer) {
        let waiting = turn.withLock { turn in
            defer { turn.waiting = [] }
            return turn.waiting
        }
        for reply in waiting { reply(answer) }
    }

    func update(_ change: (inout MPRISStatus) -> Void) {
        state.withLock { change(&$0) }
    }

    /// Records the command and applies it as a changer would.
    func run(_ command: MPRISCommand) {
        received.withLock { $0.append(command) }
        state.withLock { status in
            switch command {
            case .playPause: status.playback = status.playback == .playing ? .paused : .playing
            case .play: status.playback = .playing
            case .pause: status.playback = .paused
            case .stop: status.playback = .stopped; status.positionMicroseconds = 0
            case .next: status.track = FakePlayer.step(status.track, by: 1); status.positionMicroseconds = 0
            case .previous: status.track = FakePlayer.step(status.track, by: -1); status.positionMicroseconds = 0
            case .seek(let offset): status.positionMicroseconds = max(0, status.positionMicroseconds + offset)
            case .setPosition(_, let position): status.positionMicroseconds = position
            case .setVolume(let volume): status.volume = volume
            case .setLoop(let loop): status.loop = loop
            case .setShuffle(let shuffle): status.shuffle = shuffle
            case .quit, .raise: break
            }
        }
    }

    private static func step(_ track: MPRISTrack?, by offset: Int) -> MPRISTrack? {
        guard let track, let index = discTracks.firstIndex(of: track) else { return discTracks.first }
        return discTracks[(index + offset + discTracks.count) % discTracks.count]
    }

    /// An MPRIS service on `bus` backed by this player.
    func service(on bus: PrivateBus) throws -> MPRISService {
        try MPRISService(busAddress: bus.address, status: { [self] in status }, command: { [self] in run($0) }, listen: { [self] in listen(then: $0) })
    }
}

/// A program left running while the test reads its output line by line (`playerctl --follow`,
/// `dbus-monitor`); terminated when the value goes away.
final class StreamingProcess: Sendable {
    private let process: Process
    private let output = LineCollector()

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let collector = self.output
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else { handle.readabilityHandler = nil; return }
            collector.add(data)
        }
        try process.run()
        self.process = process
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)  // SIGTERM is blocked in children of the test process
        process.waitUntilExit()
    }

    var lines: [String] { output.lines }

    /// Waits until some line satisfies `predicate`; returns it, or nil after `timeout` seconds.
    @discardableResult
    func waitForLine(timeout: Double = 5, where predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = lines.first(where: predicate) { return line }
            usleep(20_000)
        }
        return nil
    }
}

/// Output bytes cut into lines as they arrive.
final class LineCollector: Sendable {
    private let state = Mutex<(lines: [String], partial: String)>(([], ""))

    func add(_ data: Data) {
        state.withLock { state in
            state.partial += String(decoding: data, as: UTF8.self)
            while let newline = state.partial.firstIndex(of: "\n") {
                state.lines.append(String(state.partial[..<newline]))
                state.partial.removeSubrange(...newline)
            }
        }
    }

    var lines: [String] { state.withLock { $0.lines } }
}
