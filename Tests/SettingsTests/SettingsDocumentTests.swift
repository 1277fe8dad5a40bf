import Settings
import Testing

/// The settings file's format: `key = value` lines read with their line numbers, comments and
/// unknown lines kept exactly when a key is set or removed, and every ignored line reported.
struct SettingsDocumentTests {
    static let keys = [
        SettingKey.choice("colors", ["auto", "never"], standard: "auto", meaning: "colours"),
        SettingKey.choice("scan-on-start", ["yes", "no"], standard: "yes", meaning: "scan"),
        SettingKey(name: "library", meaning: "music", values: "a folder", standard: "~/Music") { value in
            value.hasPrefix("/") ? .success(value) : .failure(SettingValueError("library must be absolute"))
        },
    ]

    static let sample = """
        # My settings
        library = /srv/music/#1 Hits

          colors=Never   
        # the end
        """

    @Test func readsValuesWithTheirLines() {
        let settings = Settings(SettingsDocument(text: Self.sample), keys: Self.keys)
        #expect(settings.values["library"] == Settings.Value(text: "/srv/music/#1 Hits", line: 2))
        #expect(settings.values["colors"] == Settings.Value(text: "never", line: 4))
        #expect(settings.values["scan-on-start"] == nil)
        #expect(settings.problems.isEmpty)
    }

    @Test func settingAKeyRewritesOnlyItsLine() {
        var document = SettingsDocument(text: Self.sample)
        document.set("colors", to: "auto")
        #expect(document.text == "# My settings\nlibrary = /srv/music/#1 Hits\n\ncolors = auto\n# the end\n")
        document.set("scan-on-start", to: "no")
        #expect(document.text.hasSuffix("# the end\nscan-on-start = no\n"))
        #expect(document.text.hasPrefix("# My settings\nlibrary = /srv/music/#1 Hits\n"))
    }

    @Test func removingAKeyKeepsTheComments() {
        var document = SettingsDocument(text: Self.sample)
        let removed = document.remove("LIBRARY")
        let removedAgain = document.remove("library")
        #expect(removed && !removedAgain)
        #expect(document.text == "# My settings\n\n  colors=Never   \n# the end\n")
    }

    @Test func aKeySetTwiceKeepsTheFirstAndSettingItLeavesOneLine() {
        let text = "colors = never\n# note\ncolors = auto\n"
        let settings = Settings(SettingsDocument(text: text), keys: Self.keys)
        #expect(settings.values["colors"]?.text == "never")
        #expect(settings.problems.map(\.description) == ["line 3: colors is already set on line 1; the line is ignored"])
        var document = SettingsDocument(text: text)
        document.set("colors", to: "auto")
        #expect(document.text == "colors = auto\n# note\n")
    }

    @Test("a bad line is reported with its number and ignored; the other lines count", arguments: [
        ("colour = never", "line 2: unknown key \u{201C}colour\u{201D} (the keys are colors, scan-on-start or library); the line is ignored"),
        ("colors = blue", "line 2: colors must be auto or never, not \u{201C}blue\u{201D}; the line is ignored"),
        ("just some words", "line 2: expected KEY = VALUE, found \u{201C}just some words\u{201D}; the line is ignored"),
        ("= never", "line 2: expected KEY = VALUE, found \u{201C}= never\u{201D}; the line is ignored"),
        ("library = Music", "line 2: library must be absolute; the line is ignored"),
        ("colors =", "line 2: colors must be auto or never, not \u{201C}\u{201D}; the line is ignored"),
    ])
    func badLines(line: String, report: String) {
        let settings = Settings(SettingsDocument(text: "scan-on-start = no\n\(line)\n"), keys: Self.keys)
        #expect(settings.problems.map(\.description) == [report])
        #expect(settings.values["scan-on-start"]?.text == "no")
        #expect(settings.values.count == 1)
    }

    @Test func windowsLineEndsAndAMissingLastNewlineAreRead() {
        let document = SettingsDocument(text: "# a\r\ncolors = never\r\nscan-on-start = no")
        #expect(document.entries.map(\.key) == ["colors", "scan-on-start"])
        #expect(document.entries.map(\.line) == [2, 3])
        #expect(Settings(document, keys: Self.keys).values["colors"]?.text == "never")
    }

    @Test func anEmptyDocumentGainsTheLineAndAComment() {
        var document = SettingsDocument(text: "")
        #expect(document.text.isEmpty)
        document.appendComment(["Settings", ""])
        document.set("colors", to: "never")
        #expect(document.text == "# Settings\n#\ncolors = never\n")
    }

    @Test func aChoiceIsStoredAsListed() throws {
        #expect(try Self.keys[0].check("NEVER").get() == "never")
        #expect(throws: SettingValueError.self) { try Self.keys[0].check("sometimes").get() }
    }
}
