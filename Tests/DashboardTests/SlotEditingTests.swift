import Testing
@testable import Dashboard

/// Ejecting a slot, and the guarantee that an edit to one slot leaves every other part of the
/// screen showing the changer's real state.
@Suite struct SlotEditingTests {
    @Test func ejectAsksFirstAndEjectsOnYes() {
        let harness = DashboardHarness()
        harness.press(.home, .character("j"), .character("x"))
        #expect(harness.lines.contains { $0.contains("Eject disc 2, Coastal Highway?") })
        harness.press(.character("n"))
        #expect(harness.host.magazines[0].slots[1] == "album-2")
        #expect(harness.controller.ui.overlay == nil)
        harness.press(.delete, .character("y"))
        #expect(harness.host.magazines[0].slots[1] == nil)
        let lines = harness.lines
        #expect(lines.contains { $0.contains("Ejected disc 2.") })
        #expect(lines.contains { $0.contains("2 ○  empty") })
    }

    @Test("loading into a loaded slot asks the host's question first; yes loads and moves the cursor to the next slot")
    func replacingAsksFirst() throws {
        let harness = DashboardHarness()
        let road = harness.host.magazines[0].id
        let edit = DashboardEdit.load(albumID: "album-8", slot: 2, magazine: road)
        harness.host.questions[edit] = "Replace Coastal Highway in slot 2 with Satellite Hearts?"
        harness.press(.home, .character("j"), .character("e"))
        harness.type("satellite")
        harness.press(.enter)
        #expect(harness.lines.contains { $0.contains("Replace Coastal Highway in slot 2 with Satellite Hearts?") })
        #expect(harness.host.edits.isEmpty)
        harness.press(.character("y"))
        #expect(harness.host.edits == [edit])
        #expect(harness.controller.ui.slotCursor == 3)
    }

    @Test("u asks the host to undo and says what it answered")
    func undo() {
        let harness = DashboardHarness()
        harness.press(.character("u"))
        #expect(harness.host.undos == 1)
        #expect(harness.lines.contains { $0.contains("Nothing to undo.") })
    }

    @Test("Tab and Shift-Tab show the next and previous magazine; nothing is played")
    func tabShows() {
        let harness = DashboardHarness()
        harness.press(.tab)
        #expect(harness.host.currentMagazine == 1)
        #expect(harness.lines.contains { $0.contains("SLOTS · Sunday Morning") })
        harness.press(.backTab, .backTab)
        #expect(harness.host.currentMagazine == 2)
        #expect(harness.host.performed.isEmpty)
    }

    @Test func ejectingAnEmptySlotJustSaysSo() {
        let harness = DashboardHarness(host: FakeHost(slotsFilled: 2))
        harness.press(.end, .character("x"))
        #expect(harness.controller.ui.overlay == nil)
        #expect(harness.lines.contains { $0.contains("Slot 6 is already empty.") })
    }

    /// The end-to-end guarantee: load one slot while another plays, and every other slot and the
    /// now-playing panel still show exactly what the changer holds.
    @Test(arguments: [(80, 24), (120, 40), (40, 12)])
    func editingOneSlotLeavesEveryOtherPartAsItIs(width: Int, height: Int) {
        let host = FakeHost(albumCount: 8, slotsFilled: 6)
        host.magazines[0].slots[4] = nil
        host.playing = (2, 5)
        host.transport = .playing
        host.elapsed = 61
        let harness = DashboardHarness(host: host, width: width, height: height)
        let before = harness.frame()

        // Load album 8 into slot 5 through the browser.
        harness.press(.home, .character("j"), .character("j"), .character("j"), .character("j"), .character("e"))
        harness.type("satellite")
        harness.press(.enter)
        #expect(host.magazines[0].slots[4] == "album-8")

        // Check every slot row in every scroll position against the host, not against the old frame.
        harness.press(.home)
        for slot in 1...6 {
            let frame = harness.frame()
            let expected = host.snapshot().slots[slot - 1]
            guard let line = frame.lines.first(where: { Self.isRow(of: slot, $0) }) else {
                Issue.record("slot \(slot) is not on screen at \(width)×\(height)")
                continue
            }
            switch expected.state {
            case .empty: #expect(line.contains("empty"))
            default:
                #expect(line.contains(DisplayWidth.truncate(expected.title!, to: 10).dropLast()), "slot \(slot): \(line)")
            }
            if slot == 2 { #expect(line.contains("▶")) }
            if slot == 5 { #expect(line.contains("Satellite Hearts") || line.contains("Satellite")) }
            harness.press(.character("j"))
        }
        // Now playing is untouched: same disc, track, title and time.
        let after = harness.frame()
        let nowPlaying = Layout(width: width, height: height).nowPlaying
        for row in nowPlaying.y..<nowPlaying.maxY {
            #expect(after.text(row: row) == before.text(row: row), "now playing row \(row) changed")
        }
        #expect(host.performed.isEmpty)
    }

    /// A change the dashboard did not make (the remote, the engine) shows in the next frame,
    /// because every frame asks the host for its state.
    @Test func everyFrameIsDrawnFromAFreshSnapshot() {
        let harness = DashboardHarness()
        let before = harness.host.snapshotCount
        harness.host.magazines[0].slots[2] = nil
        harness.host.magazines[0].name = "Renamed Elsewhere"
        let frame = harness.frame()
        #expect(harness.host.snapshotCount == before + 1)
        #expect(frame.lines.contains { $0.contains("3 ○  empty") })
        #expect(frame.lines.contains { $0.contains("▸ Renamed Elsew…") })  // cut to the rack's width
        #expect(frame.text(row: 0).contains("Renamed Elsewhere"))
    }

    /// Whether `line` holds slot `slot`'s row: its number followed by a slot sign (the rack beside
    /// it may show the same number as a count).
    static func isRow(of slot: Int, _ line: String) -> Bool {
        line.ranges(of: " \(slot) ").contains { range in
            ["●", "○", "✗", "▶", "▮"].contains { line[range.upperBound...].hasPrefix($0) }
        }
    }
}
