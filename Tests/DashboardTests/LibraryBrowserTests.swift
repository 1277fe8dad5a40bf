import Foundation
import Testing
import TmuxDriver
@testable import Dashboard

/// Loading an album into the highlighted slot from the searchable library browser.
@Suite struct LibraryBrowserTests {
    static func harness() -> DashboardHarness {
        let host = FakeHost()
        host.library.append(AlbumChoice(id: "album-accents", title: "Café Society", artist: "Zoë Ölund", trackCount: 1))
        host.magazines[0].slots[3] = nil
        return DashboardHarness(host: host)
    }

    func openBrowser(_ harness: DashboardHarness) throws -> LibraryBrowserState {
        guard case .browser(let browser) = harness.controller.ui.overlay else { throw BrowserClosed() }
        return browser
    }

    struct BrowserClosed: Error {}

    @Test func opensOnTheHighlightedSlotWithEveryAlbum() throws {
        let harness = Self.harness()
        harness.press(.home, .character("j"), .character("j"), .character("j"), .character("e"))
        let browser = try openBrowser(harness)
        #expect(browser.slot == 4)
        #expect(browser.magazine == harness.host.magazines[0].id)
        let frame = harness.frame()
        #expect(frame.lines.contains { $0.contains("Load into slot 4 of Road Trip") })
        #expect(frame.lines.contains { $0.contains("Night Drive · The Midnight Band") && $0.contains("9 tracks") })
        #expect(frame.lines.contains { $0.contains("9 of 9 albums") })
        #expect(frame.cursor != nil)
    }

    @Test func typingFiltersByTitleAndArtistIgnoringCaseAndAccents() throws {
        let harness = Self.harness()
        harness.press(.character("l"))
        harness.type("zoe CAFE")
        var browser = try openBrowser(harness)
        #expect(browser.matches.map { browser.albums[$0].id } == ["album-accents"])
        harness.press(.control("u"))
        harness.type("the")
        browser = try openBrowser(harness)
        #expect(browser.matches.map { browser.albums[$0].title } == ["Night Drive", "Paper Planes"])
        let frame = harness.frame()
        #expect(frame.lines.contains { $0.contains("2 of 9 albums") })
        #expect(!frame.lines.contains { $0.contains("Blue Hour ·") })
        harness.type("xyz")
        #expect(harness.lines.contains { $0.contains("No album matches “thexyz”.") })
    }

    @Test func enterLoadsTheChosenAlbumIntoTheSlot() throws {
        let harness = Self.harness()
        harness.press(.home, .character("j"), .character("j"), .character("j"), .character("e"))
        harness.type("paper")
        harness.press(.enter)
        #expect(harness.host.magazines[0].slots[3] == "album-4")
        #expect(harness.controller.ui.overlay == nil)
        let lines = harness.lines
        #expect(lines.contains { $0.contains("Loaded Paper Planes into slot 4.") })
        #expect(lines.contains { $0.contains("4 ●  Paper Planes") })
    }

    @Test func arrowsChooseAndTheSelectionIsLoaded() throws {
        let harness = Self.harness()
        harness.press(.character("e"), .down, .down, .up, .down, .enter)
        #expect(harness.host.magazines[0].slots[0] == "album-3")
    }

    @Test func escCancelsWithoutLoading() throws {
        let harness = Self.harness()
        let before = harness.host.magazines[0].slots
        harness.press(.character("e"), .down, .escape)
        #expect(harness.controller.ui.overlay == nil)
        #expect(harness.host.magazines[0].slots == before)
    }

    @Test func aFailedLoadKeepsTheBrowserOpenAndSaysWhy() throws {
        let harness = Self.harness()
        harness.press(.character("e"))
        harness.host.magazines[0].slots = []  // the slot vanished under the browser
        harness.press(.enter)
        let browser = try openBrowser(harness)
        #expect(browser.status == "No such slot.")
        #expect(harness.lines.contains { $0.contains("No such slot.") })
    }

    @Test func anEmptyLibrarySaysSo() {
        let harness = Self.harness()
        harness.host.library = []
        harness.press(.character("e"), .enter)
        #expect(harness.lines.contains { $0.contains("The library has no albums.") })
    }

    @Test("each album shows where it is loaded, its tracks and its length; the search finds folder names")
    func loadedPlacesAndLengths() throws {
        let host = FakeHost()
        host.library = [
            AlbumChoice(id: "a", title: "Night Drive", artist: "Cassette Radio", trackCount: 4, duration: 66, folder: "Cassette Radio - Night Drive", locations: ["Road Trip 1", "Workout 3"]),
            AlbumChoice(id: "b", title: "Odds and Ends", artist: "Various", trackCount: 1, duration: 3725, folder: "Mixtape 2003"),
        ]
        let harness = DashboardHarness(host: host)
        harness.press(.character("e"))
        let lines = harness.lines
        #expect(lines.contains { $0.contains("Night Drive · Cassette Radio") && $0.contains("● Road Trip 1 +1  4 tracks  1:06") })
        #expect(lines.contains { $0.contains("Odds and Ends · Various") && $0.contains("1 track  1:02:05") && !$0.contains("●") })
        harness.type("mixtape")
        let browser = try openBrowser(harness)
        #expect(browser.matches.map { browser.albums[$0].id } == ["b"])
    }
}

extension OnTheRealPlayer {
    /// The browser on the real player.
    @Suite
    struct LibraryBrowserOnThePlayer {
        @Test("on the real player, the browser marks the albums already loaded and where")
        func loadedPlacesOnTheRealPlayer() throws {
            let player = try DashboardPlayer()
            try player.run("magazine", "eject", "Magazine One", "3")
            let session = try player.open()
            try session.send("e")
            try session.wait(for: "Load into slot 1 of Magazine One")
            // The count under the list is drawn after its rows (tmux can be read mid-frame).
            let screen = try session.wait(for: "8 of 8 albums")
            #expect(screen.contains { $0.contains("Coastal Morning · Amber Lane") && $0.contains("● Magazine One 1  4 tracks  1:10") })
            #expect(screen.contains { $0.contains("Night Drive · Cassette Radio") && $0.contains("4 tracks  1:06") && !$0.contains("●") })
        }
    }
}
