import AudioDecoding
import BuiltInDecoders
import Foundation
import MPEGAudio
import MusicLibrary
import Testing
import TestSupport

/// The bundled demo library, as Assets/DemoLibrary.manifest.json describes it (the description
/// scripts/make-demo-library.sh builds the library from, with the numbers it measured).
struct DemoManifest: Decodable {
    struct Album: Decodable {
        var folder: String
        var title: String
        var artist: String
        var sampleRate: Int
        var channels: Int
        var hasInfoFrame: Bool
        var gapless: Bool
        var tracks: [Track]
        var originalSamples: Int?
        /// The one format of the album's tracks.
        var format: String? { Set(tracks.map(\.format)).count == 1 ? tracks.first?.format : nil }
        var cutPoints: [Int]?
    }

    struct Track: Decodable {
        var file: String
        var title: String
        var format: String
        var track: Int
        var samples: Int
        var bytes: Int
        var startSample: Int?
    }

    var albums: [Album]
    var totalBytes: Int

    static func load() throws -> DemoManifest {
        let url = ProjectPaths.root.appendingPathComponent("Assets/DemoLibrary.manifest.json")
        return try JSONDecoder().decode(DemoManifest.self, from: Data(contentsOf: url))
    }

    /// The path of a track's file.
    func path(_ album: Album, _ track: Track) -> String {
        ProjectPaths.demoLibrary.appendingPathComponent(album.folder).appendingPathComponent(track.file).path
    }
}

@Suite("The bundled demo library")
struct DemoLibraryTests {
    /// Names in a folder in byte order (the order the scanner and the folders' disc order use).
    func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    @Test("scanning finds the eight albums with their tags, in order, with exact lengths except for MP3s without an info frame")
    func scansAsDescribed() throws {
        let manifest = try DemoManifest.load()
        var cache = ScanCache()
        let library = LibraryScanner().scan(LibraryPath(ProjectPaths.demoLibrary.path), cache: &cache)
        #expect(library.problems.isEmpty)
        #expect(library.albums.map(\.title) == manifest.albums.map(\.title))
        #expect(library.albums[2].title == "Night Drive")
        for (album, expected) in zip(library.albums, manifest.albums) {
            #expect(album.artist == expected.artist)
            #expect(album.tracks.map(\.title) == expected.tracks.map(\.title))
            #expect(album.tracks.map(\.trackNumber) == expected.tracks.map(\.track))
            #expect(album.unreadableFiles.isEmpty)
            for (track, expectedTrack) in zip(album.tracks, expected.tracks) {
                let exact = Double(expectedTrack.samples) / Double(expected.sampleRate)
                // Without an info frame libmpg123 estimates the length from the file size until it
                // scans; FLAC (STREAMINFO) and Opus (the last page's position) are exact.
                let estimated = expected.format == "mp3" && !expected.hasInfoFrame
                #expect(abs(track.duration - exact) < (estimated ? 0.5 : 0.001), "\(track.fileName)")
                #expect((10...30).contains(track.duration))
            }
        }
    }

    @Test("the folders and files on disk are the manifest's, in disc order, and nothing else")
    func layout() throws {
        let manifest = try DemoManifest.load()
        #expect(manifest.albums.count == 8)
        #expect(try names(in: ProjectPaths.demoLibrary.path) == manifest.albums.map(\.folder))
        #expect(manifest.albums[2].folder.hasSuffix(" - Night Drive"))
        for album in manifest.albums {
            #expect(album.folder == "\(album.artist) - \(album.title)")
            #expect(album.tracks.count >= 3, "\(album.folder)")
            let folder = ProjectPaths.demoLibrary.appendingPathComponent(album.folder).path
            #expect(try names(in: folder) == album.tracks.map(\.file), "\(album.folder)")
            for (index, track) in album.tracks.enumerated() {
                #expect(track.track == index + 1)
                #expect(["mp3", "flac", "opus"].contains(track.format), "\(track.file)")
                #expect(track.file == String(format: "%02d %@.%@", index + 1, track.title, track.format))
            }
        }
    }

