#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// The albums the changer can see: the scanned library plus any album folder loaded into a slot
/// from outside it. Tells what each slot shows: empty, loaded, or missing (its folder is gone).
public struct AlbumShelf: Sendable {
    public let library: Library
    private var outside: [LibraryPath: Album]
    /// Folders found gone since the scan (checked when a disc is played); their slots show missing.
    private var gone: Set<LibraryPath> = []

    /// Scans, through `cache`, the folders that slots refer to but the library doesn't hold.
    public init(library: Library, slotFolders: [LibraryPath], scanner: LibraryScanner, cache: inout ScanCache) {
        self.library = library
        let known = Set(library.albums.map(\.path))
        var outside: [LibraryPath: Album] = [:]
        for folder in Set(slotFolders) where !known.contains(folder) {
            if let album = scanner.scanAlbum(folder, cache: &cache) { outside[folder] = album }
        }
        self.outside = outside
    }

    public init(library: Library) {
        self.library = library
        self.outside = [:]
    }

    /// The album in `folder`, from the library or from a folder loaded from elsewhere.
    public func album(at folder: LibraryPath) -> Album? {
        guard !gone.contains(folder) else { return nil }
        return library.album(at: folder) ?? outside[folder]
    }

    /// Makes an album from outside the library known (after loading it into a slot), or known again
    /// after its folder was found gone.
    public mutating func add(_ album: Album) {
        gone.remove(album.path)
        if library.album(at: album.path) == nil { outside[album.path] = album }
    }

    /// Marks the albums in `folders` whose folder is no longer there as missing; returns the ones it marked.
    @discardableResult
    public mutating func markGone(among folders: [LibraryPath]) -> [LibraryPath] {
        var marked: [LibraryPath] = []
        for folder in folders where album(at: folder) != nil && !folder.isDirectory {
            gone.insert(folder)
            marked.append(folder)
        }
        return marked
    }

    /// What a slot holding `folder` shows.
    public func state(ofSlot folder: LibraryPath?) -> SlotState {
        guard let folder else { return .empty }
        guard let album = album(at: folder) else { return .missing(folder) }
        return .loaded(album)
    }

    /// Finds the album a user named: a folder path (absolute, relative, or starting with "~"; or
    /// `base64:…`, as JSON gives a path that is not UTF-8), else an album title (exact, ignoring
    /// case; else the one title containing it).
    public func findAlbum(_ query: String, scanner: LibraryScanner, cache: inout ScanCache) -> Result<Album, AlbumLookupError> {
        let expanded = query.hasPrefix("~/") ? FileManager.default.homeDirectoryForCurrentUser.path + query.dropFirst(1) : query
        let path = LibraryPath(storageText: expanded) ?? LibraryPath(expanded)
        if query.contains("/") || path.isDirectory {
            guard let folder = path.resolved() else {
                return .failure(.noSuchFolder(query))
            }
            if let album = album(at: folder) ?? scanner.scanAlbum(folder, cache: &cache) { return .success(album) }
            return .failure(.noMusicInFolder(query, trackFiles: scanner.trackFilesDescription))
        }
        let titled = library.albums(titled: query)
        switch titled.count {
        case 1: return .success(titled[0])
        case 0: return .failure(.notFound(query))
        default: return .failure(.ambiguous(query, candidates: titled.map { "\($0.title) (\($0.path.displayName))" }))
        }
    }
}

/// Why an album a user named could not be found.
public enum AlbumLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchFolder(String)
    /// The folder, and the files that would have been tracks (".mp3, .flac, .ogg or .opus files").
    case noMusicInFolder(String, trackFiles: String)
    case notFound(String)
    case ambiguous(String, candidates: [String])

    public var description: String {
        switch self {
        case .noSuchFolder(let query): "There is no folder \(query)."
        case .noMusicInFolder(let query, let trackFiles): "The folder \(query) holds no \(trackFiles)."
        case .notFound(let query): "No album in the library is called \u{201C}\(query)\u{201D}. See `cdchanger library` for the albums there are."
        case .ambiguous(let query, let candidates):
            "\u{201C}\(query)\u{201D} matches several albums: \(candidates.joined(separator: "; ")). Give the folder path instead."
        }
    }
}
