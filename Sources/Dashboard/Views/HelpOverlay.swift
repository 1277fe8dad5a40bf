/// `?`: every key, grouped, in a box over the dashboard. Scrolls when the terminal is short;
/// meanings wrap when it is narrow.
enum HelpOverlay {
    /// One row of the help text: a heading, or keys and (part of) their meaning.
    enum Line: Equatable, Sendable {
        case heading(String)
        case binding(keys: String, meaning: String)
        case blank
    }

    static func box(in screen: Rect) -> Rect {
        let width = min(screen.width, 66)
        let height = screen.height >= 16 ? screen.height - 2 : screen.height
        return screen.centered(width: width, height: height)
    }

    /// The help text laid out for `width` columns.
    /// Columns for the keys: the widest keys, but at most half the box.
    static func keysWidth(for width: Int) -> Int {
        let widest = KeyMap.help.flatMap(\.bindings).map { DisplayWidth.of($0.keys) }.max() ?? 0
        return max(1, min(widest + 1, width / 2))
    }

    static func lines(width: Int) -> [Line] {
        let keyColumn = keysWidth(for: width)
        let meaningWidth = max(8, width - keyColumn - 1)
        var lines: [Line] = []
        for (index, group) in KeyMap.help.enumerated() {
            if index > 0 { lines.append(.blank) }
            lines.append(.heading(group.heading))
            for binding in group.bindings {
                for (part, text) in wrap(binding.meaning, width: meaningWidth).enumerated() {
                    lines.append(.binding(keys: part == 0 ? binding.keys : "", meaning: text))
                }
            }
        }
        return lines
    }

    /// The rows the text can scroll by in a screen of this size.
    static func maximumScroll(in screen: Rect) -> Int {
        let inner = box(in: screen).inset(dx: 2, dy: 1)
        return max(0, lines(width: inner.width).count - inner.height)
    }

    static func draw(scroll: Int, glyphs: Glyphs, in screen: Rect, into buffer: inout ScreenBuffer) {
        let frame = box(in: screen)
        guard frame.width >= 12, frame.height >= 4 else { return }
        buffer.box(frame, glyphs: glyphs, role: .frame, title: "Keys")
        let inner = frame.inset(dx: 2, dy: 1)
        let all = lines(width: inner.width)
        let top = min(max(0, scroll), max(0, all.count - inner.height))
        let keyColumn = keysWidth(for: inner.width)
        for (row, line) in all.dropFirst(top).prefix(inner.height).enumerated() {
            switch line {
            case .heading(let text):
                buffer.write(text, in: inner, row: row, role: .overlayTitle)
            case .binding(let keys, let meaning):
                buffer.write(keys, x: inner.x, y: inner.y + row, role: .overlayKey, limit: inner.x + keyColumn)
                buffer.write(meaning, x: inner.x + keyColumn + 1, y: inner.y + row, role: .overlay, limit: inner.maxX)
            case .blank:
                break
            }
        }
        if top > 0 { buffer.write("↑", x: frame.maxX - 2, y: frame.y + 1, role: .hint) }
        if top + inner.height < all.count { buffer.write("↓ more", x: frame.maxX - 8, y: frame.maxY - 1, role: .hint, limit: frame.maxX - 1) }
    }

    /// Splits text at spaces into lines of at most `width` columns (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) <= width {
                current = candidate
            } else {
                if !current.isEmpty { lines.append(current) }
                current = DisplayWidth.truncate(word, to: width)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
