// `cdchanger-bench play-file [--fast] [--output SPEC] [--device NAME] [--volume N] [--ring BYTES] FILE…`
// Plays the files through the engine, one after another, gaplessly, and exits when the queue ran
// dry. Stands in for `cdchanger play` in the playback benchmark until that command exists.
// CDC_TRACE=1 prints every event to stderr.

import Dispatch
import Foundation
import Playback

enum PlayFileCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var output: String?
        var device: String?
        var fast = false
        var volume = 100
        var ringBytes = 1 << 20
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            func value() -> String? {
                index += 1
                return index < arguments.count ? arguments[index] : nil
            }
            switch argument {
            case "--fast": fast = true
            case "--output": output = value()
            case "--device": device = value()
            case "--volume": volume = value().flatMap(Int.init) ?? 100
            case "--ring": ringBytes = value().flatMap(Int.init) ?? ringBytes
            default: files.append(argument)
            }
            index += 1
        }
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: cdchanger-bench play-file [--fast] [--output alsa[:DEVICE]|null|wav:PATH] [--device NAME] FILE…\n".utf8))
            return 2
        }
        let choice: OutputChoice
        do {
            choice = try OutputChoice.parse(output: output, device: device, fast: fast)
        } catch {
            FileHandle.standardError.write(Data("\(error.message)\n".utf8))
            return 2
        }
        let items = files.enumerated().map { PlaybackItem(id: UInt64($0.offset + 1), path: $0.element) }
        let woken = DispatchSemaphore(value: 0)
        let player = Player(output: choice, ringBytes: ringBytes) { woken.signal() }
        player.volume = volume
        player.play(items[0], then: Array(items.dropFirst()))
        var failures = 0
        loop: while true {
            woken.wait()
            while let event = player.nextEvent() {
                if ProcessInfo.processInfo.environment["CDC_TRACE"] != nil { FileHandle.standardError.write(Data("event: \(event)\n".utf8)) }
                switch event.kind {
                case .skipped:
                    failures += 1
                    FileHandle.standardError.write(Data("\(event)\n".utf8))
                case .notice(let notice):
                    FileHandle.standardError.write(Data("\(notice.message)\n".utf8))
                case .drained:
                    break loop
                case .started, .finished, .lengthRefined:
                    break
                }
            }
        }
        player.shutdown()
        return failures == items.count ? 1 : 0
    }
}
