import Foundation
import Testing
import TestSupport

/// The command line as a new user meets it: whole usage lines and every option explained in the
/// help, unknown commands refused with status 2, clear refusals, exit statuses a script can use,
/// and tables that line up whatever the titles are written in.
@Suite("The command line's help, refusals and exit statuses", .serialized)
struct CommandLineUsageTests {
    /// Every command and the options its help must explain.
    static let commandOptions: [(words: [String], options: [String])] = [
        ([], ["--device", "--output", "--mic"]),
        (["play"], ["--magazine", "--disc", "--track", "--output", "--device", "--fast", "--mic"]),
        (["library"], ["--json"]),
        (["magazine", "list"], ["--json"]),
        (["magazine", "create"], ["--slots"]),
        (["magazine", "rename"], []), (["magazine", "delete"], []), (["magazine", "move"], []),
        (["magazine", "load"], []), (["magazine", "eject"], []),
        (["resolve"], ["--json", "--siri"]),
        (["shortcuts"], ["--check", "--metadata"]),
        (["hear"], ["--json", "--mic"]),
        (["listen"], ["--json"]),
        (["say"], ["--json"]),
        (["output"], []),
        (["status"], ["--json"]),
        (["config"], []),
        (["help"], []),
    ]

    static func run(_ words: [String], input: String? = nil, library: String = ProjectPaths.demoLibrary.path) throws -> ProcessResult {
        let state = TemporaryFolder("cdc-usage")
        return try runChanger(words, stateDirectory: state.path, library: library, input: input)
    }

    /// The text with every run of spaces and line breaks made one space, so wrapped lines read as one.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func theOverviewShowsEveryCommandsWholeUsageLine() throws {
        let result = try Self.run(["--help"])
        #expect(result.status == 0)
        let text = Self.flattened(result.output)
        let synopses = [
            "cdchanger [--device NAME | --output alsa[:DEVICE]|null]",
            "cdchanger play [--magazine NAME] [--disc N] [--track N] [--output alsa[:DEVICE]|null|wav:PATH] [--device NAME] [--fast]",
            "cdchanger library [--json]", "cdchanger magazine list [--json]", "cdchanger magazine create [NAME] [--slots N]",
            "cdchanger magazine rename OLD NEW", "cdchanger magazine delete NAME", "cdchanger magazine move NAME POSITION",
            "cdchanger magazine load MAGAZINE SLOT ALBUM", "cdchanger magazine eject MAGAZINE SLOT",
            "cdchanger resolve [--json] [--siri] [SENTENCE…]", "cdchanger shortcuts [--check | --metadata | --spoken N]",
            "cdchanger hear [--json] [--mic DEVICE] [FILE.wav…]", "cdchanger listen [--json]", "cdchanger say [--json] SENTENCE…", "cdchanger output [alsa[:DEVICE] | null | wav:PATH]", "cdchanger status [--json]",
            "cdchanger config [get KEY | set KEY VALUE | unset KEY]", "cdchanger help [COMMAND]",
        ]
        for synopsis in synopses { #expect(text.contains(synopsis), "\(synopsis) is not whole in:\n\(result.output)") }
        for option in ["--library DIR", "--state-dir DIR", "--help", "--version"] { #expect(text.contains(option)) }
        for line in result.output.split(separator: "\n") {
            #expect(line.count <= 80, "longer than 80 columns: \(line)")
            #expect(!line.hasSuffix("…") || line.contains("SENTENCE…"), "cut: \(line)")
        }
    }

    @Test("every command's help explains each of its options, and help COMMAND says the same", arguments: commandOptions.map(\.words))
    func everyOptionIsExplained(words: [String]) throws {
        let options = Self.commandOptions.first { $0.words == words }!.options
        let viaFlag = try Self.run(words + ["--help"])
        #expect(viaFlag.status == 0)
        #expect(viaFlag.error.isEmpty)
        if !words.isEmpty {
            let viaHelp = try Self.run(["help"] + words)
            #expect(viaHelp.status == 0)
            #expect(viaHelp.output == viaFlag.output)
            #expect(viaFlag.output.hasPrefix("Usage: cdchanger \(words.joined(separator: " "))"))
        }
        let lines = viaFlag.output.split(separator: "\n")
        for option in options {
            // The option starts a line of the options list, and what it does follows it.
            let line = lines.first { $0.hasPrefix("  \(option) ") || $0 == "  \(option)" || $0.hasPrefix("  \(option)  ") }
            #expect(line != nil, "\(option) is not explained in:\n\(viaFlag.output)")
        }
    }

    @Test("an unknown command is refused with status 2, with or without --help", arguments: [
        ["NOSUCH", "--help"], ["NOSUCH"], ["help", "NOSUCH"], ["magazine", "nosuch", "--help"], ["help", "magazine", "nosuch"],
    ])
    func unknownCommands(words: [String]) throws {
        let result = try Self.run(words)
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "the general help was printed: \(result.output)")
        #expect(result.error.hasPrefix("cdchanger: unknown "), "\(result.error)")
        #expect(result.error.lowercased().contains("nosuch"))
    }

