import Foundation
import Testing
import TestSupport

/// A music folder of seven small albums and an empty state folder, for driving the real binary.
final class CommandLineFixture: Sendable {
    let music = TemporaryFolder("cdchanger-music")
    let state = TemporaryFolder("cdchanger-state")
    static let albumTitles = ["Amber", "Blue Hour", "Coastline", "Dunes", "Evergreen", "Fjord", "Glacier"]

    init() throws {
        for (index, title) in CommandLineFixture.albumTitles.enumerated() {
            try MP3Fixtures.album(in: music.folder("\(index + 1) \(title)"), title: title, artist: "Band \(index + 1)", count: 1, seconds: 0.5)
        }
    }

    func run(_ arguments: String...) throws -> ProcessResult {
        try runChanger(arguments, stateDirectory: state.path, library: music.path)
    }

    func magazines() throws -> [[String: Any]] {
        let result = try run("magazine", "list", "--json")
        #expect(result.status == 0, "\(result.error)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]] ?? []
    }
}

@Suite("The command line, end to end", .serialized)
struct CommandLineTests {
    static let commands: [[String]] = [
        [], ["library"], ["magazine", "list"], ["magazine", "create"], ["magazine", "rename"], ["magazine", "delete"],
        ["magazine", "move"], ["magazine", "load"], ["magazine", "eject"], ["magazine"],
    ]

    @Test("a folder whose files carry several albums' tags is one disc: library names it after the folder, play keeps file order, load finds it by folder name")
    func folderOfSeveralAlbums() throws {
        let music = TemporaryFolder("cdc-mixed")
        let state = TemporaryFolder("cdc-mixed-state")
        for (file, album, track) in [("01 Rain.mp3", "Blue Hour", "1"), ("02 Snow.mp3", "Paper Planes", "1"), ("03 Sun.mp3", "Blue Hour", "2")] {
            try MP3Fixtures.make(at: music.url.appendingPathComponent("Mixtape 2003/\(file)"), seconds: 0.3,
                                 tags: .init(title: String(file.dropFirst(3).dropLast(4)), artist: "Various", album: album, track: track))
        }
        let library = try runChanger(["library", "--json"], stateDirectory: state.path, library: music.path)
        let albums = try #require(try JSONSerialization.jsonObject(with: Data(library.output.utf8)) as? [[String: Any]])
        #expect(albums.map { $0["title"] as? String } == ["Mixtape 2003"])
        let played = try runChanger(["play", "--disc", "1", "--output", "null"], stateDirectory: state.path, library: music.path)
        #expect(played.status == 0, "\(played.error)")
        let lines = played.output.split(separator: "\n")
        #expect(lines.count == 3, "\(played.output)")
        for (line, title) in zip(lines, ["Rain", "Snow", "Sun"]) { #expect(line.contains("/3: \(title) "), "\(line)") }
        let loaded = try runChanger(["magazine", "load", "Magazine One", "2", "mixtape"], stateDirectory: state.path, library: music.path)
        #expect(loaded.output == "Loaded Mixtape 2003 by Various into slot 2 of Magazine One.\n", "\(loaded.error)")
        // The same album into the same slot again changes nothing, and says so.
        let again = try runChanger(["magazine", "load", "Magazine One", "2", "mixtape"], stateDirectory: state.path, library: music.path)
        #expect(again.output == "Mixtape 2003 is already in slot 2 of Magazine One.\n", "\(again.error)")
    }

    @Test("--version prints the version")
    func version() throws {
        let fixture = try CommandLineFixture()
        let result = try fixture.run("--version")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("cdchanger "))
    }

    @Test("--help works on every command", arguments: commands)
    func help(words: [String]) throws {
        let fixture = try CommandLineFixture()
        let result = try runChanger(words + ["--help"], stateDirectory: fixture.state.path, library: fixture.music.path)
        #expect(result.status == 0)
        #expect(result.output.contains("Usage"))
        #expect(result.output.contains("cdchanger \(words.joined(separator: " "))"))
        #expect(result.error.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.state.path + "/state.json"), "help must not touch the state")
    }

