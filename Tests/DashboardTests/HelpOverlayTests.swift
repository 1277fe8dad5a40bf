import Testing
@testable import Dashboard

/// `?` opens the key list; it scrolls on small terminals and closes on any other key.
@Suite struct HelpOverlayTests {
    @Test(arguments: [(80, 24), (40, 12), (120, 40)])
    func listsEveryBindingWhenScrolledThrough(width: Int, height: Int) {
        let harness = DashboardHarness(width: width, height: height)
        harness.press(.character("?"))
        var seen = harness.screenText
        // Down to the end of the list, however long it is.
        for _ in 0...HelpOverlay.maximumScroll(in: Rect(x: 0, y: 0, width: width, height: height)) {
            harness.press(.down)
            seen += harness.screenText
        }
        for binding in KeyMap.help.flatMap(\.bindings) {
            #expect(seen.contains(binding.keys), "\(binding.keys) not shown at \(width)×\(height)")
            let firstWord = binding.meaning.split(separator: " ").first.map(String.init) ?? ""
            #expect(seen.contains(firstWord))
        }
        #expect(harness.screenText.contains("Keys") || height < 16)
    }

    @Test func everyIssueKeyIsInTheHelp() {
        let keys = KeyMap.help.flatMap(\.bindings).map(\.keys).joined(separator: " ")
        for key in ["1–9, 0", "Space", "←→", "↑↓ PgUp PgDn", ", .", "+ -", "m", "r", "z", "s", "Tab", "/  :  Enter", "Esc", "q", "?"] {
            #expect(keys.contains(key), "\(key)")
        }
    }

    @Test func anyOtherKeyClosesItWithoutActing() {
        let harness = DashboardHarness()
        harness.press(.character("?"), .character("q"))
        #expect(harness.controller.ui.overlay == nil)
        #expect(harness.host.performed.isEmpty)
        harness.press(.function(1), .escape)
        #expect(harness.controller.ui.overlay == nil)
    }

    @Test func longMeaningsWrapInNarrowBoxes() throws {
        let width = 30
        let lines = HelpOverlay.lines(width: width)
        let keyColumn = HelpOverlay.keysWidth(for: width)
        let start = try #require(lines.firstIndex { if case .binding("r", _) = $0 { true } else { false } })
        var meaning: [String] = []
        for line in lines[start...] {
            guard case .binding(let keys, let text) = line, keys == "r" || (keys.isEmpty && !meaning.isEmpty) else { break }
            #expect(DisplayWidth.of(text) <= width - keyColumn - 1)
            meaning.append(text)
        }
        #expect(meaning.count > 1)
        #expect(meaning.joined(separator: " ") == "repeat: off, track, disc, magazine")
    }
}
