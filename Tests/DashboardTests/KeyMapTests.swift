import Testing
@testable import Dashboard

/// Every key of the issue maps to its command; while the prompt bar has focus, keys type text.
@Suite struct KeyMapTests {
    static let commands: [(Key, DashboardCommand)] = [
        (.character("1"), .playDisc(1)), (.character("2"), .playDisc(2)), (.character("3"), .playDisc(3)),
        (.character("4"), .playDisc(4)), (.character("5"), .playDisc(5)), (.character("6"), .playDisc(6)),
        (.character("7"), .playDisc(7)), (.character("8"), .playDisc(8)), (.character("9"), .playDisc(9)),
        (.character("0"), .playDisc(10)),
        (.character(" "), .togglePlayPause),
        (.left, .previousTrack), (.right, .nextTrack),
        (.up, .previousDisc), (.down, .nextDisc), (.pageUp, .previousDisc), (.pageDown, .nextDisc),
        (.character(","), .seek(seconds: -10)), (.character("."), .seek(seconds: 10)),
        (.character("<"), .seek(seconds: -60)), (.character(">"), .seek(seconds: 60)),
        (.character("+"), .volumeUp), (.character("="), .volumeUp), (.character("-"), .volumeDown),
        (.character("m"), .toggleMute), (.character("r"), .cycleRepeat), (.character("z"), .cycleRandom),
        (.character("s"), .scan), (.character("S"), .stop), (.character("q"), .quit),
    ]

    @Test(arguments: commands)
    func keyMapsToCommand(key: Key, command: DashboardCommand) {
        #expect(KeyMap.mainAction(for: key) == .command(command))
    }

    /// The same keys, pressed on the dashboard, reach the host as those commands.
    @Test(arguments: commands)
    func keyReachesTheHost(key: Key, command: DashboardCommand) {
        let harness = DashboardHarness()
        let outcome = harness.press(key)
        #expect(harness.host.performed == [command])
        #expect(outcome == (command == .quit ? .quit : .handled))
    }

    @Test(arguments: [Key.character("/"), .character(":"), .enter])
    func focusKeysOpenThePromptBar(key: Key) {
        let harness = DashboardHarness()
        harness.press(key)
        #expect(harness.controller.ui.prompt.isFocused)
        #expect(harness.host.performed.isEmpty)
    }

    @Test func editingAndScreenKeys() {
        #expect(KeyMap.mainAction(for: .character("?")) == .showHelp)
        #expect(KeyMap.mainAction(for: .function(1)) == .showHelp)
        #expect(KeyMap.mainAction(for: .character("j")) == .moveSlotCursor(1))
        #expect(KeyMap.mainAction(for: .character("k")) == .moveSlotCursor(-1))
        #expect(KeyMap.mainAction(for: .character("e")) == .loadHighlightedSlot)
        #expect(KeyMap.mainAction(for: .character("l")) == .loadHighlightedSlot)
        #expect(KeyMap.mainAction(for: .character("x")) == .ejectHighlightedSlot)
        #expect(KeyMap.mainAction(for: .delete) == .ejectHighlightedSlot)
        #expect(KeyMap.mainAction(for: .character("M")) == .openMagazines)
        #expect(KeyMap.mainAction(for: .character("p")) == .playHighlightedSlot)
        #expect(KeyMap.mainAction(for: .control("l")) == .repaint)
        #expect(KeyMap.mainAction(for: .tab) == .showMagazine(1))
        #expect(KeyMap.mainAction(for: .backTab) == .showMagazine(-1))
        #expect(KeyMap.mainAction(for: .character("t")) == .openTrackList)
        #expect(KeyMap.mainAction(for: .character("g")) == .openGoTo)
        #expect(KeyMap.mainAction(for: .character("u")) == .undo)
        #expect(KeyMap.mainAction(for: .home) == .slotCursorToFirst)
        #expect(KeyMap.mainAction(for: .end) == .slotCursorToLast)
        #expect(KeyMap.mainAction(for: .character("w")) == nil)
        #expect(KeyMap.mainAction(for: .character("٣")) == nil)  // a non-ASCII digit plays nothing
    }

    @Test func whileThePromptHasFocusKeysTypeText() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        harness.type("q 3 m r z s +-,. ")
        #expect(harness.host.performed.isEmpty)
        #expect(harness.controller.ui.prompt.field.text == "q 3 m r z s +-,. ")
        #expect(harness.controller.ui.prompt.isFocused)
    }

    @Test func upAndDownAreHistoryInThePromptButDiscsOutsideIt() {
        let harness = DashboardHarness()
        harness.host.replies["next track"] = PromptReply(text: "Next track.", kind: .done)
        harness.press(.character("/"))
        harness.type("next track")
        harness.press(.enter)
        harness.press(.down)
        #expect(harness.host.performed == [.nextDisc])
        harness.press(.character("/"), .up)
        #expect(harness.controller.ui.prompt.field.text == "next track")
        #expect(harness.host.performed == [.nextDisc])
    }

    @Test(arguments: [
        (UInt32(10), Key.enter), (13, .enter), (9, .tab), (27, .escape), (127, .backspace), (8, .backspace),
        (1, .control("a")), (21, .control("u")), (0x41, .character("A")), (0x6771, .character("東")),
    ])
    func terminalCodesBecomeKeys(code: UInt32, key: Key) {
        #expect(Key(code: code) == key)
    }
}