    @Test("a wrong argument prints one line of error and the usage to stderr, and exits 2", arguments: [
        ["--frobnicate"], ["library", "extra"], ["library", "--slots", "3"], ["magazine"], ["magazine", "paint"],
        ["magazine", "create", "A", "B"], ["magazine", "create", "X", "--slots", "many"], ["magazine", "create", "X", "--slots", "0"],
        ["magazine", "rename", "OnlyOne"], ["magazine", "move", "Magazine One", "first"], ["magazine", "load", "Magazine One", "two", "Amber"],
        ["magazine", "eject", "Magazine One"], ["magazine", "eject", "Magazine One", "1", "2"], ["play-everything"], ["--library"],
    ])
    func usageErrors(words: [String]) throws {
        let fixture = try CommandLineFixture()
        let result = try runChanger(words, stateDirectory: fixture.state.path, library: fixture.music.path)
        #expect(result.status == 2)
        let lines = result.error.split(separator: "\n")
        #expect(lines.first?.hasPrefix("cdchanger: ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("Usage") == true)
        #expect(result.output.isEmpty)
    }

    @Test("library lists every album with title, artist, track count and duration")
    func library() throws {
        let fixture = try CommandLineFixture()
        let text = try fixture.run("library")
        #expect(text.status == 0)
        for title in CommandLineFixture.albumTitles { #expect(text.output.contains(title)) }
        let json = try fixture.run("library", "--json")
        let albums = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(albums.map { $0["title"] as? String } == CommandLineFixture.albumTitles)
        #expect(albums.allSatisfy { ($0["trackCount"] as? Int) == 1 && (($0["duration"] as? Double) ?? 0) > 0.4 })
        #expect(albums.allSatisfy { ($0["path"] as? String)?.hasPrefix(fixture.music.url.resolvingSymlinksInPath().path) == true })
        #expect(albums.first?["artist"] as? String == "Band 1")
    }

    @Test("a fresh install shows Magazine One with the first six albums")
    func freshRack() throws {
        let fixture = try CommandLineFixture()
        let magazines = try fixture.magazines()
        #expect(magazines.map { $0["name"] as? String } == ["Magazine One"])
        let slots = try #require(magazines.first?["slots"] as? [[String: Any]])
        #expect(slots.map { $0["title"] as? String } == Array(CommandLineFixture.albumTitles.prefix(6)))
        #expect(slots.allSatisfy { $0["state"] as? String == "loaded" })
        let bare = try fixture.run()
        #expect(bare.status == 1, "without a terminal the dashboard can't open")
        #expect(bare.error.contains("The dashboard needs a terminal"))
    }

    @Test("create, rename, move, load, eject and delete change the rack and persist")
    func editing() throws {
        let fixture = try CommandLineFixture()
        #expect(try fixture.run("magazine", "create").output == "Created Magazine Two with 6 empty slots.\n")
        #expect(try fixture.run("magazine", "create", "Road Trip", "--slots", "3").status == 0)
        #expect(try fixture.run("magazine", "rename", "magazine two", "Kitchen").output == "Renamed Magazine Two to Kitchen.\n")
        #expect(try fixture.run("magazine", "move", "road trip", "1").status == 0)
        #expect(try fixture.run("magazine", "load", "Road Trip", "2", "glacier").output.contains("Loaded Glacier by Band 7 into slot 2 of Road Trip."))
        #expect(try fixture.run("magazine", "load", "Road Trip", "3", fixture.music.path + "/3 Coastline").status == 0)
        #expect(try fixture.run("magazine", "eject", "Magazine One", "1").output == "Ejected Amber from slot 1 of Magazine One.\n")
        #expect(try fixture.run("magazine", "eject", "Magazine One", "1").output == "Slot 1 of Magazine One was already empty.\n")
        #expect(try fixture.run("magazine", "delete", "Kitchen").output == "Deleted Kitchen.\n")

        let magazines = try fixture.magazines()
        #expect(magazines.map { $0["name"] as? String } == ["Road Trip", "Magazine One"])
        let road = try #require(magazines.first?["slots"] as? [[String: Any]])
        #expect(road.map { $0["state"] as? String } == ["empty", "loaded", "loaded"])
        #expect(road.map { $0["title"] as? String } == [nil, "Glacier", "Coastline"])
        let one = try #require(magazines.last?["slots"] as? [[String: Any]])
        #expect(one.first?["state"] as? String == "empty")
    }

    @Test("each refused edit says why, exits 1 and changes nothing", arguments: [
        (["magazine", "create", "magazine one"], "already a magazine named"),
        (["magazine", "rename", "Nowhere", "X"], "no magazine named \u{201C}Nowhere\u{201D}"),
        (["magazine", "delete", "Magazine One"], "only magazine"),
        (["magazine", "move", "Magazine One", "5"], "no position 5"),
        (["magazine", "load", "Magazine One", "7", "Amber"], "slots 1 to 6; there is no slot 7"),
        (["magazine", "load", "Magazine One", "1", "No Such Album"], "No album in the library is called"),
        (["magazine", "load", "Magazine One", "1", "/no/such/folder"], "There is no folder"),
        (["magazine", "load", "Nowhere", "1", "Amber"], "no magazine named"),
        (["magazine", "eject", "Magazine One", "9"], "there is no slot 9"),
    ])
    func refusals(words: [String], message: String) throws {
        let fixture = try CommandLineFixture()
        let before = try fixture.run("magazine", "list", "--json").output
        let result = try runChanger(words, stateDirectory: fixture.state.path, library: fixture.music.path)
        #expect(result.status == 1)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!result.error.contains("Usage"))
        #expect(try fixture.run("magazine", "list", "--json").output == before)
    }

    @Test("an album folder that disappears leaves its slot marked missing, not emptied")
    func missingFolder() throws {
        let fixture = try CommandLineFixture()
        _ = try fixture.magazines()
        try FileManager.default.removeItem(at: fixture.music.url.appendingPathComponent("2 Blue Hour"))
        let slots = try #require(try fixture.magazines().first?["slots"] as? [[String: Any]])
        #expect(slots[1]["state"] as? String == "missing")
        #expect((slots[1]["path"] as? String)?.hasSuffix("/2 Blue Hour") == true)
        #expect(try fixture.run("magazine", "list").output.contains("(missing)"))
    }

    @Test("a broken state file is moved aside and the user is told where it went")
    func brokenStateFile() throws {
        let fixture = try CommandLineFixture()
        let stateFile = fixture.state.url.appendingPathComponent("state.json")
        try Data("{\"version\": 1, \"rack\": broken".utf8).write(to: stateFile)
        let result = try fixture.run("magazine", "list")
        #expect(result.status == 0)
        #expect(result.output.contains("Magazine One"))
        let moved = try FileManager.default.contentsOfDirectory(atPath: fixture.state.path).filter { $0.hasPrefix("state.json.unreadable-") }
        #expect(moved.count == 1)
        #expect(result.error.contains(moved.first ?? "-"))
        #expect(try String(contentsOfFile: fixture.state.path + "/" + moved[0], encoding: .utf8) == "{\"version\": 1, \"rack\": broken")
    }

    @Test("a folder the user can't read is reported and the rest of the library still lists")
    func unreadableFolder() throws {
        let fixture = try CommandLineFixture()
        let locked = fixture.music.url.appendingPathComponent("4 Dunes")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: fixture.state.path)
        // Root reads every folder, so run as an ordinary user when the tests run as root.
        let asUser = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let command = asUser + [ProjectPaths.binary, "--library", fixture.music.path, "--state-dir", fixture.state.path, "library"]
        let result = try runProcess(try which(command[0]), Array(command.dropFirst()), environment: ["HOME": fixture.state.path, "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("Can't read the folder"))
        #expect(result.error.contains("4 Dunes"))
        #expect(result.output.contains("Amber"))
        #expect(!result.output.contains("Dunes"))
    }
}
