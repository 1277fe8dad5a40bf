import IntentKit

/// Text for the `cdchanger shortcuts` command, so the command-line code stays thin.
public enum ChangerReports {
    /// `cdchanger shortcuts`: every shortcut title, then its phrases filled with current names.
    public static func shortcutLines(_ registry: ShortcutRegistry) -> [String] {
        registry.listingLines()
    }

    /// `cdchanger shortcuts --check`: the report lines and whether anything collides (exit 1 then):
    /// phrases against phrases and magazine names, then library names that read like phrases.
    public static func checkLines(_ registry: ShortcutRegistry) -> (lines: [String], collides: Bool) {
        let report = registry.checkCollisions()
        let library = MagazineEntities.libraryCollisionWarnings(in: registry)
        let libraryLines = library.isEmpty ? [] : ["Library names that sound like commands (saying them does the command):"] + library.map { "  - " + $0 }
        return (libraryLines + report.lines, !report.isClean || !library.isEmpty)
    }

    /// `cdchanger shortcuts --metadata`: the metadata as indented JSON.
    public static func metadataText(_ registry: ShortcutRegistry) -> String {
        registry.metadata().prettyText
    }

    /// `cdchanger resolve --json`: one line per sentence.
    public static func resolveJSONLine(_ registry: ShortcutRegistry, sentence: String, mode: ResolutionMode = .inApp) -> String {
        registry.report(sentence, mode: mode).jsonLine
    }

    /// `cdchanger resolve` without `--json`: a readable line per sentence.
    public static func resolveTextLine(_ registry: ShortcutRegistry, sentence: String, mode: ResolutionMode = .inApp) -> String {
        let report = registry.report(sentence, mode: mode)
        switch report.resolution {
        case .matched(let invocation):
            let parameters = invocation.parameters.keys.sorted().map { "\($0)=\(invocation.parameters[$0]!.displayName)" }
            return "\(sentence) → \(invocation.intent)(\(parameters.joined(separator: ", "))): \(report.response)"
        case .needsValue(let request):
            return "\(sentence) → \(request.invocation.intent) needs \(request.parameter): \(request.question)"
        case .ambiguous(let ambiguity):
            return "\(sentence) → ambiguous: \(ambiguity.question)"
        case .unsupported(let unsupported):
            return "\(sentence) → \(unsupported.response) Try: " + unsupported.suggestions.map { "“\($0)”" }.joined(separator: ", ")
        case .declined(let acknowledgement):
            return "\(sentence) → \(acknowledgement)"
        }
    }
}
