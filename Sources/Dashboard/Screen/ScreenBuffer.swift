/// A grid of cells the views draw into, painted onto the terminal afterwards. No ncurses here:
/// tests render into a buffer and read its text.
///
/// A wide character (CJK, emoji) takes two cells: the first holds it, the second is a continuation.
/// Writes never split one: overwriting either half blanks the other, and a wide character that does
/// not fit before a limit is drawn as a space. Everything outside the grid is clipped.
struct ScreenBuffer: Equatable, Sendable {
    let width: Int
    let height: Int
    private(set) var characters: [Character]
    /// 1 for a normal cell, 2 for the first cell of a wide character, 0 for its continuation.
    private(set) var spans: [UInt8]
    private(set) var roles: [Role]
    /// Where the terminal's cursor goes (the prompt bar's insertion point), or nil to hide it.
    var cursor: Point?

    struct Point: Equatable, Sendable {
        var x: Int
        var y: Int
    }

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height
        characters = Array(repeating: " ", count: count)
        spans = Array(repeating: 1, count: count)
        roles = Array(repeating: .normal, count: count)
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    func character(x: Int, y: Int) -> Character { characters[y * width + x] }
    func span(x: Int, y: Int) -> Int { Int(spans[y * width + x]) }
    func role(x: Int, y: Int) -> Role { roles[y * width + x] }

