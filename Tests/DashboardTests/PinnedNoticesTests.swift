import Foundation
import Testing
import TestSupport
import TmuxDriver
@testable import Dashboard

/// Notices about how the player started (a state file moved aside, an empty music folder, no
/// session bus) stay in a box until Esc dismisses them, whatever else happens; long paths in them
/// are shortened in the middle. On a fake host, and end to end on the real binary in tmux.
@Suite struct PinnedNoticesTests {
    static let movedAside = "The state file could not be used because it is damaged (not valid JSON). It was moved to /home/ann/.local/state/cdchanger/state.json.unreadable-20261201-093012; starting with a fresh rack."
    static let noBus = "No D-Bus session bus: media keys and MPRIS are off."

    static func harness(width: Int = 80, height: Int = 24, notices: [String]) -> DashboardHarness {
        let host = FakeHost()
        host.pinnedNotices = notices.enumerated().map { .init(id: $0.offset + 1, text: $0.element) }
        return DashboardHarness(host: host, width: width, height: height)
    }

    /// The box's rows (between its frame lines), as text without the frame.
    static func boxText(_ harness: DashboardHarness) -> String {
        harness.lines.filter { $0.contains("│") }.map { $0.replacingOccurrences(of: "│", with: " ") }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
    }

    /// Whether the notice shows whole: on the notice line, or in the box.
    static func showsWhole(_ notice: String, _ harness: DashboardHarness) -> Bool {
        harness.lines.contains { $0.contains(notice) } || boxText(harness).contains(notice)
    }

    @Test(arguments: [(80, 24), (120, 40), (40, 12)])
    func everyNoticeShowsWholeAndStaysUntilDismissed(width: Int, height: Int) {
        let harness = Self.harness(width: width, height: height, notices: [Self.noBus])
        #expect(Self.showsWhole(Self.noBus, harness), "\(harness.screenText)")
        if width >= 80 {
            // A notice that fits the notice line stays there, saying how to dismiss it.
            #expect(harness.lines[height - 3].contains(Self.noBus) && harness.lines[height - 3].hasSuffix("Esc dismisses "))
        } else {
            #expect(harness.screenText.contains("Notice · Esc to dismiss"))
        }
        // Keys, a response, another notice and a long time don't take it away.
        harness.press(.character("1"))
        harness.clock.advance(1)
        harness.host.notice = "Skipped 04.mp3: not an MP3 file."
        #expect(harness.screenText.contains("Skipped 04.mp3"), "a fresher notice takes the line while it lasts")
        harness.clock.advance(3600)
        harness.press(.character("m"))
        #expect(Self.showsWhole(Self.noBus, harness), "\(harness.screenText)")
        #expect(harness.press(.escape) == .handled)
        #expect(!harness.screenText.contains("Esc"))
        #expect(!harness.screenText.contains("media keys and MPRIS are off"))
        #expect(harness.press(.escape) == .ignored, "nothing left to dismiss")
    }

    @Test func aLongPathIsShortenedInTheMiddleKeepingItsFileName() {
        let harness = Self.harness(notices: [Self.movedAside])
        let text = harness.screenText
        #expect(text.contains("state.json.unreadable-20261201-093012;"), "\(text)")
        #expect(text.contains("/home/"))
        #expect(text.contains("…"))
        #expect(text.contains("starting with a fresh rack."))
        #expect(harness.lines.allSatisfy { DisplayWidth.of($0) == 80 })
    }

    @Test func severalNoticesShowTogetherOrOneAfterAnother() {
        let roomy = Self.harness(notices: [Self.movedAside, Self.noBus])
        #expect(roomy.screenText.contains("2 notices · Esc to dismiss"))
        #expect(Self.boxText(roomy).contains(Self.noBus))
        roomy.press(.escape)
        #expect(!roomy.screenText.contains("notices"))

        let compact = Self.harness(width: 40, height: 12, notices: [Self.movedAside, Self.noBus, "Can't read the folder /music/locked: Permission denied."])
        #expect(compact.screenText.contains("Notices 1–1 of 3 · Esc for more"), "\(compact.screenText)")
        #expect(compact.screenText.contains("fresh rack"))
        compact.press(.escape)
        #expect(!compact.screenText.contains("fresh rack"))
        #expect(Self.boxText(compact).contains("media keys and MPRIS are off"))
        compact.press(.escape)
        compact.press(.escape)
        #expect(!compact.screenText.contains("Esc"))
    }

    @Test func thePromptsOwnBoxGoesFirstAndTheNoticesComeBack() {
        let harness = Self.harness(notices: [Self.movedAside])
        harness.press(.character("/"))
        harness.type("sing")
        harness.press(.enter)
        #expect(harness.screenText.contains("Try saying"))
        #expect(!harness.screenText.contains("Esc to dismiss"))
        harness.press(.escape)
        #expect(harness.screenText.contains("Esc to dismiss"))
    }

