import Foundation
import Testing
import TestSupport
import TmuxDriver

extension OnTheRealPlayer {
    /// The first scan of a large library: progress on the command line and in the dashboard, and
    /// a dashboard that plays while the scan goes on.
    @Suite
    struct ScanProgressTests {
        /// 1,200 albums of 10 tracks: one small MP3, hard-linked (each path is read on its own),
        /// except the last album's first track, a copy of its own: the scan is held back there
        /// (`HeldOpen`) until a test has seen what it looks for while the scan is under way.
        static func largeLibrary() throws -> (music: TemporaryFolder, hold: HeldOpen) {
            let music = TemporaryFolder("cdc-large")
            let source = music.url.appendingPathComponent(".source.mp3")
            try MP3Fixtures.make(at: source, seconds: 1, tags: .init(title: "Song", artist: "Band", album: "Album"))
            for album in 0..<1200 {
                let folder = music.folder(String(format: "Band %04d - Album %04d", album, album))
                for track in 1...10 {
                    let file = folder.appendingPathComponent(String(format: "%02d Song.mp3", track))
                    if album == 1199 && track == 1 {
                        try FileManager.default.copyItem(at: source, to: file)
                    } else {
                        try FileManager.default.linkItem(at: source, to: file)
                    }
                }
            }
            return (music, try HeldOpen(music.folder("Band 1199 - Album 1199").appendingPathComponent("01 Song.mp3").path))
        }

        @Test("cdchanger library shows how far the first scan has come, in place, and clears it")
        func commandLine() throws {
            let (music, hold) = try Self.largeLibrary()
            let player = try DashboardPlayer(library: music.path)
            let session = try TmuxSession(player.arguments + ["library"], width: 100, height: 12, environment: player.environment)
            let during = try session.wait(timeout: 30, for: "scan progress") { screen in
                screen.contains { $0.hasPrefix("Scanning ") && $0.hasSuffix(" of 12,000 files…") }
            }
            #expect(during.filter { $0.hasPrefix("Scanning ") }.count == 1, "one line, rewritten in place")
            hold.release()
            let done = try session.wait(timeout: 60, for: "the listing") { $0.contains { $0.contains("EXITED:0") } }
            #expect(done.contains { $0.hasPrefix("1200") && $0.contains("Album 1199") })
            #expect(!done.contains { $0.contains("Scanning") })
        }

        @Test("the dashboard opens at once, shows the scan's progress, plays meanwhile, and has every album when it ends")
        func dashboard() throws {
            let (music, hold) = try Self.largeLibrary()
            let player = try DashboardPlayer(library: music.path)
            let session = try player.open()
            try session.wait(timeout: 10, for: "scan progress") { $0.contains { $0.contains(" of 12,000 files…") } }
            try session.send("1")
            let playing = try session.wait(for: "Playing disc 1, Album.")
            #expect(playing.contains { $0.contains(" of 12,000 files…") }, "the scan was still under way:\n\(playing.joined(separator: "\n"))")
            #expect(try player.status()["state"] as? String == "playing")
            hold.release()
            try session.wait(for: "Scanned \(music.path): 1,200 albums, 12,000 tracks.", timeout: 60)
            try session.send("e")
            try session.wait(for: "1200 of 1200 albums")
        }
    }
}
