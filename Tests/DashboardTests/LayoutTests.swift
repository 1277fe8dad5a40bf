import Testing
@testable import Dashboard

/// The panels' places at the three reference sizes, and a sweep of every size for crashes.
@Suite struct LayoutTests {
    @Test func compactAt40x12() {
        let layout = Layout(width: 40, height: 12)
        #expect(layout.kind == .compact)
        #expect(layout.header == Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(layout.rack == Rect(x: 0, y: 1, width: 40, height: 1))
        #expect(layout.nowPlaying == Rect(x: 0, y: 2, width: 40, height: 4))
        #expect(layout.slots == Rect(x: 0, y: 6, width: 40, height: 3))
        #expect(layout.messages == Rect(x: 0, y: 9, width: 40, height: 1))
        #expect(layout.prompt == Rect(x: 0, y: 10, width: 40, height: 1))
        #expect(layout.footer == Rect(x: 0, y: 11, width: 40, height: 1))
        #expect(layout.digitSize == .compact)
        #expect(layout.rackDivider == nil)
    }

    @Test func mediumAt80x24() {
        let layout = Layout(width: 80, height: 24)
        #expect(layout.kind == .medium)
        #expect(layout.header.y == 0)
        #expect(layout.nowPlaying == Rect(x: 0, y: 2, width: 80, height: 8))
        #expect(layout.rules == [1, 10, 19])
        #expect(layout.rack == Rect(x: 0, y: 11, width: 20, height: 8))
        #expect(layout.rackDivider == 20)
        #expect(layout.slots == Rect(x: 21, y: 11, width: 59, height: 8))
        #expect(layout.messages == Rect(x: 0, y: 20, width: 80, height: 2))
        #expect(layout.prompt.y == 22)
        #expect(layout.footer.y == 23)
        #expect(layout.digitSize == .tall)
    }

    @Test func largeAt120x40GivesTheRoomToSlotsAndColumns() {
        let layout = Layout(width: 120, height: 40)
        #expect(layout.kind == .large)
        #expect(layout.rack.width == 30)
        #expect(layout.nowPlaying.height == 10)
        #expect(layout.digitSize == .huge)
        #expect(layout.slots.height == 22)
        #expect(layout.slots.width == 89)
        #expect(layout.footer.y == 39)
    }

    @Test(arguments: [(39, 12), (40, 11), (1, 1), (0, 0), (200, 5), (20, 60)])
    func belowTheMinimumIsTooSmall(width: Int, height: Int) {
        #expect(Layout(width: width, height: height).kind == .tooSmall)
    }

    @Test func tooSmallSaysSo() {
        let harness = DashboardHarness(width: 30, height: 8)
        #expect(harness.screenText.contains("Terminal too small"))
        #expect(harness.screenText.contains("need 40×12, have 30×8"))
    }

    /// Panels never overlap and stay inside the screen, at every size the dashboard lays out.
    @Test(arguments: Array(stride(from: 12, through: 60, by: 4)))
    func panelsTileTheScreen(height: Int) {
        for width in 40...200 {
            let layout = Layout(width: width, height: height)
            var covered = Array(repeating: 0, count: width * height)
            var panels = [layout.header, layout.nowPlaying, layout.rack, layout.slots, layout.messages, layout.prompt, layout.footer]
            panels += layout.rules.map { Rect(x: 0, y: $0, width: width, height: 1) }
            if let divider = layout.rackDivider { panels.append(Rect(x: divider, y: layout.rack.y, width: 1, height: layout.rack.height)) }
            for panel in panels {
                #expect(panel.x >= 0 && panel.y >= 0 && panel.maxX <= width && panel.maxY <= height, "\(panel) outside \(width)×\(height)")
                for y in panel.y..<panel.maxY { for x in panel.x..<panel.maxX { covered[y * width + x] += 1 } }
            }
            #expect(covered.allSatisfy { $0 == 1 }, "panels overlap or leave gaps at \(width)×\(height)")
        }
    }

    /// Every size from 1×1 to 200×60 renders, with every overlay open, without crashing, and the
    /// frame has exactly the terminal's size.
    @Test(arguments: Array(1...60))
    func everySizeRenders(height: Int) {
        let host = FakeHost()
        host.playing = (2, 3)
        host.transport = .playing
        host.notice = "A notice that is rather long, to be cut at small sizes"
        host.replies["play something ambiguous"] = PromptReply(text: "Which one?", kind: .choices(["Road Trip", "Road Trip Classics", "Roads"]))
        let states: [(DashboardHarness) -> Void] = [
            { _ in },
            { $0.press(.character("?")) },
            { $0.press(.character("e")) },
            { $0.press(.character("M")) },
            { $0.press(.character("x")) },
            { $0.press(.character("/")); $0.type("play something ambiguous"); $0.press(.enter) },
        ]
        for (index, state) in states.enumerated() {
            let harness = DashboardHarness(host: host, width: 80, height: 24)
            state(harness)
            for width in stride(from: 1, through: 200, by: index == 0 ? 1 : 7) {
                let frame = harness.controller.frame(width: width, height: height)
                #expect(frame.width == width && frame.height == height)
                #expect(frame.lines.allSatisfy { DisplayWidth.of($0) == width })
                if let cursor = frame.cursor { #expect(cursor.x >= 0 && cursor.x < width && cursor.y >= 0 && cursor.y < height) }
            }
        }
    }
}
