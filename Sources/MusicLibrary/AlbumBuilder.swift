/// Turns a folder's files and their tag information into an `Album`: fallbacks to folder and file
/// names where tags are missing, and play order by disc number, track number, then natural file name.
///
/// A folder is one disc, whatever its files' tags say: its title is the album tag only when the
/// files that have one agree (else the folder's name), and the numbers order it only when no two
/// tracks share a disc and track number (else the natural file-name order).
enum AlbumBuilder {
    static func album(at folder: LibraryPath, root: LibraryPath, files: [(LibraryPath, Result<TrackInfo, UnreadableReason>)]) -> Album {
        var readable: [(path: LibraryPath, info: TrackInfo)] = []
        var unreadable: [UnreadableFile] = []
        for (path, result) in files {
            switch result {
            case .success(let info): readable.append((path, info))
            case .failure(let reason): unreadable.append(UnreadableFile(path: path, reason: reason.description))
            }
        }
        let folderName = folder.lastComponent.displayName
        let (folderArtist, folderTitle) = splitArtistAndTitle(folderName)
        let parentName = folder.parent != root && folder != root ? folder.parent.lastComponent.displayName : nil
        let albumArtist = mostCommon(readable.compactMap(\.info.albumArtist))
            ?? mostCommon(readable.compactMap(\.info.artist))
            ?? folderArtist
            ?? parentName
            ?? "Unknown Artist"
        let title = agreed(readable.compactMap(\.info.album)) ?? folderTitle

        let tracks = readable.map { file -> Track in
            let fromName = titleAndNumber(fromFileName: file.path.lastComponent)
            return Track(
                path: file.path,
                title: file.info.title ?? fromName.title,
                artist: file.info.artist ?? albumArtist,
                trackNumber: file.info.trackNumber ?? fromName.number,
                discNumber: file.info.discNumber,
                duration: file.info.duration
            )
        }
        return Album(
            path: folder, title: title, artist: albumArtist,
            tracks: tracks.sorted(by: numbersAreUnique(tracks) ? playOrder : fileNameOrder),
            genre: mostCommon(readable.compactMap(\.info.genre)),
            year: mostCommon(readable.compactMap(\.info.year)),
            unreadableFiles: unreadable.sorted { $0.path < $1.path }
        )
    }

    /// Disc number, then track number (unnumbered tracks last), then natural file-name order.
    static func playOrder(_ lhs: Track, _ rhs: Track) -> Bool {
        let left = (lhs.discNumber ?? 1, lhs.trackNumber ?? Int.max)
        let right = (rhs.discNumber ?? 1, rhs.trackNumber ?? Int.max)
        if left != right { return left < right }
        return lhs.path.lastComponent < rhs.path.lastComponent
    }

    /// Natural file-name order, for a folder whose numbers don't tell one order.
    static func fileNameOrder(_ lhs: Track, _ rhs: Track) -> Bool {
        lhs.path.lastComponent < rhs.path.lastComponent
    }

    /// Whether no two numbered tracks share a disc and track number (files of several albums in
    /// one folder, tagged 1, 1, 1, 2, 2, … do).
    static func numbersAreUnique(_ tracks: [Track]) -> Bool {
        var seen: Set<[Int]> = []
        for track in tracks {
            guard let number = track.trackNumber else { continue }
            if !seen.insert([track.discNumber ?? 1, number]).inserted { return false }
        }
        return true
    }

    /// The value when every one given is the same, else nil (none, or tags that disagree).
    static func agreed(_ values: [String]) -> String? {
        guard let first = values.first, values.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// "Artist - Album" → ("Artist", "Album"); any other name is the title alone.
    static func splitArtistAndTitle(_ name: String) -> (artist: String?, title: String) {
        guard let range = name.firstRange(of: " - ") else { return (nil, name) }
        let artist = name[..<range.lowerBound].trimmingCharacters(in: " ")
        let title = name[range.upperBound...].trimmingCharacters(in: " ")
        return artist.isEmpty || title.isEmpty ? (nil, name) : (artist, title)
    }

    /// "03 - Title.mp3", "03. Title.mp3", "03 Title.mp3" → ("Title", 3); "Title.mp3" → ("Title", nil).
    static func titleAndNumber(fromFileName name: LibraryPath) -> (title: String, number: Int?) {
        var text = name.displayName
        if let dot = text.lastIndex(of: "."), dot != text.startIndex { text = String(text[..<dot]) }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, let number = Int(digits) else { return (text, nil) }
        let rest = text.dropFirst(digits.count).drop { $0 == " " || $0 == "-" || $0 == "." || $0 == "_" }
        return rest.isEmpty ? (text, number) : (String(rest), number)
    }

    /// The value seen most often (ties: the first seen), or nil for none.
    static func mostCommon<Value: Hashable>(_ values: [Value]) -> Value? {
        var counts: [Value: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return values.max { counts[$0]! < counts[$1]! }
    }
}

extension StringProtocol {
    /// The text without leading and trailing copies of `character`.
    func trimmingCharacters(in character: Character) -> String {
        guard let first = firstIndex(where: { $0 != character }), let last = lastIndex(where: { $0 != character }) else { return "" }
        return String(self[first...last])
    }
}