    @Test("every file decodes to the manifest's rate, channels and sample count, 10 to 30 s long, info frame as recorded")
    func decodesAsRecorded() throws {
        let manifest = try DemoManifest.load()
        for album in manifest.albums {
            for track in album.tracks where track.format != "mp3" {
                let decoder = try DecoderRegistry.builtIn.open(Array(manifest.path(album, track).utf8))
                #expect(decoder.format.sampleRate == album.sampleRate && decoder.format.channels == album.channels, "\(track.file)")
                #expect(decoder.length == AudioLength(frames: track.samples, isExact: true), "\(track.file)")
                #expect(try decoder.measureExactLength() == track.samples, "\(track.file)")
                #expect((10.0...30.0).contains(Double(track.samples) / Double(album.sampleRate)), "\(track.file)")
            }
            for track in album.tracks where track.format == "mp3" {
                let file = try MPEGFile(path: Array(manifest.path(album, track).utf8))
                let format = try file.format()
                #expect(format.sampleRate == album.sampleRate && format.channels == album.channels, "\(track.file)")
                // A LAME info frame makes the length exact before any scan.
                #expect(file.lengthIsExact() == album.hasInfoFrame, "\(track.file)")
                try file.scan()
                #expect(file.lengthInFrames() == track.samples, "\(track.file)")
                #expect((10.0...30.0).contains(Double(track.samples) / Double(album.sampleRate)), "\(track.file)")
            }
        }
    }

    @Test("every MP3 has an ID3v2 tag at the start and an ID3v1 tag at the end; sizes are as recorded and under 8 MB in all")
    func tagsAndSizes() throws {
        let manifest = try DemoManifest.load()
        var total = 0
        for album in manifest.albums {
            for track in album.tracks {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: manifest.path(album, track)))
                if track.format == "mp3" {
                    #expect(bytes.prefix(3) == Data("ID3".utf8), "\(track.file)")
                    #expect(bytes.suffix(128).prefix(3) == Data("TAG".utf8), "\(track.file)")
                }
                #expect(bytes.count == track.bytes, "\(track.file)")
                total += bytes.count
            }
        }
        #expect(total == manifest.totalBytes)
        #expect(total < 8_000_000)
    }

    @Test("it holds the cases the tests need: mono, 48 kHz, no info frame, non-ASCII text, one gapless album cut off the frame grid, a FLAC album with ReplayGain and an Opus album")
    func coversTheCases() throws {
        let manifest = try DemoManifest.load()
        let flac = try #require(manifest.albums.first { $0.format == "flac" })
        #expect(manifest.albums.contains { $0.format == "opus" && $0.sampleRate == 48000 })
        for track in flac.tracks {
            let tags = try DecoderRegistry.builtIn.open(Array(manifest.path(flac, track).utf8)).tags
            #expect(tags.replayGain.trackGain != nil && tags.replayGain.albumGain != nil && tags.replayGain.albumPeak != nil, "\(track.file)")
            #expect(tags.album == flac.title && tags.artist == flac.artist && tags.title == track.title, "\(track.file)")
        }
        #expect(manifest.albums.contains { $0.channels == 1 })
        #expect(manifest.albums.contains { $0.sampleRate == 48000 })
        #expect(manifest.albums.contains { !$0.hasInfoFrame })
        #expect(manifest.albums.contains { album in
            ([album.artist, album.title] + album.tracks.map(\.title)).contains { $0.unicodeScalars.contains { !$0.isASCII } }
        })
        let gapless = manifest.albums.filter(\.gapless)
        try #require(gapless.count == 1)
        let album = gapless[0]
        #expect(album.hasInfoFrame)
        let lengths = album.tracks.map(\.samples)
        #expect(lengths.reduce(0, +) == album.originalSamples)
        let starts = lengths.indices.map { lengths[..<$0].reduce(0, +) }
        #expect(album.tracks.map(\.startSample) == starts)
        #expect(album.cutPoints == Array(starts.dropFirst()))
        #expect(!lengths.contains { $0 % 576 == 0 } && !starts.dropFirst().contains { $0 % 576 == 0 })
    }
}
