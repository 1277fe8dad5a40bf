import ChangerIntents
import ChangerKit
import Dashboard
import MusicLibrary

/// `cdchanger library [--json]`: the albums in the music folder.
enum LibraryCommand {
    static let description = CommandDescription(
        words: ["library"],
        synopsis: "library [--json]",
        summary: "List the albums (discs) found in the music folder.",
        options: [OptionHelp("--json", "print the albums as JSON (path, title, artist, trackCount, duration, unreadableFiles)")],
        run: { arguments, environment in
            _ = try arguments.exactly([])
            return try run(json: arguments.flag("--json"), environment: environment)
        }
    )

    /// One album as `library --json` prints it.
    struct AlbumRecord: Encodable {
        /// The folder as `LibraryPath.storageText`: the path, or `base64:…` when it is not UTF-8.
        var path: String
        var title: String
        var artist: String
        var trackCount: Int
        var duration: Double
        var unreadableFiles: [String]?
    }

    static func run(json: Bool, environment: CommandEnvironment) throws -> Int32 {
        let context = environment.context
        let library = context.shelf.library
        if json {
            let records = library.albums.map { album in
                AlbumRecord(
                    path: album.path.storageText, title: album.title, artist: album.artist,
                    trackCount: album.tracks.count, duration: (album.duration * 1000).rounded() / 1000,
                    unreadableFiles: album.unreadableFiles.isEmpty ? nil : album.unreadableFiles.map { "\($0.path.lastComponent.displayName): \($0.reason)" }
                )
            }
            environment.out(try Formatting.prettyJSON(records))
            return 0
        }
        environment.out("Music folder: \(library.root.displayName) (\(context.musicFolder.source.rawValue))")
        if let notice = context.musicFolderNotice { environment.out(notice) }
        guard !library.albums.isEmpty else { return 0 }
        let titleWidth = min(32, library.albums.map { DisplayWidth.of($0.title) }.max() ?? 10)
        let artistWidth = min(24, library.albums.map { DisplayWidth.of($0.artist) }.max() ?? 10)
        for (index, album) in library.albums.enumerated() {
            let tracks = "\(album.tracks.count) track\(album.tracks.count == 1 ? "" : "s")"
            var line = "\(Formatting.padded(String(index + 1), to: 4))\(Formatting.padded(album.title, to: titleWidth))  "
            line += "\(Formatting.padded(album.artist, to: artistWidth))  \(Formatting.padded(tracks, to: 10)) \(Formatting.padded(ClockText.minutesAndSeconds(album.duration), to: 8)) \(album.path.displayName)"
            environment.out(line)
            for file in album.unreadableFiles {
                environment.out("      skipped \(file.path.lastComponent.displayName): \(file.reason)")
            }
        }
        for warning in MagazineEntities.libraryCollisionWarnings(in: try environment.registry) {
            environment.out("Note: " + warning)
        }
        return 0
    }
}
