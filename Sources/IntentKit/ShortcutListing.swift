/// One shortcut as the Shortcuts app would list it: its phrases filled with current names.
public struct ShortcutListing: Sendable, Hashable {
    /// The shortcut's title.
    public let title: String
    /// The intent it runs.
    public let intent: String
    /// Its symbol name.
    public let symbol: String
    /// Every phrase rendered once per entity (and per example enum case) of the last snapshot.
    public let phrases: [String]
}

extension ShortcutRegistry {
    /// Every shortcut with its phrases filled in with the last snapshot's names, app name included.
    public func shortcutListings() -> [ShortcutListing] {
        let snapshot = compiledSnapshot
        return shortcuts.enumerated().map { shortcutIndex, shortcut in
            let rendered = templates.filter { $0.shortcutIndex == shortcutIndex }.flatMap { renderings(of: $0, snapshot: snapshot) }
            var seen: Set<String> = []
            return ShortcutListing(title: shortcut.title, intent: shortcut.intent, symbol: shortcut.symbol, phrases: rendered.filter { seen.insert($0).inserted })
        }
    }

    /// The listing as lines: a heading per shortcut, then its phrases indented.
    public func listingLines() -> [String] {
        shortcutListings().flatMap { listing in
            ["\(listing.title) — \(listing.intent) (\(listing.symbol))"] + listing.phrases.map { "  " + $0 }
        }
    }

    /// The template rendered for every combination of its slots' example values.
    func renderings(of template: CompiledTemplate, snapshot: CompiledSnapshot) -> [String] {
        let intent = intents[template.intentIndex]
        var slotNames: [String] = []
        _ = PhraseRenderer.render(template.template, appName: appName, includeApp: true) { slot in
            slotNames.append(slot.name)
            return slot.name
        }
        var choices: [[String]] = []
        for name in slotNames {
            guard let parameterIndex = intent.parameters.firstIndex(where: { $0.name == name }) else { return [] }
            let values = template.template.exampleHints[name].map { [$0] }
                ?? exampleValues(intent: template.intentIndex, parameter: parameterIndex, snapshot: snapshot)
            if values.isEmpty { return [] }
            choices.append(values)
        }
        var assignments: [[String: String]] = [[:]]
        for (offset, name) in slotNames.enumerated() {
            assignments = assignments.flatMap { partial in
                choices[offset].map { value in partial.merging([name: value]) { _, new in new } }
            }
        }
        return assignments.compactMap { assignment in
            PhraseRenderer.render(template.template, appName: appName, includeApp: true, isOrdinal: ordinalSlots(of: template.intentIndex)) { slot in
                guard let value = assignment[slot.name], let parameter = intent.parameters.firstIndex(where: { $0.name == slot.name }) else { return nil }
                return slot.hint ?? spoken(value, intent: template.intentIndex, parameter: parameter, beforeWord: slot.beforeWord)
            }
        }
    }
}
