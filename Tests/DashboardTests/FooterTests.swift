import Testing
@testable import Dashboard

/// The bottom row lists the keys that matter now, dropping the least needed ones first, and
/// always fits: at every layout size it keeps `/ talk`, `v say` (voice), `? help` and `q quit`.
@Suite struct FooterTests {
    @Test(arguments: [
        (40, 12, " 1-0 disc  / talk  v say  ? help  q quit"),
        (60, 20, " 1-0 disc  Space play  / talk  v say  ? help  q quit"),
        (80, 24, " 1-0 disc  Space play  ←→ track  ↑↓ disc  +- vol  / talk  v say  ? help  q quit"),
        (120, 40, " 1-0 disc  Space play  ←→ track  ↑↓ disc  +- vol  t tracks  Tab magazine  e load  / talk  v say  ? help  q quit"),
    ])
    func theMainKeysIncludeVoiceAndFit(width: Int, height: Int, expected: String) {
        let harness = DashboardHarness(width: width, height: height)
        let footer = harness.lines[height - 1]
        #expect(footer.trimmingCharacters(in: .whitespaces) == expected.trimmingCharacters(in: .whitespaces), "at \(width)×\(height)")
        #expect(DisplayWidth.of(expected) <= width, "\(expected) is wider than \(width)")
    }

    /// The five keys of the 40-column footer fill its 39 usable columns and are the last to go.
    @Test func theNarrowestFooterKeepsItsFiveKeysLast() {
        let items = FooterView.items(for: UIState())
        let kept = items.filter { ["1-0", "/", "v", "?", "q"].contains($0.key) }
        #expect(FooterView.width(of: kept) == 39)
        #expect(kept.map(\.priority).max()! < items.filter { !kept.contains($0) }.map(\.priority).min()!, "the five are the last to go")
    }

    @Test func inThePromptBarVIsALetterSoTheFooterDoesNotOfferIt() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        #expect(!harness.lines[23].contains("v say"), "\(harness.lines[23])")
        #expect(harness.lines[23].contains("Enter say"))
    }
}