    /// Sets one cell (clipped), keeping wide characters whole.
    mutating func set(x: Int, y: Int, _ character: Character, width cellWidth: Int = 1, role: Role) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        if cellWidth == 2 && x + 1 >= width {
            set(x: x, y: y, " ", role: role)
            return
        }
        clearWide(x: x, y: y)
        let index = y * width + x
        characters[index] = character
        roles[index] = role
        spans[index] = cellWidth == 2 ? 2 : 1
        if cellWidth == 2 {
            clearWide(x: x + 1, y: y)
            characters[index + 1] = " "
            roles[index + 1] = role
            spans[index + 1] = 0
        }
    }

    /// Blanks the other half of a wide character that covers (x, y), before (x, y) is overwritten.
    private mutating func clearWide(x: Int, y: Int) {
        let index = y * width + x
        switch spans[index] {
        case 0 where x > 0:
            characters[index - 1] = " "
            spans[index - 1] = 1
        case 2 where x + 1 < width:
            characters[index + 1] = " "
            spans[index + 1] = 1
        default:
            break
        }
    }

    /// Writes `text` from (x, y), stopping before column `limit` (the grid's edge by default).
    /// Returns the column after the last one written.
    @discardableResult
    mutating func write(_ text: some StringProtocol, x: Int, y: Int, role: Role, limit: Int? = nil) -> Int {
        let end = min(limit ?? width, width)
        guard y >= 0, y < height else { return x }
        var column = x
        for cell in DisplayWidth.cells(of: text) {
            if column >= end { break }
            if column + cell.width > end {
                set(x: column, y: y, " ", role: role)
                column += 1
                break
            }
            if column >= 0 { set(x: column, y: y, cell.character, width: cell.width, role: role) }
            column += cell.width
        }
        return column
    }

    /// Writes `text` into a row of `rect`, starting `indent` columns in, cut with an ellipsis when it
    /// is longer than the room left. Returns the column after the text.
    @discardableResult
    mutating func write(_ text: some StringProtocol, in rect: Rect, row: Int = 0, indent: Int = 0, role: Role) -> Int {
        guard row >= 0, row < rect.height else { return rect.x + indent }
        let room = rect.width - indent
        guard room > 0 else { return rect.x + indent }
        return write(DisplayWidth.truncate(text, to: room), x: rect.x + indent, y: rect.y + row, role: role, limit: rect.maxX)
    }

    /// Writes `text` so it ends at the right edge of `rect` (cut from the left side's end when too long).
    @discardableResult
    mutating func writeRight(_ text: some StringProtocol, in rect: Rect, row: Int = 0, role: Role) -> Int {
        let cut = DisplayWidth.truncate(text, to: rect.width)
        let start = rect.maxX - DisplayWidth.of(cut)
        write(cut, x: start, y: rect.y + row, role: role, limit: rect.maxX)
        return start
    }

    /// Fills `rect` (clipped) with `character`.
    mutating func fill(_ rect: Rect, with character: Character = " ", role: Role) {
        let top = max(0, rect.y), bottom = min(height, rect.maxY)
        let left = max(0, rect.x), right = min(width, rect.maxX)
        guard top < bottom, left < right else { return }
        for y in top..<bottom {
            for x in left..<right { set(x: x, y: y, character, role: role) }
        }
    }

    mutating func horizontalLine(x: Int, y: Int, length: Int, _ character: Character, role: Role) {
        guard length > 0 else { return }
        for column in x..<(x + length) { set(x: column, y: y, character, role: role) }
    }

    mutating func verticalLine(x: Int, y: Int, length: Int, _ character: Character, role: Role) {
        guard length > 0 else { return }
        for row in y..<(y + length) { set(x: x, y: row, character, role: role) }
    }

    /// Clears `rect` and draws a frame around its edge with an optional title in the top edge.
    mutating func box(_ rect: Rect, glyphs: Glyphs, role: Role, title: String? = nil, titleRole: Role = .overlayTitle, fillRole: Role = .overlay) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(rect, role: fillRole)
        horizontalLine(x: rect.x + 1, y: rect.y, length: rect.width - 2, glyphs.horizontal, role: role)
        horizontalLine(x: rect.x + 1, y: rect.maxY - 1, length: rect.width - 2, glyphs.horizontal, role: role)
        verticalLine(x: rect.x, y: rect.y + 1, length: rect.height - 2, glyphs.vertical, role: role)
        verticalLine(x: rect.maxX - 1, y: rect.y + 1, length: rect.height - 2, glyphs.vertical, role: role)
        set(x: rect.x, y: rect.y, glyphs.topLeft, role: role)
        set(x: rect.maxX - 1, y: rect.y, glyphs.topRight, role: role)
        set(x: rect.x, y: rect.maxY - 1, glyphs.bottomLeft, role: role)
        set(x: rect.maxX - 1, y: rect.maxY - 1, glyphs.bottomRight, role: role)
        if let title, rect.width > 6 {
            write(" " + DisplayWidth.truncate(title, to: rect.width - 6) + " ", x: rect.x + 2, y: rect.y, role: titleRole, limit: rect.maxX - 2)
        }
    }

    /// Replaces every non-ASCII character with an ASCII look-alike ("é" → "e", "…" → "~",
    /// arrows → "<>^v"), or "?" per column, for terminals without UTF-8.
    mutating func transliterateToASCII() {
        for index in characters.indices where spans[index] != 0 && !characters[index].isASCII {
            let replacement = ScreenBuffer.asciiLookAlike(characters[index])
            characters[index] = replacement
            if spans[index] == 2 {
                spans[index] = 1
                characters[index + 1] = "?"
                spans[index + 1] = 1
            }
        }
    }

    private static let lookAlikes: [Character: Character] = [
        "…": "~", "←": "<", "→": ">", "↑": "^", "↓": "v", "—": "-", "–": "-", "·": "-", "“": "\"", "”": "\"",
        "‘": "'", "’": "'", "×": "x", "▸": ">", "▶": ">", "▮": "|", "■": "#", "●": "*", "○": "o", "✗": "x",
        "─": "-", "━": "=", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "┬": "+", "┴": "+",
        "█": "#", "▀": "\"", "▄": "_",
    ]

    private static func asciiLookAlike(_ character: Character) -> Character {
        if let known = lookAlikes[character] { return known }
        if let plain = TextFolding.plain(character), let first = plain.first, let value = first.asciiValue, value >= 0x20, value < 0x7F {
            return first
        }
        return "?"
    }

    /// The text of row `y`, as a terminal would show it (continuation cells left out).
    func text(row y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var line = ""
        for x in 0..<width where spans[y * width + x] != 0 { line.append(characters[y * width + x]) }
        return line
    }

    /// Every row's text.
    var lines: [String] { (0..<height).map { text(row: $0) } }

    /// Whether row `y` is the same here and in `other` (same size assumed).
    func rowEquals(_ other: ScreenBuffer, row y: Int) -> Bool {
        let range = (y * width)..<((y + 1) * width)
        return spans[range] == other.spans[range] && roles[range] == other.roles[range] && characters[range] == other.characters[range]
    }
}
