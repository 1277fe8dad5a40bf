import Glibc

/// The CMU pronouncing dictionary (`cmudict-en-us.dict`), read once and kept as its raw bytes
/// with an open-addressing index over the lines: about 4 MB instead of the 20+ MB that the
/// decoder needs to hold all 134k words (see docs/voice.md). Lookups are case-insensitive.
public struct PronunciationDictionary: Sendable {
    private let bytes: [UInt8]
    /// Line start offsets + 1 (0 = empty slot), indexed by the hash of the line's word.
    private let slots: [Int32]
    private let mask: Int

    /// Reads the dictionary at `path` (lines "word PH PH", variants "word(2) PH PH").
    public init(path: String) throws(DecoderError) {
        guard let file = fopen(path, "rb") else { throw DecoderError("cannot open the dictionary \(path)") }
        defer { fclose(file) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            data += chunk[0..<count]
        }
        self.init(bytes: data)
    }

    /// Indexes dictionary text held in memory.
    public init(bytes: [UInt8]) {
        var lineStarts: [Int] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if index > start { lineStarts.append(start) }
            start = index + 1
        }
        if start < bytes.count { lineStarts.append(start) }
        var size = 1
        while size < lineStarts.count * 2 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        let mask = size - 1
        for lineStart in lineStarts {
            var slot = Self.hash(bytes, from: lineStart) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(lineStart + 1)
        }
        self.bytes = bytes
        self.slots = slots
        self.mask = mask
    }

    /// Number of entries (pronunciations, variants included).
    public var entryCount: Int { slots.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// Every pronunciation of `word` (lowercased), as CMU phones; empty if the word is not there.
    public func pronunciations(of word: String) -> [[String]] {
        let key = Array(word.lowercased().utf8)
        guard !key.isEmpty else { return [] }
        var slot = Self.hash(key, from: 0) & mask
        var found: [[String]] = []
        while slots[slot] != 0 {
            let lineStart = Int(slots[slot]) - 1
            if wordMatches(key, at: lineStart) { found.append(phones(ofLineAt: lineStart)) }
            slot = (slot + 1) & mask
        }
        return found
    }

    /// Whether `word` has a pronunciation.
    public func contains(_ word: String) -> Bool { !pronunciations(of: word).isEmpty }

    /// The word of a line ends at a space, a tab or a "(" (variant marker).
    private static func isWordEnd(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x28 }

    /// FNV-1a over the word at `start` (up to its end), so variants hash like their base word.
    private static func hash(_ bytes: [UInt8], from start: Int) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = start
        while index < bytes.count, !isWordEnd(bytes[index]), bytes[index] != 0x0A {
            value = (value ^ UInt64(bytes[index])) &* 0x100_0000_01b3
            index += 1
        }
        return Int(truncatingIfNeeded: value >> 1)
    }

    private func wordMatches(_ key: [UInt8], at lineStart: Int) -> Bool {
        guard lineStart + key.count <= bytes.count else { return false }
        for offset in 0..<key.count where bytes[lineStart + offset] != key[offset] { return false }
        let end = lineStart + key.count
        return end == bytes.count || Self.isWordEnd(bytes[end])
    }

    private func phones(ofLineAt lineStart: Int) -> [String] {
        var end = lineStart
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        var index = lineStart
        while index < end, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        // Some entries carry a trailing comment ("# place, name"): phones stop there.
        let body = text.split(separator: "#", maxSplits: 1).first ?? ""
        return body.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }
}
