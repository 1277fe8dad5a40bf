import Foundation
import MusicLibrary
import Testing
import TestSupport

/// The bundled demo library, as the manifest written by scripts/make-demo-library.sh describes it.
struct DemoManifest: Decodable {
    struct Album: Decodable {
        var folder: String
        var title: String
        var artist: String
        var sampleRate: Int
        var hasInfoFrame: Bool
        var tracks: [Track]
    }

    struct Track: Decodable {
        var file: String
        var title: String
        var track: Int
        var samples: Int
    }

    var albums: [Album]

    static func load() throws -> DemoManifest {
        let url = ProjectPaths.root.appendingPathComponent("Assets/DemoLibrary.manifest.json")
        return try JSONDecoder().decode(DemoManifest.self, from: Data(contentsOf: url))
    }
}

@Suite("The bundled demo library")
struct DemoLibraryTests {
    @Test("scanning finds the six albums with their tags, in order, with exact lengths where there is an info frame")
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
                // Without an info frame libmpg123 estimates the length from the file size until it scans.
                #expect(abs(track.duration - exact) < (expected.hasInfoFrame ? 0.001 : 0.5), "\(track.fileName)")
                #expect((10...30).contains(track.duration))
            }
        }
    }
}
