extension LibraryScanner {
    /// The albums under `root` as `cache` remembers them from the last scan, without looking at a
    /// single folder or file; nil when the cache knows no file under `root`. For a player told not
    /// to scan at start (`scan-on-start = no` in the settings file).
    public func rememberedLibrary(_ root: LibraryPath, cache: ScanCache) -> Library? {
        let base = root.resolved() ?? root
        let prefix = base.bytes.last == UInt8(ascii: "/") ? base.bytes : base.bytes + [UInt8(ascii: "/")]
        let files = cache.entries.values.filter { $0.path.bytes.starts(with: prefix) }
        guard !files.isEmpty else { return nil }
        let albums = Dictionary(grouping: files) { $0.path.parent }
            .map { folder, entries in AlbumBuilder.album(at: folder, root: base, files: entries.map { ($0.path, $0.result) }) }
            .sorted { $0.path < $1.path }
        return Library(root: base, albums: albums)
    }
}

extension ScanCache.Entry {
    /// What reading the file gave when it was last read.
    var result: Result<TrackInfo, UnreadableReason> {
        if let info { return .success(info) }
        return .failure(UnreadableReason(problem ?? "unreadable"))
    }
}
