import Testing
@testable import Dashboard

/// East Asian wide characters and emoji in titles keep every column in place.
@Suite struct WideCharacterTests {
    static func host() -> FakeHost {
        let host = FakeHost()
        host.library += [
            AlbumChoice(id: "tokyo", title: "東京の夜", artist: "坂本さくら", trackCount: 3),
            AlbumChoice(id: "emoji", title: "Café 🎸 Nights", artist: "Zoë 🎹", trackCount: 2),
            AlbumChoice(id: "long", title: "夜明けのハイウェイを走り抜けるための長い長いアルバムの題名", artist: "長い名前のアーティスト", trackCount: 2),
        ]
        host.magazines[0].slots = ["album-1", "tokyo", "emoji", "long", "album-2", nil]
        host.playing = (4, 1)
        host.transport = .playing
        return host
    }

    @Test(arguments: [(80, 24), (120, 40), (40, 12), (57, 17), (101, 30)])
    func everyRowIsExactlyTheScreenWide(width: Int, height: Int) {
        let frame = DashboardHarness(host: Self.host(), width: width, height: height).frame()
        for line in frame.lines { #expect(DisplayWidth.of(line) == width, "\(line)") }
    }

    @Test func artistsLineUpInOneColumn() {
        let frame = DashboardHarness(host: Self.host()).frame()
        let slots = Layout(width: 80, height: 24).slots
        var columns: [Int] = []
        for artist in ["The Midnight Band", "坂本さくら", "Zoë 🎹", "長い名前", "Sea Lions"] {
            let rows = (slots.y..<slots.maxY).compactMap { row in frame.column(of: artist, row: row).map { ScreenBuffer.Point(x: $0, y: row) } }
            guard let point = rows.first else {
                Issue.record("\(artist) not on screen")
                continue
            }
            columns.append(point.x)
        }
        #expect(Set(columns).count == 1, "artists start at columns \(columns)")
    }

    @Test func theFrameEndsEveryRowAtTheRightBorder() {
        // The vertical rule of the rack is at the same column on every row of the slots block.
        let frame = DashboardHarness(host: Self.host()).frame()
        let layout = Layout(width: 80, height: 24)
        for row in layout.rack.y..<layout.rack.maxY {
            #expect(frame.character(x: 20, y: row) == "│")
        }
    }

    @Test func nowPlayingCutsAWideTitleOnACharacterBoundary() {
        let host = Self.host()
        let frame = DashboardHarness(host: host).frame()
        let line = frame.lines.first { $0.contains("夜明け") }
        #expect(line?.contains("…") == true)
        #expect(line.map(DisplayWidth.of) == 80)
    }
}
