import Foundation
import Testing
import TestSupport

@Suite("Files that vanish while playing")
struct VanishingFilesTests {
    /// A library of two albums, each a first track longer than the engine's 6 s buffer (so the
    /// decoder opens the next file only a few seconds in) and two short ones.
    static func library() throws -> TemporaryFolder {
        let music = TemporaryFolder("cdc-vanish")
        for (index, name) in ["Alpha", "Beta"].enumerated() {
            let folder = music.folder("\(index + 1) \(name)")
            for (number, seconds) in [(1, 7.5), (2, 1.0), (3, 1.0)] {
                try MP3Fixtures.make(
                    at: folder.appendingPathComponent("0\(number) \(name) \(number).mp3"), seconds: seconds,
                    frequency: 300 + 50 * number, kilobitsPerSecond: 128
                )
            }
        }
        return music
    }

    func start(_ fixture: PlayerFixture, disc: Int) throws -> BackgroundProcess {
        let player = try fixture.start(["play", "--disc", String(disc), "--output", "null"])
        #expect(player.waitFor("track 1/3"))
        return player
    }

    /// The player watches the music folder: a change is usually scanned before the engine reaches
    /// the file, and then the track is simply no longer on the disc; when the engine gets there
    /// first, it is skipped with a notice. Either way it never plays and nothing hangs.
    @Test("a file deleted before its turn never plays: dropped by the rescan, or skipped with a notice; the next one plays")
    func deletedFile() throws {
        let music = try Self.library()
        let fixture = try PlayerFixture(library: music.path)
        let player = try start(fixture, disc: 1)
        try FileManager.default.removeItem(atPath: music.path + "/1 Alpha/02 Alpha 2.mp3")
        #expect(player.waitForExit(timeout: 20) == 0)
        #expect(!player.output.contains(": Alpha 2"), "\(player.output)")
        #expect(player.output.contains("track 3/3: Alpha 3") || player.output.contains("track 2/2: Alpha 3"), "\(player.output)")
        if player.error.contains("Skipping") { #expect(player.error.contains("02 Alpha 2.mp3")) }
    }

    @Test("an album folder renamed while it plays: the rest of the disc never plays (the rescan or its next track finds it missing, said once), nothing hangs")
    func renamedAlbumFolder() throws {
        let music = try Self.library()
        let fixture = try PlayerFixture(library: music.path)
        let player = try start(fixture, disc: 2)
        try FileManager.default.moveItem(atPath: music.path + "/2 Beta", toPath: music.path + "/2 Beta (moved)")
        #expect(player.waitForExit(timeout: 20) == 0)
        #expect(player.error.components(separatedBy: "Disc 2 is missing").count - 1 == 1, "\(player.error)")
        #expect(!player.error.contains("Skipping"), "\(player.error)")
        #expect(!player.output.contains("track 2/3"))
        // The slot now shows the album as missing, not emptied.
        let list = try fixture.run("magazine", "list", "--json")
        #expect(list.output.contains("\"missing\""))
        #expect(list.output.contains("2 Beta\""))
    }

    @Test("the whole music folder disappearing: the disc is found missing, a clean stop, and the next start says where the music went")
    func libraryGone() throws {
        let music = try Self.library()
        let fixture = try PlayerFixture(library: music.path)
        let player = try start(fixture, disc: 1)
        try FileManager.default.moveItem(atPath: music.path, toPath: music.path + "-gone")
        defer { try? FileManager.default.moveItem(atPath: music.path + "-gone", toPath: music.path) }
        #expect(player.waitForExit(timeout: 20) == 0)
        // The watched folder's rescan or the next track finds the disc missing.
        #expect(player.error.contains("Disc 1 is missing"), "\(player.error)")
        // Named on the command line, a folder that isn't there is a usage error that names it…
        let again = try fixture.run("library")
        #expect(again.status == 2)
        #expect(again.error.contains("--library \(music.path): there is no folder there"))
        // …and named by the environment (or the settings file), every command says where it went.
        var environment = fixture.environment
        environment["CDCHANGER_LIBRARY"] = music.path
        let list = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "magazine", "list"], environment: environment)
        #expect(list.status == 0)
        #expect(list.output.contains("(missing)"))
        #expect(list.error.contains("There is no music folder \(music.path) (it comes from $CDCHANGER_LIBRARY)"), "\(list.error)")
    }
}
