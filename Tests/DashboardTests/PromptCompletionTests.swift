import Foundation
import Testing
import TestSupport
import TmuxDriver
@testable import Dashboard

/// Tab in the prompt bar completes magazine and album names from the words before the cursor;
/// Tab again offers the next name, Shift-Tab the one before; any other key keeps the name.
@Suite struct PromptCompletionTests {
    static let names = ["Road Trip", "Road Trip Classics", "Sunday Morning", "Café Society", "Night Drive", "Road Trip"]

    static func completed(_ text: String, cursorBack: Int = 0) -> PromptCompletion? {
        var field = TextField(text)
        for _ in 0..<cursorBack { field.moveLeft() }
        return PromptCompletion(field: field, names: names)
    }

    @Test("the longest run of words that starts a name is completed", arguments: [
        ("play ro", ["Road Trip", "Road Trip Classics"], "play Road Trip"),
        ("play road trip c", ["Road Trip Classics"], "play Road Trip Classics"),
        ("play the SUN", ["Sunday Morning"], "play the Sunday Morning"),
        ("play cafe", ["Café Society"], "play Café Society"),
        ("night", ["Night Drive"], "Night Drive"),
    ])
    func completes(typed: String, candidates: [String], result: String) throws {
        let completion = try #require(Self.completed(typed))
        #expect(completion.candidates == candidates)
        #expect(completion.field.text == result)
        #expect(completion.field.cursor == result.count)
    }

    @Test func nothingFitsGivesNoCompletion() {
        #expect(Self.completed("play zz") == nil)
        #expect(PromptCompletion(field: TextField("play "), names: []) == nil)
    }

    @Test func afterASpaceEveryNameIsOfferedOnceInOrder() throws {
        let completion = try #require(Self.completed("play "))
        #expect(completion.candidates == ["Road Trip", "Road Trip Classics", "Sunday Morning", "Café Society", "Night Drive"])
    }

    @Test func theTextAfterTheCursorStays() throws {
        let completion = try #require(Self.completed("play sun disc 3", cursorBack: 7))
        #expect(completion.field.text == "play Sunday Morning disc 3")
        #expect(completion.field.cursor == "play Sunday Morning".count)
    }

    @Test func tabStepsThroughTheNamesAndShiftTabBack() {
        let host = FakeHost()
        host.magazines.append(FakeHost.Magazine(name: "Road Trip Classics", slots: [nil]))
        let harness = DashboardHarness(host: host)
        harness.press(.character("/"))
        harness.type("play ro")
        harness.press(.tab)
        #expect(harness.controller.ui.prompt.field.text == "play Road Trip")
        #expect(Self.boxRoles(harness) == [.overlaySelected, .overlay])
        harness.press(.tab)
        #expect(harness.controller.ui.prompt.field.text == "play Road Trip Classics")
        #expect(Self.boxRoles(harness) == [.overlay, .overlaySelected])
        harness.press(.tab)
        #expect(harness.controller.ui.prompt.field.text == "play Road Trip")
        harness.press(.backTab)
        #expect(harness.controller.ui.prompt.field.text == "play Road Trip Classics")
        harness.type(" disc 2")
        #expect(harness.controller.ui.prompt.field.text == "play Road Trip Classics disc 2")
        #expect(!harness.lines.contains { $0.contains("Tab next") })
        #expect(harness.host.performed.isEmpty)
    }

    /// The role of each name in the box under its "Tab next" title.
    static func boxRoles(_ harness: DashboardHarness) -> [Role] {
        let frame = harness.frame()
        guard let title = frame.lines.firstIndex(where: { $0.contains("Tab next · Shift-Tab back") }) else { return [] }
        return (title + 1..<frame.height).prefix { !frame.lines[$0].contains("└") }.map { row in
            let x = frame.lines[row].firstIndex(of: "R").map { frame.lines[row].distance(from: frame.lines[row].startIndex, to: $0) } ?? 0
            return frame.role(x: x, y: row)
        }
    }

    @Test func albumTitlesCompleteToo() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        harness.type("load paper")
        harness.press(.tab)
        #expect(harness.controller.ui.prompt.field.text == "load Paper Planes")
    }

    @Test func withNothingToCompleteTheResponseSaysSo() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        harness.type("play xyz")
        harness.press(.tab)
        #expect(harness.controller.ui.prompt.field.text == "play xyz")
        #expect(harness.lines.contains { $0.contains("No magazine or album name starts with \u{201C}xyz\u{201D}.") })
    }

    @Test func theListScrollsToTheHighlightedName() {
        let host = FakeHost(albumCount: 8)
        host.library = (1...30).map { AlbumChoice(id: "a\($0)", title: "Song Book \($0)", artist: "X", trackCount: 1) }
        let harness = DashboardHarness(host: host, width: 80, height: 24)
        harness.press(.character("/"))
        harness.type("song")
        for _ in 0..<26 { harness.press(.tab) }
        #expect(harness.controller.ui.prompt.field.text == "Song Book 26")
        #expect(harness.frame().role(of: "Song Book 26") == .overlaySelected)
    }
}

extension OnTheRealPlayer {
    /// Tab completion on the real binary: a magazine made on the command line completes in the bar.
    @Suite
    struct PromptCompletionEndToEndTests {
        @Test func aMagazineAndAnAlbumNameComplete() throws {
            let player = try DashboardPlayer()
            try player.run("magazine", "create", "Road Trip")
            let session = try player.open()
            try session.send("/")
            try session.type("play ro")
            try session.send("Tab")
            try session.wait(for: "▸ play Road Trip")
            try session.send("Enter")
            try session.wait(for: "Road Trip has no disc to play.")
            try session.send("/")
            try session.type("harb")
            try session.send("Tab")
            try session.wait(for: "▸ Harbour Lights")
        }
    }
}
