import Testing
@testable import Dashboard

/// Search keys and ASCII spellings without Foundation's internationalization library.
@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Café Society", "cafe society"), ("Zoë Ölund", "zoe olund"), ("Smörgåsbord", "smorgasbord"),
        ("Straße", "strasse"), ("Łódź", "lodz"), ("Ｎｉｇｈｔ", "night"), ("東京の夜", "東京の夜"), ("Ǖber", "uber"),
    ])
    func searchKeys(_ text: String, _ key: String) {
        #expect(TextFolding.searchKey(text) == key)
    }

    @Test func plainSpellings() {
        #expect(TextFolding.plain("é") == "e")
        #expect(TextFolding.plain("Æ") == "AE")
        #expect(TextFolding.plain("東") == nil)
        #expect(TextFolding.plain("🎸") == nil)
    }

    @Test func trimmingWhiteSpace() {
        #expect("  play disc 3 \n".trimmed() == "play disc 3")
        #expect("   ".trimmed() == "")
    }
}
