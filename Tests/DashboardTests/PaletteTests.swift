import Testing
@testable import Dashboard

/// Colours, and the monochrome fallback (no colours, or NO_COLOR) that must stay readable.
@Suite struct PaletteTests {
    @Test func monochromeUsesNoColours() {
        let palette = Palette(color: false)
        #expect(Role.allCases.allSatisfy { palette.appearance(of: $0).foreground == nil && palette.appearance(of: $0).background == nil })
    }

    /// Pairs of roles a reader must tell apart without colour.
    @Test(arguments: [
        (Role.lampOn, Role.lampOff), (.slotPlaying, .slotLoaded), (.slotEmpty, .slotLoaded), (.slotMissing, .slotLoaded),
        (.cursorRow, .slotLoaded), (.cursorPlayingRow, .cursorRow), (.rackCurrent, .rackOther), (.progressDone, .progressLeft),
        (.overlaySelected, .overlay), (.response, .faded), (.notice, .faded), (.promptText, .promptPlaceholder),
    ])
    func monochromeKeepsDistinctionsVisible(_ first: Role, _ second: Role) {
        let palette = Palette(color: false)
        #expect(palette.appearance(of: first) != palette.appearance(of: second))
    }

    @Test func colourLampsAreLitBlocks() {
        let palette = Palette(color: true)
        #expect(palette.appearance(of: .lampOn).background != nil)
        #expect(palette.appearance(of: .lampOff).background == nil)
    }

    @Test func asciiGlyphsDrawTheDashboardWithoutUnicode() {
        let host = FakeHost()
        host.playing = (1, 2)
        host.transport = .playing
        host.library.append(AlbumChoice(id: "accents", title: "Café Naïve 東京", artist: "Zoë", trackCount: 1))
        host.magazines[0].slots = host.magazines[0].slots.map { _ in "album-1" }
        host.magazines[0].slots[5] = "accents"
        let frame = DashboardHarness(host: host, glyphs: .ascii).frame()
        for line in frame.lines {
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "\(line)")
            #expect(line.count == 80)
        }
        #expect(frame.lines.contains { $0.contains("Cafe Naive ????") && $0.contains("Zoe") })
    }
}
