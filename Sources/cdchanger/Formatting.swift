import Dashboard
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Text helpers for the command line's tables.
enum Formatting {
    /// `text` cut (ending in "…") or padded to `width` terminal columns: CJK characters and emoji
    /// take two, so the columns of a table line up in a terminal.
    static func padded(_ text: String, to width: Int) -> String {
        DisplayWidth.fit(text, to: width)
    }

    /// One JSON value as compact text (keys sorted, slashes not escaped).
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Pretty JSON for listings people may read.
    static func prettyJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
