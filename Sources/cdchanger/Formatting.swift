#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Text helpers for the command line's tables.
enum Formatting {
    /// `text` cut or padded to `width` characters.
    static func padded(_ text: String, to width: Int) -> String {
        text.count > width ? String(text.prefix(max(0, width - 1))) + "…" : text + String(repeating: " ", count: width - text.count)
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
