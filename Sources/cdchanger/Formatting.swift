import Foundation

/// Text helpers for the command line's tables.
enum Formatting {
    /// 75.4 → "1:15"; 3700 → "1:01:40".
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

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
