import Testing
@testable import Dashboard

/// Terminal columns of text: wide East Asian characters and emoji take two, combining marks none.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("東京", 4), ("café", 4), ("e\u{301}", 1), ("🎸", 2), ("❤️", 2), ("", 0), ("한국어", 6), ("ｱｲ", 2),
    ])
    func widths(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func truncationCountsColumnsAndEndsWithAnEllipsis() {
        #expect(DisplayWidth.truncate("Night Drive", to: 20) == "Night Drive")
        #expect(DisplayWidth.truncate("Night Drive", to: 6) == "Night…")
        #expect(DisplayWidth.truncate("東京の夜", to: 5) == "東京…")
        #expect(DisplayWidth.truncate("東京の夜", to: 4) == "東…")
        #expect(DisplayWidth.truncate("anything", to: 0) == "")
        #expect(DisplayWidth.of(DisplayWidth.truncate("🎸🎸🎸", to: 4)) <= 4)
    }

    @Test func fitPadsToTheExactWidth() {
        #expect(DisplayWidth.fit("東京", to: 6) == "東京  ")
        #expect(DisplayWidth.of(DisplayWidth.fit("東京の夜です", to: 7)) == 7)
    }

    @Test func controlCharactersAreDrawnAsSpacesNeverSent() {
        let cells = DisplayWidth.cells(of: "a\tb\u{1B}[2Jc\u{85}")
        #expect(String(cells.map(\.character)) == "a b [2Jc ")
        #expect(cells.allSatisfy { $0.width == 1 })
    }

    @Test func zeroWidthCharactersTakeNoCell() {
        #expect(DisplayWidth.cells(of: "a\u{200B}b").map(\.character) == ["a", "b"])
    }
}
