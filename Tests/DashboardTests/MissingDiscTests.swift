import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// An album folder removed while the dashboard runs: playing it says the disc is missing and the
    /// slot shows it, instead of "Playing disc 4" and silence.
    @Suite
    struct MissingDiscTests {
        @Test("a disc whose folder went is found missing when it is played; the reply and the slot say so")
        func removedFolderIsMissing() throws {
            let music = TemporaryFolder("cdc-missing")
            try FileManager.default.removeItem(at: music.url)
            try FileManager.default.copyItem(at: ProjectPaths.demoLibrary, to: music.url)
            let player = try DashboardPlayer(library: music.path)
            let session = try player.open()
            try session.wait(for: "4 ●  Desert Mirage")
            let folder = music.path + "/Dune Motel - Desert Mirage"
            try FileManager.default.removeItem(atPath: folder)
            try session.send("4")
            let screen = try session.wait(for: "Disc 4 is missing")
            #expect(screen.contains { $0.contains("4 ✗  Dune Motel - Desert Mirage — missing") })
            #expect(!screen.contains { $0.contains("Playing disc 4") })
            #expect(try player.status()["state"] as? String == "stopped")
            // The command line sees it too.
            let said = try player.run("say", "play", "disc", "4")
            #expect(said.status == 1)
            #expect(said.output.contains("Disc 4 is missing: its folder \(folder) is gone."))
        }
    }
}
