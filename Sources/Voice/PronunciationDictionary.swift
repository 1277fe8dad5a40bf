import Glibc

/// The CMU pronouncing dictionary (`cmudict-en-us.dict`), mapped read-only from its file
/// (`mmap`) with an index of its lines sorted by word: 0.5 MB of index instead of the 20+ MB
/// that the decoder needs to hold all 134k words (see docs/voice.md). The file's pages are only
/// needed while a grammar is built; `releasePages()` hands them back to the page cache after.
/// Lookups are case-insensitive.
public struct PronunciationDictionary: Sendable {
    private let text: MappedText
    /// The start offset of every line, ordered by the line's word and then by place in the file
    /// (the file itself is not in byte order), so a word's variants are side by side and in the
    /// file's order. A binary search finds a word.
    private let lineStarts: [Int32]

    /// Maps the dictionary at `path` (lines "word PH PH", variants "word(2) PH PH") and indexes it.
    public init(path: String) throws(DecoderError) {
        guard let text = MappedText(path: path) else {
            throw DecoderError("cannot open the dictionary \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = text.bytes
        var lineCount = 0
        Self.forEachLineStart(in: bytes) { _ in lineCount += 1 }
        var lineStarts: [Int32] = []
        lineStarts.reserveCapacity(lineCount)
        Self.forEachLineStart(in: bytes) { lineStarts.append(Int32($0)) }
        lineStarts.sort { first, second in
            let order = Self.compareWord(bytes, at: Int(first), with: bytes, at: Int(second))
            return order == 0 ? first < second : order < 0
        }
        self.text = text
        self.lineStarts = lineStarts
    }

    /// Lets the kernel take back the file's pages until the next lookup needs them
    /// (`madvise(MADV_DONTNEED)`): between grammar builds the text costs no resident memory.
    public func releasePages() { text.releasePages() }

    /// Number of entries (pronunciations, variants included).
    public var entryCount: Int { lineStarts.count }

    /// Every pronunciation of `word` (lowercased), as CMU phones, in the file's order; empty if
    /// the word is not there.
    public func pronunciations(of word: String) -> [[String]] {
        let key = Array(word.lowercased().utf8)
        guard !key.isEmpty, !key.contains(where: Self.isWordEnd) else { return [] }
        let bytes = text.bytes
        return key.withUnsafeBufferPointer { key in
            var low = 0
            var high = lineStarts.count
            while low < high {
                let middle = (low + high) / 2
                if Self.compareWord(bytes, at: Int(lineStarts[middle]), with: key, at: 0) < 0 { low = middle + 1 } else { high = middle }
            }
            var found: [[String]] = []
            while low < lineStarts.count, Self.compareWord(bytes, at: Int(lineStarts[low]), with: key, at: 0) == 0 {
                found.append(Self.phones(in: bytes, ofLineAt: Int(lineStarts[low])))
                low += 1
            }
            return found
        }
    }

    /// Whether `word` has a pronunciation.
    public func contains(_ word: String) -> Bool { !pronunciations(of: word).isEmpty }

    /// The word of a line ends at a space, a tab, a "(" (variant marker) or the line's end.
    private static func isWordEnd(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x28 || byte == 0x0A }

    /// Calls `body` with the start offset of every line that is not empty.
    private static func forEachLineStart(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        var start = 0
        for index in 0..<bytes.count where bytes[index] == 0x0A {
            if index > start { body(start) }
            start = index + 1
        }
        if start < bytes.count { body(start) }
    }

    /// Byte order of the word at `start` of `bytes` against the word at `otherStart` of `other`
    /// (each up to its end): negative, 0 or positive. A word that begins the other comes first.
    private static func compareWord(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                                    with other: UnsafeBufferPointer<UInt8>, at otherStart: Int) -> Int {
        var index = start
        var otherIndex = otherStart
        while true {
            let ended = index >= bytes.count || isWordEnd(bytes[index])
            let otherEnded = otherIndex >= other.count || isWordEnd(other[otherIndex])
            if ended || otherEnded { return (ended ? 0 : 1) - (otherEnded ? 0 : 1) }
            if bytes[index] != other[otherIndex] { return Int(bytes[index]) - Int(other[otherIndex]) }
            index += 1
            otherIndex += 1
        }
    }

    private static func phones(in bytes: UnsafeBufferPointer<UInt8>, ofLineAt lineStart: Int) -> [String] {
        var end = lineStart
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        var index = lineStart
        while index < end, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        // Some entries carry a trailing comment ("# place, name"): phones stop there.
        let body = line.split(separator: "#", maxSplits: 1).first ?? ""
        return body.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }
}

/// A read-only memory map of a whole file (`mmap`; `munmap` when released). `@unchecked Sendable`
/// is safe: the memory is mapped read-only and never changes while the object lives, and
/// `madvise` only drops pages that come back unchanged from the file.
private final class MappedText: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return nil }
        let length = Int(info.st_size)
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: length)
    }

    func releasePages() {
        madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count, MADV_DONTNEED)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count)
    }
}
