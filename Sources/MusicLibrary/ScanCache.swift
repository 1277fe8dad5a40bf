#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Remembers what each file's tags said, keyed by path, size and modification time, so that
/// re-scanning an unchanged library reads no audio files at all. Kept as JSON in the state folder.
///
/// A cache file that is missing, damaged or from another version is simply ignored: it is only a cache.
public struct ScanCache: Sendable {
    /// One remembered file.
    struct Entry: Codable, Sendable {
        var path: LibraryPath
        var size: Int64
        var modified: Int64
        var info: TrackInfo?
        var problem: String?
    }

    private struct FileContents: Codable {
        var version: Int
        var entries: [Entry]
    }

    /// 2: files' genres and years are remembered too.
    static let version = 2
    var entries: [LibraryPath: Entry] = [:]
    /// Whether anything changed since the cache was loaded.
    public private(set) var isModified = false

    public init() {}

    /// Loads the cache at `file`; an unreadable file gives an empty cache.
    public init(contentsOf file: URL) {
        guard let data = try? Data(contentsOf: file),
              let contents = try? JSONDecoder().decode(FileContents.self, from: data),
              contents.version == ScanCache.version else { return }
        entries = Dictionary(contents.entries.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Writes the cache to `file` atomically (a temporary file renamed over it).
    public func write(to file: URL) throws {
        let sorted = entries.values.sorted { $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) }
        let data = try JSONEncoder().encode(FileContents(version: ScanCache.version, entries: sorted))
        try AtomicFile.write(data, to: file)
    }

    public var count: Int { entries.count }

    /// The remembered result for a file whose size and modification time still match.
    func lookup(_ path: LibraryPath, size: Int64, modified: Int64) -> Result<TrackInfo, UnreadableReason>? {
        guard let entry = entries[path], entry.size == size, entry.modified == modified else { return nil }
        if let info = entry.info { return .success(info) }
        return .failure(UnreadableReason(entry.problem ?? "unreadable"))
    }

    mutating func store(_ result: Result<TrackInfo, UnreadableReason>, for path: LibraryPath, size: Int64, modified: Int64) {
        var entry = Entry(path: path, size: size, modified: modified)
        switch result {
        case .success(let info): entry.info = info
        case .failure(let reason): entry.problem = reason.description
        }
        entries[path] = entry
        isModified = true
    }

    /// Forgets files under `root` that the latest scan did not see.
    mutating func removeEntries(under root: LibraryPath, except seen: Set<LibraryPath>) {
        let prefix = root.bytes.last == UInt8(ascii: "/") ? root.bytes : root.bytes + [UInt8(ascii: "/")]
        let stale = entries.keys.filter { $0.bytes.starts(with: prefix) && !seen.contains($0) }
        for path in stale { entries[path] = nil }
        if !stale.isEmpty { isModified = true }
    }
}
