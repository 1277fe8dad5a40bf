import Foundation
import MusicLibrary
import Synchronization
import Testing
import TestSupport

@Suite("Watching the music folder")
struct LibraryWatcherTests {
    /// Counts the settled bursts of changes the watcher reports.
    final class Changes: Sendable {
        let count = Mutex(0)
        func record() { count.withLock { $0 += 1 } }
        var seen: Int { count.withLock { $0 } }

        /// Waits up to `seconds` for more than `before` changes; returns the seconds it took.
        func wait(beyond before: Int, seconds: Double = 2) -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds {
                if seen > before { return Date().timeIntervalSince(start) }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return nil
        }
    }

    @Test("An album copied in, renamed, or removed is reported once it settles, well within a second")
    func albumChanges() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.album(in: music.url.appendingPathComponent("First"), title: "First", artist: "A", count: 1)
        let outside = TemporaryFolder()
        let staged = try MP3Fixtures.album(in: outside.url.appendingPathComponent("Second"), title: "Second", artist: "B", count: 3)
        let changes = Changes()
        let watcher = try LibraryWatcher(root: LibraryPath(music.path), onChange: { changes.record() }, onProblem: { _ in })
        defer { watcher.stop() }
        #expect(watcher.watchedFolders == 2)

        // A copied album: a folder, then its files, is one burst.
        try FileManager.default.copyItem(at: staged, to: music.url.appendingPathComponent("Second"))
        let added = try #require(changes.wait(beyond: 0))
        #expect(added < 1)
        Thread.sleep(forTimeInterval: LibraryWatcher.quietPeriod * 2)
        #expect(changes.seen == 1, "one copy, one report")
        #expect(watcher.watchedFolders == 3, "the new folder is watched too")

        // A file written inside the new folder is seen through its new watch.
        try MP3Fixtures.make(at: music.url.appendingPathComponent("Second/04.mp3"), tags: .init(title: "Bonus"))
        #expect(changes.wait(beyond: 1) != nil)

        try FileManager.default.moveItem(at: music.url.appendingPathComponent("Second"), to: music.url.appendingPathComponent("Second Album"))
        #expect(changes.wait(beyond: 2) != nil)
        try FileManager.default.removeItem(at: music.url.appendingPathComponent("Second Album"))
        #expect(changes.wait(beyond: 3) != nil)
        Thread.sleep(forTimeInterval: LibraryWatcher.quietPeriod * 2)
        #expect(watcher.watchedFolders == 2)
    }

    @Test("Hidden files and files that are not MP3s are not changes")
    func ignoredFiles() throws {
        let music = TemporaryFolder()
        try MP3Fixtures.album(in: music.url.appendingPathComponent("First"), title: "First", artist: "A", count: 1)
        let changes = Changes()
        let watcher = try LibraryWatcher(root: LibraryPath(music.path), onChange: { changes.record() }, onProblem: { _ in })
        defer { watcher.stop() }
        try Data("x".utf8).write(to: music.url.appendingPathComponent("First/cover.jpg"))
        try Data("x".utf8).write(to: music.url.appendingPathComponent("First/.partial.mp3"))
        #expect(changes.wait(beyond: 0, seconds: 0.6) == nil)
    }

    @Test("Stopping ends the watcher's thread; nothing is reported after it")
    func stop() throws {
        let music = TemporaryFolder()
        let changes = Changes()
        let watcher = try LibraryWatcher(root: LibraryPath(music.path), onChange: { changes.record() }, onProblem: { _ in })
        watcher.stop()
        try MP3Fixtures.album(in: music.url.appendingPathComponent("Late"), title: "Late", artist: "A", count: 1)
        #expect(changes.wait(beyond: 0, seconds: 0.5) == nil)
    }
}
