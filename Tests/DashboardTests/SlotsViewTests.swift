import Testing
@testable import Dashboard

/// The slots: number, title and artist, and whether each is loaded, empty, missing or playing.
@Suite struct SlotsViewTests {
    static func host() -> FakeHost {
        let host = FakeHost()
        host.magazines[0].slots = ["album-1", "album-2", "album-3", nil, "album-5", "album-6"]
        host.missingAlbums = ["album-5"]
        host.playing = (2, 4)
        host.transport = .playing
        return host
    }

    func row(_ frame: ScreenBuffer, slot: Int) throws -> Int {
        try #require(frame.lines.firstIndex { $0.contains("│") && $0.dropFirst(21).hasPrefix(slot < 10 ? "  \(slot) " : " \(slot) ") || $0.dropFirst(21).hasPrefix("▸ \(slot) ") })
    }

    @Test func eachSlotShowsItsState() throws {
        let frame = DashboardHarness(host: Self.host()).frame()
        let text = frame.lines
        #expect(text[try row(frame, slot: 1)].contains("1 ●  Night Drive"))
        #expect(text[try row(frame, slot: 1)].contains("The Midnight Band"))
        #expect(text[try row(frame, slot: 2)].contains("2 ▶  Coastal Highway"))
        #expect(text[try row(frame, slot: 4)].contains("4 ○  empty"))
        #expect(text[try row(frame, slot: 5)].contains("5 ✗  Tin Roof Rain — missing"))
        #expect(frame.role(of: "Night Drive") == .slotLoaded)
        #expect(frame.role(of: "empty") == .slotEmpty)
        #expect(frame.role(of: "Tin Roof Rain — missing") == .slotMissing)
    }

    @Test func thePlayingSlotIsHighlightedAndPausedShowsAPauseSign() throws {
        let host = Self.host()
        let playing = DashboardHarness(host: host).frame()
        // The cursor follows the playing disc, so its row is drawn as the cursor on the playing slot.
        #expect(playing.role(x: 30, y: try row(playing, slot: 2)) == .cursorPlayingRow)
        host.transport = .paused
        let paused = DashboardHarness(host: host).frame()
        #expect(paused.lines[try row(paused, slot: 2)].contains("2 ▮▮ Coastal Highway"))
    }

    @Test func theSlotCursorIsMarkedAndMovesWithJAndK() throws {
        let host = Self.host()
        host.playing = nil
        let harness = DashboardHarness(host: host)
        #expect(harness.frame().lines[try row(harness.frame(), slot: 1)].contains("▸ 1"))
        harness.press(.character("j"), .character("j"))
        let frame = harness.frame()
        #expect(frame.lines[try row(frame, slot: 3)].contains("▸ 3"))
        #expect(frame.role(x: 30, y: try row(frame, slot: 3)) == .cursorRow)
        harness.press(.character("k"))
        #expect(harness.controller.ui.slotCursor == 2)
        harness.press(.end)
        #expect(harness.controller.ui.slotCursor == 6)
        harness.press(.character("j"))
        #expect(harness.controller.ui.slotCursor == 6)
        harness.press(.home)
        #expect(harness.controller.ui.slotCursor == 1)
    }

    @Test func pPlaysTheHighlightedSlot() {
        let harness = DashboardHarness(host: Self.host())
        harness.press(.home, .character("j"), .character("j"), .character("j"), .character("j"), .character("j"))
        harness.press(.character("p"))
        #expect(harness.host.performed.last == .playDisc(6))
    }

    @Test func theCursorFollowsThePlayingDiscAndResetsOnAnotherMagazine() {
        let host = Self.host()
        let harness = DashboardHarness(host: host)
        #expect(harness.controller.ui.slotCursor == 2)
        harness.press(.character("6"))
        #expect(harness.controller.ui.slotCursor == 6)
        harness.press(.tab)
        #expect(host.currentMagazine == 1)
        #expect(harness.controller.ui.slotCursor == 1)
    }

    @Test func manySlotsScrollToKeepTheCursorInViewAt40x12() {
        let host = FakeHost()
        host.magazines[0].slots = (1...12).map { _ in "album-1" }
        let harness = DashboardHarness(host: host, width: 40, height: 12)
        harness.press(.end)
        let text = harness.lines
        #expect(text.contains { $0.hasPrefix("▸ 12 ●") })
        #expect(!text.contains { $0.hasPrefix("   1 ●") })
    }
}
