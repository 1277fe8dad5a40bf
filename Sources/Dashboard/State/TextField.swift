/// An editable line of text with a cursor: the prompt bar, the browser's search field and the
/// magazine name field. Positions count characters (grapheme clusters), never bytes.
struct TextField: Equatable, Sendable {
    private(set) var characters: [Character]
    /// Insertion point: 0 is before the first character, `characters.count` after the last.
    private(set) var cursor: Int

    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }
    var isEmpty: Bool { characters.isEmpty }

    mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
    }

    mutating func insert(_ text: String) {
        for character in text { insert(character) }
    }

    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
    mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    mutating func moveToStart() { cursor = 0 }
    mutating func moveToEnd() { cursor = characters.count }

    mutating func replace(with text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Applies an editing key; returns false when the key is not an editing key.
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(character)
        case .backspace: deleteBackward()
        case .delete, .control("d"): deleteForward()
        case .left, .control("b"): moveLeft()
        case .right, .control("f"): moveRight()
        case .home, .control("a"): moveToStart()
        case .end, .control("e"): moveToEnd()
        case .control("w"): deleteWordBackward()
        case .control("u"): deleteToStart()
        case .control("k"): characters.removeSubrange(cursor...); return true
        default: return false
        }
        return true
    }

    /// What part of the text to show in `width` columns so the cursor stays visible, and the
    /// cursor's column within it.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let widths = characters.map { DisplayWidth.of($0) }
        var start = 0
        // Keep the cursor (plus one column for it) inside the window.
        while widths[start..<cursor].reduce(0, +) + 1 > width, start < cursor { start += 1 }
        var shown = ""
        var used = 0
        var index = start
        while index < characters.count, used + widths[index] <= width {
            shown.append(characters[index])
            used += widths[index]
            index += 1
        }
        return (shown, widths[start..<cursor].reduce(0, +))
    }
}
