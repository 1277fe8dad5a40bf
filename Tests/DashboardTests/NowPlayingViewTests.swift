import Testing
@testable import Dashboard

/// Now playing: big digits for disc and track, title, artist, times, progress bar, play/pause sign.
@Suite struct NowPlayingViewTests {
    @Test func compactDigitsDrawEachFigure() {
        #expect(BigDigits.render("0", size: .compact, glyphs: .unicode) == ["█▀█", "█ █", "▀▀▀"])
        #expect(BigDigits.render("1", size: .compact, glyphs: .unicode) == ["▄█ ", " █ ", "▀▀▀"])
        #expect(BigDigits.render("3", size: .compact, glyphs: .unicode) == ["▀▀█", "▀▀█", "▀▀▀"])
        #expect(BigDigits.render("7", size: .compact, glyphs: .unicode) == ["▀▀█", "  █", "  ▀"])
        #expect(BigDigits.render("-", size: .compact, glyphs: .unicode) == ["   ", "▀▀▀", "   "])
        #expect(BigDigits.render("10", size: .compact, glyphs: .unicode) == ["▄█  █▀█", " █  █ █", "▀▀▀ ▀▀▀"])
    }

    @Test func tallDigitsDrawEveryPixelTwoColumnsWide() {
        #expect(BigDigits.render("4", size: .tall, glyphs: .unicode) == ["██  ██", "██  ██", "██████", "    ██", "    ██"])
        #expect(BigDigits.render("8", size: .tall, glyphs: .ascii) == ["######", "##  ##", "######", "##  ##", "######"])
    }

    @Test func hugeDigitsAreSevenRowsOfARounderFont() {
        #expect(BigDigits.render("2", size: .huge, glyphs: .unicode) == [
            "  ██████  ", "██      ██", "        ██", "      ██  ", "    ██    ", "  ██      ", "██████████",
        ])
        #expect(BigDigits.width(of: 2, size: .huge) == 22)
    }

    @Test func largeTerminalsShowHugeDigits() throws {
        let frame = DashboardHarness(host: Self.playingHost(), width: 120, height: 40).frame()
        let text = frame.lines
        let disc = BigDigits.render("03", size: .huge, glyphs: .unicode)
        let track = BigDigits.render("07", size: .huge, glyphs: .unicode)
        let labels = try #require(text.firstIndex { $0.hasPrefix(" DISC") })
        for row in 0..<7 { #expect(text[labels + 1 + row].hasPrefix(" " + disc[row] + "     " + track[row])) }
        #expect(text[labels + 2].contains("Blue Hour Song 7"))
    }

    @Test func everyDigitIsDistinct() {
        for size in [BigDigits.Size.compact, .tall, .huge] {
            let figures = (0...9).map { BigDigits.render("\($0)", size: size, glyphs: .unicode) }
            #expect(Set(figures.map { $0.joined(separator: "\n") }).count == 10)
        }
    }

    static func playingHost() -> FakeHost {
        let host = FakeHost()
        host.playing = (3, 7)
        host.transport = .playing
        host.elapsed = 83
        return host
    }

    @Test func showsDiscAndTrackInBigDigitsWithTheTrackDetails() throws {
        let frame = DashboardHarness(host: Self.playingHost()).frame()
        let text = frame.lines
        let disc = BigDigits.render("03", size: .tall, glyphs: .unicode)
        let track = BigDigits.render("07", size: .tall, glyphs: .unicode)
        let labels = try #require(text.firstIndex { $0.contains("DISC") && $0.contains("TRACK") })
        for row in 0..<5 {
            #expect(text[labels + 1 + row].hasPrefix(" " + disc[row] + "   " + track[row]))
        }
        #expect(text[labels + 1].contains("Blue Hour Song 7"))
        #expect(text[labels + 2].contains("Aurora Lane"))
        #expect(text[labels + 3].contains("Blue Hour"))
        #expect(text[labels + 4].contains("Track 7 of 11"))
        #expect(frame.role(of: "Blue Hour Song 7") == .trackTitle)
    }

    @Test func showsElapsedAndTotalTimeWithAProgressBar() throws {
        let frame = DashboardHarness(host: Self.playingHost()).frame()
        let row = try #require(frame.lines.firstIndex { $0.contains("1:23") })
        let line = frame.lines[row]
        #expect(line.hasPrefix(" ▶  1:23 ━"))
        #expect(line.hasSuffix("4:05 "))
        let done = line.filter { $0 == "━" }.count
        let left = line.filter { $0 == "─" }.count
        // 83 s of 245 s: about a third of the bar.
        #expect(done == NowPlayingView.filledColumns(elapsed: 83, duration: 245, width: done + left))
        #expect(Double(done) / Double(done + left) > 0.30 && Double(done) / Double(done + left) < 0.35)
    }

    @Test func compactLayoutKeepsDigitsTimesAndBar() {
        let frame = DashboardHarness(host: Self.playingHost(), width: 40, height: 12).frame()
        let text = frame.lines
        let disc = BigDigits.render("03", size: .compact, glyphs: .unicode)
        let track = BigDigits.render("07", size: .compact, glyphs: .unicode)
        for row in 0..<3 { #expect(text[2 + row].hasPrefix(" " + disc[row] + "  " + track[row])) }
        #expect(text[2].contains("Blue Hour Song 7"))
        #expect(text[3].contains("Aurora Lane"))
        #expect(text[4].contains("▶ 1:23 / 4:05"))
        #expect(text[5].hasPrefix(" DISC     TRACK    ━"))
    }

    @Test(arguments: [
        (DashboardSnapshot.Transport.playing, "▶"), (.paused, "▮▮"),
    ])
    func theSignFollowsTheTransport(transport: DashboardSnapshot.Transport, sign: String) {
        let host = Self.playingHost()
        host.transport = transport
        let frame = DashboardHarness(host: host).frame()
        #expect(frame.lines.contains { $0.hasPrefix(" \(sign)") && $0.contains("1:23") })
        #expect(frame.role(of: sign) == .transportSign)
    }

    @Test func withNothingPlayingItSaysSoAndShowsDashes() {
        let frame = DashboardHarness().frame()
        #expect(frame.lines.contains { $0.contains("No disc playing") })
        #expect(frame.lines.contains { $0.hasPrefix(" ■  0:00 ─") })
        let dash = BigDigits.render("--", size: .tall, glyphs: .unicode)
        #expect(frame.lines.contains { $0.hasPrefix(" " + dash[2]) })
    }

    @Test(arguments: [(0.0, "0:00"), (59.9, "0:59"), (61, "1:01"), (3600 + 62, "1:01:02"), (-5, "0:00"), (.nan, "0:00")])
    func timesReadAsMinutesAndSeconds(seconds: Double, text: String) {
        #expect(ViewModel.time(seconds) == text)
    }

    @Test func theBarIsEmptyWithoutALengthAndFullAtTheEnd() {
        #expect(NowPlayingView.filledColumns(elapsed: 10, duration: 0, width: 40) == 0)
        #expect(NowPlayingView.filledColumns(elapsed: 300, duration: 245, width: 40) == 40)
        #expect(NowPlayingView.filledColumns(elapsed: 122.5, duration: 245, width: 40) == 20)
    }
}