    @Test("moving a magazine to position 0 (or below) is refused clearly and changes nothing", arguments: ["0", "-3"])
    func moveToPositionZero(position: String) throws {
        let state = TemporaryFolder("cdc-usage")
        _ = try runChanger(["magazine", "create", "Road Trip"], stateDirectory: state.path, library: ProjectPaths.demoLibrary.path)
        let result = try runChanger(["magazine", "move", "Road Trip", position], stateDirectory: state.path, library: ProjectPaths.demoLibrary.path)
        #expect(result.status == 1)
        #expect(result.error == "cdchanger: There is no position \(position) in the rack; choose 1 to 2.\n")
        let list = try runChanger(["magazine", "list"], stateDirectory: state.path, library: ProjectPaths.demoLibrary.path)
        #expect(list.output.hasPrefix("1. Magazine One"))
    }

    @Test("--library naming no folder fails with status 2", arguments: [["library"], ["magazine", "list"], ["play", "--output", "null"]])
    func libraryThatIsNotThere(words: [String]) throws {
        let state = TemporaryFolder("cdc-usage")
        let result = try runChanger(words, stateDirectory: state.path, library: "/nonexistent/music")
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("cdchanger: --library /nonexistent/music: there is no folder there\nUsage: "))
        #expect(!FileManager.default.fileExists(atPath: state.path + "/state.json"))
    }

    @Test("resolve exits as say does: 0 understood, 1 not understood, 2 ambiguous, 3 needs a value", arguments: [
        ("play disc 3", Int32(0)), ("sing me a song", 1), ("play disc 5", 2), ("play a specific disc", 3),
    ])
    func resolveStatus(sentence: String, status: Int32) throws {
        let state = TemporaryFolder("cdc-usage")
        _ = try runChanger(["magazine", "create", "Disc 5"], stateDirectory: state.path, library: ProjectPaths.demoLibrary.path)
        for json in [false, true] {
            let result = try runChanger(["resolve"] + (json ? ["--json"] : []) + [sentence], stateDirectory: state.path, library: ProjectPaths.demoLibrary.path)
            #expect(result.status == status, "\(sentence): \(result.output)")
            #expect(!result.output.isEmpty)
        }
    }

    @Test func resolveFromStandardInputExitsWithTheFirstSentenceNotUnderstood() throws {
        let mixed = try Self.run(["resolve"], input: "next song\nplay a specific disc\nsing me a song\n")
        #expect(mixed.status == 3)
        #expect(mixed.output.split(separator: "\n").count == 3)
        let understood = try Self.run(["resolve"], input: "next song\npause\n")
        #expect(understood.status == 0)
    }

    @Test func aFailedPlaySaysWhyAndNothingAboutTheSessionBus() throws {
        let fixture = try PlayerFixture()
        _ = try fixture.run("magazine", "eject", "Magazine One", "2")
        let failed = try fixture.run("play", "--disc", "2", "--output", "null")
        #expect(failed.status == 1)
        #expect(failed.error == "cdchanger: Slot 2 of Magazine One is empty.\n")
        let played = try fixture.run("play", "--disc", "1", "--track", "4", "--output", "null", "--fast")
        #expect(played.status == 0)
        let lines = played.error.split(separator: "\n")
        #expect(lines.filter { $0.contains("No D-Bus session bus") }.count == 1, "\(played.error)")
    }

    @Test func aDamagedStateFileIsReportedOnceByAFailedPlay() throws {
        let fixture = try PlayerFixture()
        try Data("{\"version\": 1, \"rack\": broken".utf8).write(to: fixture.state.url.appendingPathComponent("state.json"))
        let result = try fixture.run("play", "--disc", "9", "--output", "null")
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.error)")
        #expect(lines.first?.hasPrefix("cdchanger: The state file could not be used") == true)
        #expect(lines.last?.hasPrefix("cdchanger: ") == true)
        #expect(!result.error.contains("D-Bus"))
    }

    @Test func theLibraryTableLinesUpByDisplayWidth() throws {
        let music = TemporaryFolder("cdc-wide")
        let albums = [("東京の夜", "ミナト"), ("Plain Title", "Plain Artist"), ("🎸 Riffs", "Ørjan"), ("Ça Va", "日本")]
        for (index, album) in albums.enumerated() {
            try MP3Fixtures.album(in: music.folder("\(index + 1)"), title: album.0, artist: album.1, count: 1, seconds: 0.3)
        }
        let result = try Self.run(["library"], library: music.path)
        #expect(result.status == 0, "\(result.error)")
        let rows = result.output.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.count == albums.count)
        // The artist and the track count start at the same terminal column on every row.
        for (row, album) in zip(rows, albums) {
            #expect(Self.column(of: album.1, in: row) == Self.column(of: albums[1].1, in: rows[1]), "\(result.output)")
            #expect(Self.column(of: "1 track", in: row) == Self.column(of: "1 track", in: rows[1]), "\(result.output)")
        }
    }

    /// The terminal column where `text` starts in `line` (wide characters count two).
    static func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return line[..<range.lowerBound].reduce(0) { total, character in
            let scalar = character.unicodeScalars.first!.value
            let wide = (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar)
                || (0xF900...0xFAFF).contains(scalar) || (0xFF00...0xFF60).contains(scalar) || (0x1F300...0x1FAFF).contains(scalar)
            return total + (wide ? 2 : 1)
        }
    }
}
