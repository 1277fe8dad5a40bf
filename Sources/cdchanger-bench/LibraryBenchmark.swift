// Library benchmark: the real catalog with a music library of 100,000 tracks (10,000 albums,
// 2,000 artists) named like real music, beside the 1,000-magazine figures of `resolve`.

import ChangerIntents
import Foundation
import IntentKit
import MusicLibrary

/// A shelf of 100,000 tracks faked in memory (the names are what is measured, not the files):
/// resolving sentences that name music and that don't, rebuilding the snapshot after a rescan,
/// and the memory of the name index.
enum LibraryBenchmark {
    /// A small deterministic generator, so every run measures the same library.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    }

    static let common = [
        "love", "night", "heart", "blue", "road", "summer", "rain", "light", "dream", "fire", "river", "home", "city", "star",
        "song", "moon", "sun", "time", "gold", "wild", "dance", "girl", "boy", "world", "sky", "ocean", "train", "dark",
        "little", "sweet", "lonely", "broken", "silver", "golden", "electric", "midnight", "morning", "highway", "garden",
        "window", "winter", "autumn", "spring", "paper", "glass", "stone", "shadow", "echo", "ghost", "angel", "devil",
        "kiss", "tears", "smile", "fever", "storm", "thunder", "wave", "island", "desert", "mountain", "valley", "street",
        "radio", "television", "telephone", "letter", "postcard", "memory", "story", "secret", "promise", "lullaby",
    ]
    static let syllables = ["ka", "lo", "mi", "ra", "ven", "tor", "el", "sa", "bri", "dun", "fa", "gel", "har", "is", "jo",
                            "kel", "lu", "mar", "nor", "ost", "pe", "quin", "ros", "sel", "tam", "ul", "vi", "wen", "yor", "zel",
                            "an", "ber", "cas", "del", "ed", "fin", "gra", "hol", "ith", "jas"]
    static let accented = ["café", "été", "mañana", "über", "señor", "noël", "façade", "déjà"]

    /// A made-up word, like the many names of a real library that are in no dictionary.
    static func word(_ generator: inout Generator) -> String {
        let roll = generator.next() % 10
        if roll < 5 { return generator.pick(common) }
        if roll == 5 { return generator.pick(accented) }
        let count = 2 + Int(generator.next() % 2)
        return (0..<count).map { _ in generator.pick(syllables) }.joined()
    }

    static func title(_ generator: inout Generator, words: ClosedRange<Int>) -> String {
        let count = words.lowerBound + Int(generator.next() % UInt64(words.count))
        var parts = (0..<count).map { _ in word(&generator).capitalized }
        if generator.next() % 12 == 0 { parts.insert("The", at: 0) }
        if count >= 2, generator.next() % 15 == 0 { parts.insert("&", at: count / 2) }
        var text = parts.joined(separator: " ")
        if generator.next() % 25 == 0 { text += " (Deluxe Edition)" }
        if generator.next() % 40 == 0 { text += " - Remastered" }
        return text
    }

    /// The genres the benchmark's albums have, an artist's albums all one genre.
    static let genres = ["Jazz", "Rock", "Pop", "Classical", "Country", "Blues", "Hip-Hop", "Soul", "Folk", "Electronic",
                         "Ambient", "Reggae", "Metal", "Punk", "Latin", "Indie", "Acoustic", "New Age", "Soundtrack", "Easy Listening"]

