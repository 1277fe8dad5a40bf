import Testing
@testable import Dashboard

/// Creating, renaming, deleting, reordering and selecting magazines from the `M` menu.
@Suite struct MagazineEditorTests {
    func editor(_ harness: DashboardHarness) -> MagazineEditorState? {
        guard case .magazines(let editor) = harness.controller.ui.overlay else { return nil }
        return editor
    }

    @Test func opensOnTheCurrentMagazine() {
        let harness = DashboardHarness()
        harness.host.currentMagazine = 1
        harness.press(.character("M"))
        #expect(editor(harness)?.selection == 1)
        let lines = harness.lines
        #expect(lines.contains { $0.contains("Magazines") })
        #expect(lines.contains { $0.contains("▸ 2  Sunday Morning") && $0.contains("2 of 6 loaded") })
        #expect(lines.contains { $0.contains("3  Workout") && $0.contains("0 of 12 loaded") })
    }

    @Test func createsANamedMagazine() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .character("n"))
        #expect(harness.lines.contains { $0.contains("New name:") })
        harness.type("Night Shift")
        harness.press(.enter)
        #expect(harness.host.magazines.map(\.name) == ["Road Trip", "Sunday Morning", "Workout", "Night Shift"])
        #expect(editor(harness)?.selection == 3)
        #expect(editor(harness)?.step == .list)
        #expect(harness.lines.contains { $0.contains("Created Night Shift.") })
    }

    @Test func anEmptyNameAsksTheHostForADefaultName() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .character("n"), .enter)
        #expect(harness.host.magazines.last?.name == "Magazine 4")
    }

    @Test func aRefusedNameKeepsTheFieldOpenWithTheReason() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .character("n"))
        harness.type("Workout")
        harness.press(.enter)
        #expect(harness.host.magazines.count == 3)
        guard case .naming = editor(harness)?.step else { Issue.record("the name field closed"); return }
        #expect(harness.lines.contains { $0.contains("There is already a magazine called Workout.") })
    }

    @Test func renamesTheHighlightedMagazineStartingFromItsName() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .down, .character("r"))
        #expect(harness.lines.contains { $0.contains("Rename to: Sunday Morning") })
        harness.press(.control("u"))
        harness.type("Lazy Sunday")
        harness.press(.enter)
        #expect(harness.host.magazines[1].name == "Lazy Sunday")
        #expect(harness.lines.contains { $0.contains("Lazy Sunday") && $0.contains("of 6 loaded") })
    }

    @Test func renamingToNothingIsRefusedBeforeTheHost() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .character("r"), .control("u"), .enter)
        #expect(harness.host.magazines[0].name == "Road Trip")
        #expect(harness.lines.contains { $0.contains("A magazine needs a name.") })
    }

    @Test func deletesOnlyAfterYes() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .down, .down, .character("d"))
        #expect(harness.lines.contains { $0.contains("Delete Workout? y deletes, n keeps it") })
        harness.press(.character("n"))
        #expect(harness.host.magazines.count == 3)
        harness.press(.delete, .character("y"))
        #expect(harness.host.magazines.map(\.name) == ["Road Trip", "Sunday Morning"])
        #expect(editor(harness)?.selection == 1)
        #expect(harness.lines.contains { $0.contains("Deleted Workout.") })
    }

    @Test func reordersWithShiftedJAndK() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .character("J"))
        #expect(harness.host.magazines.map(\.name) == ["Sunday Morning", "Road Trip", "Workout"])
        #expect(editor(harness)?.selection == 1)
        harness.press(.character("J"), .character("J"))
        #expect(harness.host.magazines.map(\.name) == ["Sunday Morning", "Workout", "Road Trip"])
        harness.press(.shiftUp)
        #expect(harness.host.magazines.map(\.name) == ["Sunday Morning", "Road Trip", "Workout"])
        #expect(harness.host.current.name == "Road Trip")
        // The rack on the dashboard shows the new order.
        harness.press(.escape)
        let lines = harness.lines
        let sunday = lines.firstIndex { $0.contains("Sunday Morning 2") }!
        let road = lines.firstIndex { $0.contains("▸ Road Trip") }!
        #expect(sunday < road)
    }

    @Test func spaceShowsTheHighlightedMagazineInTheSlots() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .down, .character(" "))
        #expect(harness.host.currentMagazine == 1)
        #expect(harness.controller.ui.overlay == nil)
        let lines = harness.lines
        #expect(lines.contains { $0.contains("SLOTS · Sunday Morning") })
        #expect(lines.contains { $0.contains("1 ●  Quiet Harbour") })
    }

    @Test("deleting asks the host's question, which says when the magazine plays")
    func deletingAsksTheHostsQuestion() {
        let harness = DashboardHarness()
        let roadTrip = harness.host.magazines[0].id
        harness.host.questions[.deleteMagazine(roadTrip)] = "Delete Road Trip? It is playing; the music will stop."
        harness.press(.character("M"), .character("d"))
        #expect(harness.lines.contains { $0.contains("Delete Road Trip? It is playing; the music will stop.") })
        harness.press(.character("y"))
        #expect(harness.host.edits == [.deleteMagazine(roadTrip)])
    }

    @Test func escClosesTheMenu() {
        let harness = DashboardHarness()
        harness.press(.character("M"), .escape)
        #expect(harness.controller.ui.overlay == nil)
    }

    // MARK: The menu's key handler on its own

    @Test func theMenuHandlerIgnoresKeysThatMeanNothingThere() {
        let host = FakeHost()
        let menu = MagazineEditorState(selection: 1)
        #expect(MagazineEditorController(host: host).handle(.character("z"), in: menu) == .ignored)
        #expect(MagazineEditorController(host: host).handle(.left, in: menu) == .ignored)
    }

    @Test func theMenuHandlerRepliesWithTheNextMenuAndWhatToSay() {
        let host = FakeHost()
        let handler = MagazineEditorController(host: host)
        var menu = MagazineEditorState(selection: 0)
        #expect(handler.handle(.down, in: menu) == .handled(menu: MagazineEditorState(selection: 1), response: nil))
        menu.selection = 1
        let moved = handler.handle(.character("J"), in: menu)
        #expect(moved == .handled(menu: MagazineEditorState(selection: 2, status: "Moved Sunday Morning to position 3."), response: nil))
        #expect(host.magazines.map(\.name) == ["Road Trip", "Workout", "Sunday Morning"])
        #expect(handler.handle(.character(" "), in: MagazineEditorState(selection: 1)) == .handled(menu: nil, response: "Showing Workout."))
        #expect(host.currentMagazine == 1)
        #expect(handler.handle(.enter, in: MagazineEditorState(selection: 2)) == .handled(menu: nil, response: "Playing Sunday Morning: disc 1."))
        #expect(host.performed == [.playMagazine(host.magazines[2].id, name: "Sunday Morning")])
        let confirming = MagazineEditorState(selection: 0, step: .confirmingDelete(id: host.magazines[0].id, question: "Delete Road Trip?"))
        #expect(handler.handle(.character("y"), in: confirming) == .handled(menu: MagazineEditorState(selection: 0, status: "Deleted Road Trip."), response: "Deleted Road Trip."))
        #expect(handler.handle(.escape, in: MagazineEditorState(selection: 0)) == .handled(menu: nil, response: nil))
    }
}
