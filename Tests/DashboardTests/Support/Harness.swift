import Foundation
import Synchronization
@testable import Dashboard

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let seconds = Mutex<Double>(1000)
    private let wall = Mutex("14:05")

    var clock: DashboardClock {
        DashboardClock(monotonic: { self.seconds.withLock { $0 } }, wallClock: { self.wall.withLock { $0 } })
    }

    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
    func setWallClock(_ text: String) { wall.withLock { $0 = text } }
}

/// A controller on a fake host, with helpers to press keys and read the screen.
final class DashboardHarness {
    let host: FakeHost
    let clock = TestClock()
    let controller: DashboardController
    var width: Int
    var height: Int

    init(host: FakeHost = FakeHost(), width: Int = 80, height: Int = 24, glyphs: Glyphs = .unicode) {
        self.host = host
        self.width = width
        self.height = height
        controller = DashboardController(host: host, clock: clock.clock, glyphs: glyphs)
        _ = frame()
    }

    /// A frame at the harness's size, as the terminal would get it.
    func frame() -> ScreenBuffer { controller.frame(width: width, height: height) }

    /// The text of every row of a fresh frame.
    var lines: [String] { frame().lines }
    var screenText: String { lines.joined(separator: "\n") }

    @discardableResult
    func press(_ keys: Key...) -> DashboardController.Outcome {
        var outcome = DashboardController.Outcome.ignored
        for key in keys {
            outcome = controller.handle(key)
            _ = frame()
        }
        return outcome
    }

    /// Types text, one character key at a time.
    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// The first row containing `text`, if any.
    func row(containing text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
}

extension ScreenBuffer {
    /// The column where `text` starts in row `y` (counting display columns), if it is there.
    func column(of text: String, row y: Int) -> Int? {
        let needle = Array(text)
        var cells: [(Character, Int)] = []
        for x in 0..<width where span(x: x, y: y) != 0 { cells.append((character(x: x, y: y), x)) }
        guard needle.count <= cells.count else { return nil }
        for start in 0...(cells.count - needle.count) where cells[start..<(start + needle.count)].map(\.0) == needle {
            return cells[start].1
        }
        return nil
    }

    /// The role of the first cell of `text` in the first row holding it.
    func role(of text: String) -> Role? {
        for y in 0..<height {
            if let x = column(of: text, row: y) { return role(x: x, y: y) }
        }
        return nil
    }

    /// Where `text` first appears.
    func find(_ text: String) -> Point? {
        for y in 0..<height {
            if let x = column(of: text, row: y) { return Point(x: x, y: y) }
        }
        return nil
    }
}
