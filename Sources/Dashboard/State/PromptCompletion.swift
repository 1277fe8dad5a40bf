/// Tab in the prompt bar: the name being typed — a magazine's or an album's — completed from the
/// words before the cursor. The longest run of whole words that starts some names wins ("play road
/// t" → "Road Trip"); accents, case and width don't matter. Tab again shows the next name that
/// fits, Shift-Tab the one before; the box above the bar lists them.
struct PromptCompletion: Equatable, Sendable {
    /// The field's text before the completed words, and after the cursor.
    private let before: [Character]
    private let after: [Character]
    /// The names that fit, in the order they are offered.
    let candidates: [String]
    /// Which candidate is in the field.
    private(set) var index = 0
    /// What was typed in place of the name, for the reply when nothing fits.
    let fragment: String

    /// Starts completing what `field` holds before its cursor, with `names` (magazines first, then
    /// albums); nil when no name fits. Empty words complete to every name.
    init?(field: TextField, names: [String]) {
        let typed = Array(field.text)
        let cursor = field.cursor
        var unique: [String] = []
        var seen: Set<String> = []
        for name in names where !name.isEmpty && seen.insert(TextFolding.searchKey(name)).inserted { unique.append(name) }
        let starts = (0...cursor).filter { $0 == 0 || (typed[$0 - 1] == " " && ($0 == cursor || typed[$0] != " ")) }
        for start in starts {
            let words = String(typed[start..<cursor])
            let key = TextFolding.searchKey(words)
            let fitting = unique.filter { TextFolding.searchKey($0).hasPrefix(key) }
            guard !fitting.isEmpty, !key.isEmpty || start == cursor else { continue }
            before = Array(typed[..<start])
            after = Array(typed[cursor...])
            candidates = fitting
            fragment = words
            return
        }
        return nil
    }

    /// The field with the current candidate in place of the typed words, the cursor after it.
    var field: TextField {
        var field = TextField(String(before) + candidates[index] + String(after))
        for _ in after { field.moveLeft() }
        return field
    }

    /// The next candidate (Tab), wrapping round.
    mutating func next() { index = (index + 1) % candidates.count }

    /// The candidate before (Shift-Tab), wrapping round.
    mutating func previous() { index = (index + candidates.count - 1) % candidates.count }
}
