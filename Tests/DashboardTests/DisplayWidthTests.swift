import Testing
@testable import Dashboard

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("東京", 4), ("café", 4), ("e\u{301}", 1), ("🎸", 2), ("❤️", 2), ("", 0),
    ])
    func widths(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }
}
