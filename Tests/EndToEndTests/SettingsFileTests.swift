import Foundation
import Testing
import TestSupport
import TmuxDriver

/// The settings file, `$XDG_CONFIG_HOME/cdchanger/config`, through the real binary: `cdchanger
/// config` lists, gets, sets and unsets keys keeping the file's comments; options and the
/// environment win; a bad line is reported with its number and ignored; each key takes effect.
@Suite("The settings file, end to end", .serialized)
struct SettingsFileTests {
    /// A home folder with its own config folder, a state folder and a music folder of two albums.
    final class Setup: Sendable {
        let home = TemporaryFolder("cdc-settings-home")
        let state = TemporaryFolder("cdc-settings-state")
        let runtime = TemporaryFolder("cdc-settings-run")
        let music = TemporaryFolder("cdc-settings-music")

        init() throws {
            chmod(runtime.path, 0o700)
            // Long enough for a player to run while a test talks to it.
            try MP3Fixtures.album(in: music.folder("Amber"), title: "Amber", artist: "Band 1", count: 1, seconds: 30)
            try MP3Fixtures.album(in: music.folder("Blue Hour"), title: "Blue Hour", artist: "Band 2", count: 1, seconds: 0.5)
        }

        var configFile: URL { home.url.appendingPathComponent("config/cdchanger/config") }

        var environment: [String: String] {
            [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8",
                "XDG_CONFIG_HOME": home.path + "/config", "XDG_RUNTIME_DIR": runtime.path,
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtime.path)/no-bus",
            ]
        }

        /// `cdchanger --state-dir STATE WORDS…` with this home (no --library unless given).
        func run(_ words: String..., extra: [String: String] = [:]) throws -> ProcessResult {
            try runProcess(ProjectPaths.binary, ["--state-dir", state.path] + words, environment: environment.merging(extra) { _, new in new }, currentDirectory: home.path)
        }

