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

    /// Albums whose title is `title`, ignoring case; if none, those whose title contains it; if
    /// none, those whose folder's name is it or contains it.
    public func albums(titled title: String) -> [Album] {
        let wanted = title.lowercased()
        let folderName = { (album: Album) in album.path.lastComponent.displayName.lowercased() }
        for matches in [
            { (album: Album) in album.title.lowercased() == wanted }, { $0.title.lowercased().contains(wanted) },
            { folderName($0) == wanted }, { folderName($0).contains(wanted) },
        ] as [(Album) -> Bool] {
            let found = albums.filter(matches)
            if !found.isEmpty { return found }
        }
        return []
    }
}

/// What a walk through a music folder found before reading any file: the folders that directly
/// hold track files (in album order) with their files, and what could not be entered.
public struct LibrarySurvey: Sendable {
    /// One folder that is a disc, and its track files.
    struct Folder: Sendable {
        var path: LibraryPath
        var files: [(path: LibraryPath, status: FileSystem.Status)]
    }

    public let root: LibraryPath
    let folders: [Folder]
    public let problems: [String]

    /// The album folders, in album order.
    public var folderPaths: [LibraryPath] { folders.map(\.path) }

    /// How many track files there are.
    public var fileCount: Int { folders.reduce(0) { $0 + $1.files.count } }

    /// How many files `cache` does not know (new or changed): what a scan would have to read.
    public func unreadCount(in cache: ScanCache) -> Int {
        folders.reduce(0) { total, folder in
            total + folder.files.filter { cache.lookup($0.path, size: $0.status.size, modified: $0.status.modificationNanoseconds) == nil }.count
        }
    }
}

/// How far reading a library's files has come, in words: "Scanning 3,412 of 10,000 files…".
public struct ScanProgress: Equatable, Sendable, CustomStringConvertible {
    /// Files known so far (from the cache, or read), of all the files.
    public var read: Int
    public var total: Int

    public init(read: Int, total: Int) {
        self.read = read
        self.total = total
    }

    public var description: String {
        "Scanning \(ScanProgress.grouped(read)) of \(ScanProgress.grouped(total)) files\u{2026}"
    }

    /// 10000 → "10,000".
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

/// Finds albums below a folder and reads their tracks' tags, reusing a `ScanCache` for unchanged files.
///
/// A disc is a folder that directly holds files a registered decoder reads (chosen by their
/// extension: `.mp3`, `.flac`, `.ogg` and `.opus` with the built-in decoders); folders below it are searched too. Hidden
/// entries are skipped, symbolic links are followed, and a link loop is entered only once.
/// A scan is a `survey` (the walk: only `stat`, fast) and a `read` of the files the cache doesn't
/// know (the slow part of a first scan), which reports its progress and can be left for later.
public struct LibraryScanner: Sendable {
    /// Which files are tracks: those whose extension a decoder here reads.
    public var decoders: DecoderRegistry
    public var reader: any TrackInfoReader
    /// Files read between two progress reports.
    public static let progressBatch = 200

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

    /// Scans `root`, updating `cache` with what had to be read; `progress` hears after every batch of files read.
    public func scan(_ root: LibraryPath, cache: inout ScanCache, progress: ((ScanProgress) -> Void)? = nil) -> Library {
        read(survey(root), cache: &cache, progress: progress)
    }

    /// Walks `root` (following links, entering each folder once, skipping hidden entries) and lists
    /// the folders that directly hold files a registered decoder reads, without reading any.
    public func survey(_ root: LibraryPath) -> LibrarySurvey {
        let base = root.resolved() ?? root
        var problems: [String] = []
        guard let status = FileSystem.status(of: base), status.isDirectory else {
            return LibrarySurvey(root: base, folders: [], problems: ["The music folder \(root.displayName) does not exist or is not a folder."])
        }
        var folders: [LibrarySurvey.Folder] = []
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
            if !files.isEmpty { folders.append(LibrarySurvey.Folder(path: folder, files: files)) }
            pending.append(contentsOf: subfolders.sorted(by: >))
        }
        return LibrarySurvey(root: base, folders: folders.sorted { $0.path < $1.path }, problems: problems)
    }

    /// Reads the surveyed files the cache doesn't know and builds the albums: all of them, or only
    /// those in `only` (the discs in the slots, when the rest is read later). A full read also
    /// forgets cache entries of files that went.
    public func read(_ survey: LibrarySurvey, only: Set<LibraryPath>? = nil, cache: inout ScanCache, progress: ((ScanProgress) -> Void)? = nil) -> Library {
        let folders = only.map { wanted in survey.folders.filter { wanted.contains($0.path) } } ?? survey.folders
        let results = readAll(folders.flatMap(\.files), cache: &cache, progress: progress)
        if only == nil { cache.removeEntries(under: survey.root, except: Set(results.keys)) }
        let albums = folders.map { folder in
            AlbumBuilder.album(at: folder.path, root: survey.root, files: folder.files.map { ($0.path, results[$0.path]!) })
        }
        return Library(root: survey.root, albums: albums, problems: survey.problems)
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

    /// Reads every file the cache doesn't know, on all cores, in batches (reporting after each),
    /// and returns each file's result.
    private func readAll(
        _ files: [(path: LibraryPath, status: FileSystem.Status)], cache: inout ScanCache, progress: ((ScanProgress) -> Void)? = nil
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
        let reader = self.reader
        var done = 0
        while done < unknown.count {
            let batch = Array(unknown[done..<min(unknown.count, done + LibraryScanner.progressBatch)])
            let fresh = Mutex([Result<TrackInfo, UnreadableReason>?](repeating: nil, count: batch.count))
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let result = reader.readInfo(at: batch[index].path)
                fresh.withLock { $0[index] = result }
            }
            for (file, result) in zip(batch, fresh.withLock { $0 }) {
                guard let result else { continue }
                results[file.path] = result
                cache.store(result, for: file.path, size: file.status.size, modified: file.status.modificationNanoseconds)
            }
            done += batch.count
            progress?(ScanProgress(read: files.count - unknown.count + done, total: files.count))
        }
        return results
    }
}
