import Foundation
import MusicLibrary

/// `cdchanger-bench scan [TRACKS]`: builds a library of 10,000 tracks (1,000 albums) in a temporary
/// folder, then times a first scan (every file read by libmpg123), a re-scan of the unchanged
/// library with the cache loaded from disk, and `cdchanger library` end to end, against `find` as the
/// floor for merely walking the folders. Target: a re-scan under one second.
enum ScanBenchmark {
    static func run(_ arguments: [String]) {
        let trackCount = arguments.first.flatMap(Int.init) ?? 10_000
        let albumCount = max(1, trackCount / 10)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cdchanger-scan-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let music = root.appendingPathComponent("music"), state = root.appendingPathComponent("state")
        print("Building a library of \(trackCount) tracks in \(albumCount) albums under \(root.path)…")
        do {
            try buildLibrary(at: music, albums: albumCount, tracksPerAlbum: trackCount / albumCount, scratch: root)
        } catch {
            print("Could not build the library: \(error)")
            exit(1)
        }
        try? FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let cacheURL = state.appendingPathComponent("library-cache.json")

        let floor = Measure.seconds { _ = try? Measure.shell("find '\(music.path)' -name '*.mp3' | wc -l") }
        var firstLibrary: Library?
        let first = Measure.seconds {
            var cache = ScanCache()
            firstLibrary = LibraryScanner().scan(LibraryPath(music.path), cache: &cache)
            try? cache.write(to: cacheURL)
        }
        var rescans: [Double] = []
        var rescanned: Library?
        for _ in 0..<5 {
            rescans.append(Measure.seconds {
                var cache = ScanCache(contentsOf: cacheURL)
                rescanned = LibraryScanner().scan(LibraryPath(music.path), cache: &cache)
            })
        }
        let found = firstLibrary?.albums.reduce(0) { $0 + $1.tracks.count } ?? 0
        guard found == trackCount, rescanned?.albums.reduce(0, { $0 + $1.tracks.count }) == trackCount else {
            print("The scans found \(found) tracks, expected \(trackCount).")
            exit(1)
        }
        var rows = [
            ["walk only: find | wc -l (floor)", Measure.format(floor), ""],
            ["first scan (every file read)", Measure.format(first), ""],
            ["re-scan, unchanged (median of 5)", Measure.format(Measure.median(rescans)), Measure.verdict(Measure.median(rescans) < 1.0)],
            ["re-scan, unchanged (worst of 5)", Measure.format(rescans.max() ?? 0), Measure.verdict((rescans.max() ?? 0) < 1.0)],
        ]
        if let binary = Measure.siblingBinary("cdchanger") {
            let command = "'\(binary)' --library '\(music.path)' --state-dir '\(state.path)' library --json > /dev/null"
            _ = try? Measure.shell(command)
            let endToEnd = (0..<5).map { _ in Measure.seconds { _ = try? Measure.shell(command) } }
            rows.append(["`cdchanger library --json`, cached (median of 5)", Measure.format(Measure.median(endToEnd)), Measure.verdict(Measure.median(endToEnd) < 1.0)])
        }
        Measure.printTable(title: "Library scan, \(trackCount) tracks (target: re-scan under 1 s)", header: ["what", "time", "target"], rows: rows)
    }

    /// One small tagged MP3 made with sox and lame, copied into every track of every album
    /// (the scanner reads each copy; their tags differ only in what the folder names say).
    static func buildLibrary(at music: URL, albums: Int, tracksPerAlbum: Int, scratch: URL) throws {
        let template = scratch.appendingPathComponent("template.mp3")
        let wave = scratch.appendingPathComponent("template.wav")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Measure.shell("sox -n -r 44100 -c 2 '\(wave.path)' synth 0.2 sine 440 vol 0.2")
        try Measure.shell("lame --quiet -b 64 --tt 'Benchmark Song' --ta 'Benchmark Band' --tl 'Benchmark Album' --tn 1 '\(wave.path)' '\(template.path)'")
        for album in 1...albums {
            let folder = music.appendingPathComponent("Artist \(album % 97)/Album \(album)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for track in 1...tracksPerAlbum {
                try FileManager.default.copyItem(at: template, to: folder.appendingPathComponent(String(format: "%02d Track %d.mp3", track, track)))
            }
        }
    }
}