    /// 2,000 artists with 5 albums each, 10 tracks per album.
    static func library(artists: Int = 2_000, albumsPerArtist: Int = 5, tracksPerAlbum: Int = 10) -> Library {
        var generator = Generator(state: 2026)
        var albums: [Album] = []
        albums.reserveCapacity(artists * albumsPerArtist)
        for artistIndex in 0..<artists {
            let artist = title(&generator, words: 1...3)
            for albumIndex in 0..<albumsPerArtist {
                let albumTitle = title(&generator, words: 1...4)
                let folder = "/music/\(artistIndex)/\(albumIndex)"
                let tracks = (0..<tracksPerAlbum).map { number in
                    Track(path: LibraryPath("\(folder)/\(number + 1).mp3"), title: title(&generator, words: 1...5), artist: artist,
                          trackNumber: number + 1, duration: 200)
                }
                albums.append(Album(path: LibraryPath(folder), title: albumTitle, artist: artist, tracks: tracks,
                                    genre: genres[artistIndex % genres.count]))
            }
        }
        return Library(root: LibraryPath("/music"), albums: albums)
    }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1000) }

    static func run() {
        print("")
        print("Library: the real catalog, 100 magazines and 100,000 tracks (10,000 albums, 2,000 artists) faked in memory")
        let library = library()
        let trackCount = library.albums.reduce(0) { $0 + $1.tracks.count }
        let magazineEntities = ResolveBenchmark.benchmarkMagazineNames(count: 100).enumerated().map { ChangerShortcuts.magazine(id: "magazine-\($0.offset)", name: $0.element) }

        let heapBefore = Measure.residentBytes()
        var names = LibraryEntities()
        let entitySeconds = Measure.seconds { names = LibraryEntities(library) }
        let heapWithEntities = Measure.residentBytes()
        var registry: ShortcutRegistry?
        let firstSnapshot = Measure.seconds {
            registry = try? ChangerShortcuts.makeRegistry(magazines: { magazineEntities }, library: names)
        }
        guard let registry else {
            print("The catalog does not register.")
            return
        }
        let heapWithIndex = Measure.residentBytes()
        let artists = registry.snapshot.entities[ChangerCatalog.artistType]?.count ?? 0

        // A rescan that finds the library changed: new names, the snapshot compiled again.
        var renames: [Double] = []
        var rebuilds: [Double] = []
        var namesFromScan: [Double] = []
        for round in 0..<5 {
            var changed = library
            changed.albums[round].title = "Rescanned \(round)"
            namesFromScan.append(Measure.seconds { names.update(changed) })
            rebuilds.append(Measure.seconds { registry.updateShortcutParameters() })
            // A magazine renamed, the library as it was: its compiled names are kept.
            renames.append(Measure.seconds { registry.updateShortcutParameters() })
        }

        let sample = library.albums[4321]
        let song = library.albums[8765].tracks[3]
        let sentences = [
            "next song", "turn the volume down to 20", "skip ahead 30 seconds", "play disc 3",
            "play \(sample.title)", "play the album \(sample.title) by \(sample.artist)", "play the song \(song.title)",
            "play \(song.title) by \(song.artist)", "play something by \(library.albums[777].artist)",
            "put \(library.albums[999].title) in slot 2", "what's playing", "stop",
            "nxt song", "dance the tango with me", "play the zebra disc in the garage please", String(repeating: "blah ", count: 2_000),
        ]
        let rounds = 5, iterations = 200
        let clock = ContinuousClock()
        var rows: [[String]] = []
        var allPass = true
        for sentence in sentences {
            for _ in 0..<20 { _ = registry.resolve(sentence) }
            var samples: [Double] = []
            var roundWorsts: [Double] = []
            var outcome = ""
            for _ in 0..<rounds {
                var worst = 0.0
                for _ in 0..<iterations {
                    var resolution: Resolution?
                    let duration = clock.measure { resolution = registry.resolve(sentence) }
                    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                    samples.append(seconds)
                    worst = max(worst, seconds)
                    outcome = resolution.map { $0.invocation?.intent ?? $0.outcome } ?? "?"
                }
                roundWorsts.append(worst)
            }
            let median = Measure.median(samples), roundWorst = roundWorsts.min() ?? 0
            let pass = median < 0.000_5 && roundWorst < 0.005
            allPass = allPass && pass
            let label = sentence.count > 44 ? String(sentence.prefix(41)) + "…" : sentence
            rows.append([label, outcome, milliseconds(median), milliseconds(Measure.percentile(samples, 0.99)), milliseconds(samples.max() ?? 0),
                         milliseconds(roundWorst), Measure.verdict(pass)])
        }
        Measure.printTable(title: "Resolve with the library (\(rounds) rounds × \(iterations) runs; worst and round worst as above)",
                           header: ["sentence", "outcome", "median ms", "p99 ms", "worst ms", "round worst ms", "pass"], rows: rows)
        print("Targets: median < 0.500 ms, round worst < 5.000 ms — \(allPass ? "all pass" : "SOME FAIL")")

        // A reference measured in the same run, for a machine shared with other work: putting every
        // name into a set once, the least any index of these names costs.
        let allNames = [names.songs, names.albums, names.artists].flatMap { $0.flatMap { [$0.displayName] + $0.synonyms } }
        var references: [Double] = []
        for _ in 0..<5 {
            references.append(Measure.seconds {
                var set = Set<String>(minimumCapacity: allNames.count)
                for name in allNames { set.insert(name) }
                precondition(!set.isEmpty)
            })
        }
        let reference = Measure.median(references)
        let rebuild = Measure.median(rebuilds)
        let indexBytes = registry.nameIndexBytes
        let megabyte = 1_048_576.0
        Measure.printTable(title: "Snapshot and memory (\(trackCount) tracks, \(library.albums.count) albums, \(artists) artists)",
                           header: ["measure", "value", "target", "pass"], rows: [
            ["names from a scan (LibraryEntities), median of 5", milliseconds(Measure.median(namesFromScan)) + " ms", "", ""],
            ["snapshot rebuild after a rescan, median of 5", milliseconds(rebuild) + " ms", "< 200 ms", Measure.verdict(rebuild < 0.2)],
            ["snapshot rebuild after a rescan, best and worst of 5", milliseconds(rebuilds.min() ?? 0) + " / " + milliseconds(rebuilds.max() ?? 0) + " ms", "", ""],
            ["reference: every name (\(allNames.count)) into a set once, median", milliseconds(reference) + " ms", "", ""],
            ["snapshot rebuild ÷ reference", String(format: "%.1f×", rebuild / reference), "", ""],
            ["snapshot after a magazine rename (library kept), median", milliseconds(Measure.median(renames)) + " ms", "", ""],
            ["first snapshot (registration)", milliseconds(firstSnapshot) + " ms", "", ""],
            ["first names from the library", milliseconds(entitySeconds) + " ms", "", ""],
            ["name index: tries + vocabulary", String(format: "%.1f MB", Double(indexBytes) / megabyte), "< 40 MB", Measure.verdict(Double(indexBytes) < 40 * megabyte)],
            ["resident memory for the entities (names, synonyms, subtitles, ids)", String(format: "%.1f MB", Double(heapWithEntities - heapBefore) / megabyte), "", ""],
            ["resident memory for the registry and its first snapshot", String(format: "%.1f MB", Double(heapWithIndex - heapWithEntities) / megabyte), "", ""],
        ])
    }
}
