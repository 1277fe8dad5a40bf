/// Detects text that looks like an unfilled format placeholder or template slot.
///
/// The iPhone app this project learns from once showed an entity as the literal `%@`. Every
/// static string registered (titles, questions, case names, dialog text) is checked with this at
/// registration, and the tests run it over every listing line, response and the metadata.
public enum DisplayTextCheck {
    /// Markers of unfilled placeholders: C and Objective-C formats, Swift interpolation, `${…}`.
    public static let unfilledMarkers = ["%@", "%s", "%d", "%i", "%ld", "%lld", "%f", "%1$", "\\(", "${"]

    /// Whether `text` contains any marker of an unfilled placeholder.
    public static func looksUnfilled(_ text: String) -> Bool {
        // Every marker starts with %, \ or $: most text has none, and is answered by one pass over its bytes.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "$") }) else {
            return false
        }
        return unfilledMarkers.contains { text.contains($0) }
    }

    /// Whether `text` still contains a template slot such as `{disc}` or `{app}`.
    public static func containsTemplateSlot(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }
}
