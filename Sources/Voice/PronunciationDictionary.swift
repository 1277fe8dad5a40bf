import Glibc

/// The CMU pronouncing dictionary (`cmudict-en-us.dict`), mapped read-only from its file
/// (`mmap`) with an open-addressing index over its lines: 1 MB of index instead of the 20+ MB
/// that the decoder needs to hold all 134k words (see docs/voice.md). The file's pages are only
/// needed while a grammar is built; `releasePages()` hands them back to the page cache after.
/// Lookups are case-insensitive.
public struct PronunciationDictionary: Sendable {
    private let text: MappedText
    /// Line start offsets + 1 (0 = empty slot), indexed by the hash of the line's word.
    private let slots: [Int32]
    private let mask: Int

    /// Maps the dictionary at `path` (lines "word PH PH", variants "word(2) PH PH") and indexes it.
    public init(path: String) throws(DecoderError) {
        guard let text = MappedText(path: path) else {
            throw DecoderError("cannot open the dictionary \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = text.bytes
        var lineStarts: [Int32] = []
        var start = 0
        for index in 0..<bytes.count where bytes[index] == 0x0A {
            if index > start { lineStarts.append(Int32(start)) }
            start = index + 1
        }
        if start < bytes.count { lineStarts.append(Int32(start)) }
        var size = 1
        while size < lineStarts.count * 2 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        let mask = size - 1
        for lineStart in lineStarts {
            var slot = Self.hash(bytes, from: Int(lineStart)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = lineStart + 1
        }
        self.text = text
        self.slots = slots
        self.mask = mask
    }

    /// Lets the kernel take back the file's pages until the next lookup needs them
    /// (`madvise(MADV_DONTNEED)`): between grammar builds the text costs no resident memory.
    public func releasePages() { text.releasePages() }

    /// Number of entries (pronunciations, variants included).
    public var entryCount: Int { slots.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// Every pronunciation of `word` (lowercased), as CMU phones; empty if the word is not there.
    public func pronunciations(of word: String) -> [[String]] {
        let key = Array(word.lowercased().utf8)
        guard !key.isEmpty else { return [] }
        let bytes = text.bytes
        var slot = key.withUnsafeBufferPointer { Self.hash($0, from: 0) } & mask
        var found: [[String]] = []
        while slots[slot] != 0 {
            let lineStart = Int(slots[slot]) - 1
            if Self.word(key, matches: bytes, at: lineStart) { found.append(Self.phones(in: bytes, ofLineAt: lineStart)) }
            slot = (slot + 1) & mask
        }
        return found
    }

    /// Whether `word` has a pronunciation.
    public func contains(_ word: String) -> Bool { !pronunciations(of: word).isEmpty }

    /// The word of a line ends at a space, a tab or a "(" (variant marker).
    private static func isWordEnd(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x28 }

    /// FNV-1a over the word at `start` (up to its end), so variants hash like their base word.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = start
        while index < bytes.count, !isWordEnd(bytes[index]), bytes[index] != 0x0A {
            value = (value ^ UInt64(bytes[index])) &* 0x100_0000_01b3
            index += 1
        }
        return Int(truncatingIfNeeded: value >> 1)
    }

    private static func word(_ key: [UInt8], matches bytes: UnsafeBufferPointer<UInt8>, at lineStart: Int) -> Bool {
        guard lineStart + key.count <= bytes.count else { return false }
        for offset in 0..<key.count where bytes[lineStart + offset] != key[offset] { return false }
        let end = lineStart + key.count
        return end == bytes.count || isWordEnd(bytes[end])
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