        func writeConfig(_ text: String) throws {
            try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: configFile)
        }

        func config() throws -> String { try String(contentsOf: configFile, encoding: .utf8) }
    }

    /// The `config` listing as key → (value, origin).
    static func listing(_ output: String) -> [String: (value: String, origin: String)] {
        var entries: [String: (String, String)] = [:]
        for line in output.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count == 3 else { continue }
            entries[columns[0]] = (columns[1], columns[2])
        }
        return entries
    }

    @Test func withoutAFileEveryKeyHasItsDefault() throws {
        let setup = try Setup()
        let result = try setup.run("config")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Settings file: \(setup.configFile.path) (not there yet"))
        let entries = Self.listing(result.output)
        #expect(entries.keys.sorted() == ["colors", "library", "mic", "output", "replaygain", "scan-on-start"])
        #expect(entries["output"]?.value == "alsa:default" && entries["output"]?.origin == "default")
        #expect(entries["colors"]?.value == "auto")
        #expect(entries["mic"]?.value == "default")
        #expect(entries["scan-on-start"]?.value == "yes")
        #expect(entries["replaygain"]?.value == "album" && entries["replaygain"]?.origin == "default")
        #expect(entries["library"]?.origin == "default (~/Music holds no albums)")
        #expect(!FileManager.default.fileExists(atPath: setup.configFile.path), "listing must not create the file")
    }

    @Test func setKeepsTheCommentsAndTheOrderOfTheFile() throws {
        let setup = try Setup()
        let original = "# my player\n\n# where the sound goes:\noutput = alsa:hw:9\n# colours\ncolors = auto   \n"
        try setup.writeConfig(original)
        let set = try setup.run("config", "set", "output", "null")
        #expect(set.status == 0, "\(set.error)")
        #expect(set.output == "Set output = null in \(setup.configFile.path).\n")
        #expect(try setup.config() == "# my player\n\n# where the sound goes:\noutput = null\n# colours\ncolors = auto   \n")
        #expect(try setup.run("config", "set", "mic", "hw:2").status == 0)
        #expect(try setup.config().hasSuffix("colors = auto   \nmic = hw:2\n"))
        #expect(try setup.run("config", "get", "mic").output == "hw:2\n")
        #expect(try setup.run("config", "unset", "output").status == 0)
        #expect(try setup.config() == "# my player\n\n# where the sound goes:\n# colours\ncolors = auto   \nmic = hw:2\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.configFile.deletingLastPathComponent().path)
        #expect(leftovers == ["config"], "an atomic write leaves no temporary file: \(leftovers)")
    }

    @Test func setMakesTheFileWithAnExplainingHeader() throws {
        let setup = try Setup()
        #expect(try setup.run("config", "set", "colors", "NEVER").status == 0)
        let text = try setup.config()
        #expect(text.hasPrefix("# CD Changer settings"))
        #expect(text.hasSuffix("\ncolors = never\n"))
        #expect(Self.listing(try setup.run("config").output)["colors"]?.origin == "the settings file, line 4")
    }

    @Test("a value the key can't take is refused with status 2 and the file is unchanged", arguments: [
        ["colors", "blue"], ["scan-on-start", "maybe"], ["output", "wav:/tmp/x.wav"], ["output", "speakers"],
        ["library", "/no/such/folder"], ["mic", ""], ["volume", "11"],
    ])
    func refusedValues(words: [String]) throws {
        let setup = try Setup()
        try setup.writeConfig("# keep me\ncolors = never\n")
        let result = try runProcess(ProjectPaths.binary, ["--state-dir", setup.state.path, "config", "set"] + words, environment: setup.environment)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.error.hasPrefix("cdchanger: "))
        #expect(try setup.config() == "# keep me\ncolors = never\n")
    }

    @Test func aBadLineIsReportedWithItsNumberAndTheRestCounts() throws {
        let setup = try Setup()
        try setup.writeConfig("# settings\ncolour = never\nlibrary = \(setup.music.path)\nthis is not a setting\nscan-on-start = sometimes\n")
        let listing = try setup.run("config")
        #expect(listing.status == 0)
        let lines = listing.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(listing.error)")
        #expect(lines[0].contains("line 2: unknown key \u{201C}colour\u{201D}") && lines[0].hasSuffix("the line is ignored."))
        #expect(lines[1].contains("line 4: expected KEY = VALUE"))
        #expect(lines[2].contains("line 5: scan-on-start must be yes or no"))
        #expect(Self.listing(listing.output)["library"]?.origin == "the settings file, line 3")
        // Any command that reads the settings reports them, and still works.
        let library = try setup.run("library")
        #expect(library.status == 0)
        #expect(library.output.contains("Amber") && library.output.contains("Blue Hour"))
        #expect(library.error.contains("line 2: unknown key"))
    }

    @Test func optionsAndTheEnvironmentWinOverTheFile() throws {
        let setup = try Setup()
        let other = TemporaryFolder("cdc-settings-other")
        try MP3Fixtures.album(in: other.folder("Coastline"), title: "Coastline", artist: "Band 3", count: 1, seconds: 0.5)
        try setup.writeConfig("library = \(setup.music.path)\ncolors = auto\n")
        #expect(try setup.run("library").output.contains("Amber"))
        let environment = try setup.run("library", extra: ["CDCHANGER_LIBRARY": other.path])
        #expect(environment.output.contains("Coastline") && !environment.output.contains("Amber"))
        let option = try setup.run("--library", setup.music.path, "library", extra: ["CDCHANGER_LIBRARY": other.path])
        #expect(option.output.contains("Amber"))
        let listed = Self.listing(try setup.run("config", extra: ["CDCHANGER_LIBRARY": other.path, "NO_COLOR": "1"]).output)
        #expect(listed["library"]?.origin == "$CDCHANGER_LIBRARY")
        #expect(listed["colors"]?.value == "never" && listed["colors"]?.origin == "$NO_COLOR")
        let note = try setup.run("config", "set", "library", setup.music.path, extra: ["CDCHANGER_LIBRARY": other.path])
        #expect(note.output.contains("While $CDCHANGER_LIBRARY is set, it wins"))
    }

    @Test func aRelativeOrTildeFolderIsStoredSoItStillWorksFromElsewhere() throws {
        let setup = try Setup()
        try FileManager.default.createDirectory(atPath: setup.home.path + "/Tunes/Amber", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: setup.music.path + "/Amber/01.mp3", toPath: setup.home.path + "/Tunes/Amber/01.mp3")
        #expect(try setup.run("config", "set", "library", "Tunes").status == 0)
        #expect(try setup.config().hasSuffix("library = \(setup.home.path)/Tunes\n"))
        try setup.writeConfig("library = ~/Tunes\n")
        let library = try setup.run("library")
        #expect(library.output.hasPrefix("Music folder: \(setup.home.url.resolvingSymlinksInPath().path)/Tunes (the settings file)"), "\(library.output)")
        #expect(library.output.contains("Amber"))
    }

    @Test func theOutputKeyChoosesWhereAPlayerPlays() throws {
        let setup = try Setup()
        try setup.writeConfig("output = null\nlibrary = \(setup.music.path)\n")
        let player = try BackgroundProcess(ProjectPaths.binary, ["--state-dir", setup.state.path, "play", "--disc", "1"], environment: setup.environment)
        defer {
            player.send(SIGTERM)
            _ = player.waitForExit()
        }
        #expect(player.waitFor("track "), "\(player.error)")
        #expect(waitUntil(timeout: 5) { (try? setup.run("status", "--json"))?.status == 0 })
        let status = try setup.run("status", "--json")
        #expect(status.output.contains("\"output\":\"null\""), "\(status.output)")
    }

    @Test func withScanOnStartNoThePlayerStartsFromTheLastScan() throws {
        let setup = try Setup()
        try setup.writeConfig("library = \(setup.music.path)\nscan-on-start = no\noutput = null\n")
        #expect(try setup.run("library").status == 0)
        try MP3Fixtures.album(in: setup.music.folder("Coastline"), title: "Coastline", artist: "Band 3", count: 1, seconds: 0.5)
        let player = try BackgroundProcess(ProjectPaths.binary, ["--state-dir", setup.state.path, "play", "--disc", "1"], environment: setup.environment)
        defer {
            player.send(SIGTERM)
            _ = player.waitForExit()
        }
        #expect(player.waitFor("track "), "\(player.error)")
        // The running player edits its own state: the album added after the last scan is unknown to it.
        let unknown = try setup.run("magazine", "load", "Magazine One", "3", "Coastline")
        #expect(unknown.status == 1, "\(unknown.output)")
        #expect(unknown.error.contains("No album in the library is called"))
        let known = try setup.run("magazine", "load", "Magazine One", "3", "Blue Hour")
        #expect(known.status == 0, "\(known.error)")
    }

    @Test func theDashboardShowsABadLineUntilDismissed() throws {
        guard TmuxSession.isAvailable else { return }
        let setup = try Setup()
        try setup.writeConfig("output = null\ncolour = never\nlibrary = \(ProjectPaths.demoLibrary.path)\n")
        let session = try TmuxSession([ProjectPaths.binary, "--state-dir", setup.state.path], width: 80, height: 24, environment: setup.environment)
        defer { session.close() }
        // The bad line and the missing session bus, each whole.
        let screen = try session.wait(for: "2 notices · Esc to dismiss")
        #expect(screen.contains { $0.contains("line 2: unknown key") }, "\(screen.joined(separator: "\n"))")
        try session.send("1")
        try session.wait(for: "Playing disc 1", timeout: 5)
        try session.send("Escape")
        try session.wait(for: "the notice to go") { !$0.contains { $0.contains("unknown key") } }
    }

    @Test func colorsNeverDrawsTheDashboardInMonochrome() throws {
        guard TmuxSession.isAvailable else { return }
        let setup = try Setup()
        try setup.writeConfig("colors = never\noutput = null\nlibrary = \(ProjectPaths.demoLibrary.path)\n")
        let session = try TmuxSession([ProjectPaths.binary, "--state-dir", setup.state.path], width: 80, height: 24, environment: setup.environment)
        defer { session.close() }
        try session.wait(for: "CD CHANGER", timeout: 20)   // a first frame, as DashboardPlayer.open waits for it
        try session.send("r")
        try session.wait(for: "Repeating this track.")
        let escapes = try session.screen(escapes: true).joined()
        let colour = try Regex("\u{1B}\\[[0-9;]*(3[0-7]|4[0-7]|38;|48;)[0-9;]*m")
        #expect(escapes.firstMatch(of: colour) == nil)
        #expect(escapes.contains("\u{1B}[7m") || escapes.contains(";7m"), "the monochrome palette marks the cursor in reverse")
    }
}
