import AudioDecoding
import BuiltInDecoders
import Dispatch
import Synchronization
import SystemSupport

/// The albums found under a music folder, in natural folder order, and what could not be read.
public struct Library: Sendable {
    public var root: LibraryPath
    public var albums: [Album]
    /// Folders that could not be entered and similar problems, in words for the user.
    public var problems: [String]

    public init(root: LibraryPath, albums: [Album], problems: [String] = []) {
        self.root = root
        self.albums = albums
        self.problems = problems
    }

    /// The album whose folder is `path`.
    public func album(at path: LibraryPath) -> Album? { albums.first { $0.path == path } }

    /// Albums whose title is `title`, ignoring case; if none, those whose title contains it.
    public func albums(titled title: String) -> [Album] {
        let wanted = title.lowercased()
        let exact = albums.filter { $0.title.lowercased() == wanted }
        return exact.isEmpty ? albums.filter { $0.title.lowercased().contains(wanted) } : exact
    }
}

/// Finds albums below a folder and reads their tracks' tags, reusing a `ScanCache` for unchanged files.
///
/// A disc is a folder that directly holds files a registered decoder reads (chosen by their
/// extension: `.mp3`, `.flac`, `.ogg` and `.opus` with the built-in decoders); folders below it are searched too. Hidden
/// entries are skipped, symbolic links are followed, and a link loop is entered only once.
public struct LibraryScanner: Sendable {
    /// Which files are tracks: those whose extension a decoder here reads.
    public var decoders: DecoderRegistry
    public var reader: any TrackInfoReader

    /// Reads tracks with `decoders` too.
    public init(decoders: DecoderRegistry = .builtIn) {
        self.init(decoders: decoders, reader: DecoderTrackInfoReader(decoders: decoders))
    }

    public init(decoders: DecoderRegistry = .builtIn, reader: any TrackInfoReader) {
        self.decoders = decoders
        self.reader = reader
    }

    /// The files taken as tracks, for messages: ".mp3, .flac, .ogg or .opus files" with the built-in decoders.
    public var trackFilesDescription: String {
        let names = decoders.fileExtensions.map { "." + $0 }
        guard let last = names.last else { return "no files (no decoder is registered)" }
        return (names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + last : last) + " files"
    }

    /// Scans `root`, updating `cache` with what had to be read.
    public func scan(_ root: LibraryPath, cache: inout ScanCache) -> Library {
        let base = root.resolved() ?? root
        var problems: [String] = []
        guard let status = FileSystem.status(of: base), status.isDirectory else {
            return Library(root: base, albums: [], problems: ["The music folder \(root.displayName) does not exist or is not a folder."])
        }
        var folders: [(path: LibraryPath, files: [(path: LibraryPath, status: FileSystem.Status)])] = []
        var visited: Set<[UInt64]> = [[status.device, status.inode]]
        var pending = [base]
        while let folder = pending.popLast() {
            let names: [[UInt8]]
            switch FileSystem.entries(of: folder) {
            case .success(let found): names = found
            case .failure(let error):
                problems.append("Can't read the folder \(folder.displayName): \(error.reason).")
                continue
            }
            var files: [(path: LibraryPath, status: FileSystem.Status)] = []
            var subfolders: [LibraryPath] = []
            for name in names where name.first != UInt8(ascii: ".") {
                let path = folder.appending(name)
                guard let entry = FileSystem.status(of: path) else { continue }
                if entry.isDirectory {
                    if visited.insert([entry.device, entry.inode]).inserted { subfolders.append(path) }
                } else if entry.isRegularFile, decoders.decoder(forPath: path.bytes) != nil {
                    files.append((path, entry))
                }
            }
            if !files.isEmpty { folders.append((folder, files)) }
            pending.append(contentsOf: subfolders.sorted(by: >))
        }

        let results = readAll(folders.flatMap(\.files), cache: &cache)
        cache.removeEntries(under: base, except: Set(results.keys))
        let albums = folders
            .map { folder in AlbumBuilder.album(at: folder.path, root: base, files: folder.files.map { ($0.path, results[$0.path]!) }) }
            .sorted { $0.path < $1.path }
        return Library(root: base, albums: albums, problems: problems)
    }

    /// Whether some folder below `path`, looked at `depth` levels deep, directly holds files one
    /// of `decoders` reads (hidden entries skipped): a quick look, without reading any file.
    public static func holdsAlbums(_ path: LibraryPath, depth: Int = 4, decoders: DecoderRegistry = .builtIn) -> Bool {
        guard depth >= 0, case .success(let names) = FileSystem.entries(of: path) else { return false }
        let visible = names.filter { $0.first != UInt8(ascii: ".") }.map(path.appending)
        if visible.contains(where: { decoders.decoder(forPath: $0.bytes) != nil && FileSystem.status(of: $0)?.isRegularFile == true }) { return true }
        return visible.contains { FileSystem.status(of: $0)?.isDirectory == true && holdsAlbums($0, depth: depth - 1, decoders: decoders) }
    }

    /// Scans one album folder on its own (an album loaded from outside the music folder).
    public func scanAlbum(_ folder: LibraryPath, cache: inout ScanCache) -> Album? {
        guard let base = folder.resolved(), case .success(let names) = FileSystem.entries(of: base) else { return nil }
        let files = names.filter { $0.first != UInt8(ascii: ".") }.compactMap { name -> (path: LibraryPath, status: FileSystem.Status)? in
            let path = base.appending(name)
            guard decoders.decoder(forPath: path.bytes) != nil, let status = FileSystem.status(of: path), status.isRegularFile else { return nil }
            return (path, status)
        }
        guard !files.isEmpty else { return nil }
        let results = readAll(files, cache: &cache)
        return AlbumBuilder.album(at: base, root: base.parent, files: files.map { ($0.path, results[$0.path]!) })
    }

    /// Reads every file the cache doesn't know, on all cores, and returns each file's result.
    private func readAll(
        _ files: [(path: LibraryPath, status: FileSystem.Status)], cache: inout ScanCache
    ) -> [LibraryPath: Result<TrackInfo, UnreadableReason>] {
        var results: [LibraryPath: Result<TrackInfo, UnreadableReason>] = [:]
        results.reserveCapacity(files.count)
        var unknown: [(path: LibraryPath, status: FileSystem.Status)] = []
        for file in files {
            if let known = cache.lookup(file.path, size: file.status.size, modified: file.status.modificationNanoseconds) {
                results[file.path] = known
            } else {
                unknown.append(file)
            }
        }
        let toRead = unknown.map(\.path)
        let fresh = Mutex([Result<TrackInfo, UnreadableReason>?](repeating: nil, count: toRead.count))
        let reader = self.reader
        DispatchQueue.concurrentPerform(iterations: toRead.count) { index in
            let result = reader.readInfo(at: toRead[index])
            fresh.withLock { $0[index] = result }
        }
        let read = fresh.withLock { $0 }
        for (file, result) in zip(unknown, read) {
            guard let result else { continue }
            results[file.path] = result
            cache.store(result, for: file.path, size: file.status.size, modified: file.status.modificationNanoseconds)
        }
        return results
    }
}