    @Test func aNoticeOnTheNoticeLineShortensItsPathInTheMiddle() {
        let harness = Self.harness(notices: [])
        harness.host.notice = "Skipped /home/ann/Music/Some Very Long Artist Name/Some Even Longer Album Title/07 The Track.mp3: not an MP3 file."
        let row = harness.lines[21]
        #expect(row.contains("07 The Track.mp3: not an MP3 file."), "\(row)")
        #expect(row.contains("Skipped /home"))
        #expect(row.contains("…"))
    }

    @Test("words are shortened in the middle to the width, keeping most of their end", arguments: [5, 12, 30])
    func shortenedInMiddle(width: Int) {
        let word = "/home/ann/.local/state/cdchanger/state.json.unreadable-20261201"
        let short = NoticeText.shortenedInMiddle(word, to: width)
        #expect(DisplayWidth.of(short) <= width)
        #expect(short.contains("…"))
        #expect(short.hasPrefix("/"))
        #expect(short.hasSuffix("1"))
        #expect(DisplayWidth.of(NoticeText.shortenedInMiddle("東京/大阪/名古屋/札幌/福岡", to: 9)) <= 9)
    }
}

extension OnTheRealPlayer {
    /// The real binary in tmux: what a damaged state file and an empty music folder say at start.
    @Suite
    struct PinnedNoticesEndToEndTests {
        /// The screen's words in order, without the box's sides, so wrapped text reads as one line.
        static func prose(_ screen: [String]) -> String {
            screen.joined(separator: " ").replacingOccurrences(of: "│", with: " ").split(separator: " ").joined(separator: " ")
        }

        @Test(arguments: [false, true])
        func aDamagedStateFileIsReportedWithOrWithoutASessionBus(withBus: Bool) throws {
            let player = try DashboardPlayer(bus: withBus)
            try Data("{\"version\": 1, \"rack\": broken".utf8).write(to: player.state.url.appendingPathComponent("state.json"))
            let session = try player.open(keepingNotices: true)
            let moved = try FileManager.default.contentsOfDirectory(atPath: player.state.path).first { $0.hasPrefix("state.json.unreadable-") }
            let name = try #require(moved)
            let screen = try session.wait(for: name)
            let text = screen.joined(separator: "\n")
            #expect(text.contains("The state file could not be used"))
            #expect(text.contains("…"), "the long path is shortened in the middle:\n\(text)")
            if !withBus {
                try session.wait(for: "media keys and MPRIS are off")
                try session.wait(for: "2 notices · Esc to dismiss")
            } else {
                try session.wait(for: "Notice · Esc to dismiss")
            }
            // It stays while the player plays and answers.
            try session.send("1")
            try session.wait(for: "Playing disc 1")
            try session.send("m")
            try session.wait(for: "Muted.")
            #expect(try session.screen().contains { $0.contains(name) })
            try session.send("Escape")
            try session.wait(timeout: 3, for: "the notices to go") { !$0.contains { $0.contains(name) || $0.contains("Esc to dismiss") } }
        }

        @Test func anEmptyMusicFolderSaysSo() throws {
            let empty = TemporaryFolder("cdc-empty-music")
            let player = try DashboardPlayer(library: empty.path)
            let session = try player.open(keepingNotices: true)
            let text = Self.prose(try session.wait(for: "the empty folder's notice") { Self.prose($0).contains("or start with --library DIR.") })
            #expect(text.contains("No albums in \(empty.path). Put folders of .mp3, .flac, .ogg or .opus files there, or start with --library DIR."), "\(text)")
            let listing = try player.run("library")
            #expect(listing.output.contains("No albums in "))
            #expect(listing.output.contains("Put folders of .mp3, .flac, .ogg or .opus files there, or start with --library DIR."))
        }

        @Test func theDemoLibraryAsAFallbackSaysWhy() throws {
            let player = try DashboardPlayer()
            // No --library, and a home folder without ~/Music: the demo library plays, and says why.
            let session = try TmuxSession(
                [ProjectPaths.binary, "--state-dir", player.state.path, "--output", "null"], width: 80, height: 24,
                environment: player.environment.merging(["CDCHANGER_DEMO_LIBRARY": ProjectPaths.demoLibrary.path]) { _, new in new }
            )
            let text = Self.prose(try session.wait(for: "plays its demo library"))
            #expect(text.contains("No albums in ~/Music, so CD Changer plays its demo library. Put folders of .mp3, .flac, .ogg or .opus files in ~/Music, or start with --library DIR."), "\(text)")
            #expect(text.contains("Coastal Morning"))
            var environment = player.environment
            environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            environment["CDCHANGER_DEMO_LIBRARY"] = ProjectPaths.demoLibrary.path
            let listing = try runProcess(ProjectPaths.binary, ["--state-dir", player.state.path, "library"], environment: environment)
            #expect(listing.output.contains("(the demo library)\nNo albums in ~/Music, so CD Changer plays its demo library."), "\(listing.output)")
        }
    }
}
