import Glibc

/// A model file PocketSphinx maps into memory rather than reading it (`-mmap yes`, its default):
/// the model definition (`mdef`, 137,053 triphones), which a search build reads through to find
/// the phone models of every word in every context, and the mixture weights (`sendump`), which
/// every turn reads whole. Between builds and turns the decoder needs only a small part of them,
/// so the pages a build or a turn touched can go back to the page cache (`madvise(MADV_DONTNEED)` over each mapping of the
/// file that `/proc/self/maps` lists); what a later turn or build reads comes back from the cache
/// (docs/voice.md, "Speed and memory").
struct MappedModelFile {
    /// The file's path as the kernel names it in `/proc/self/maps` (links resolved).
    let path: String

    init(path: String) {
        guard let resolved = realpath(path, nil) else {
            self.path = path
            return
        }
        self.path = String(cString: resolved)
        free(resolved)
    }

    /// Hands back the resident pages of every mapping of the file in this process; returns how
    /// many bytes of mappings it advised (0 when the file is not mapped, e.g. `-mmap no`).
    @discardableResult
    func releasePages() -> Int {
        var advised = 0
        for range in mappedRanges() {
            if madvise(UnsafeMutableRawPointer(bitPattern: range.lowerBound), range.count, MADV_DONTNEED) == 0 {
                advised += range.count
            }
        }
        return advised
    }

    /// The address ranges `/proc/self/maps` lists for the file ("start-end perms offset dev inode path").
    func mappedRanges() -> [Range<UInt>] {
        guard let bytes = FileBytes.read("/proc/self/maps") else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var ranges: [Range<UInt>] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].drop(while: { $0 == " " }) == path else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                  start < end else { continue }
            ranges.append(start..<end)
        }
        return ranges
    }
}
