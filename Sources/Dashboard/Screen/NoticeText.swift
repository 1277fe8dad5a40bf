/// A notice fitted to the screen without losing what matters in it: a word too long for its
/// place — a path, usually — is shortened in the middle, keeping its start and, above all, its
/// end (the file's name), instead of being cut at the end.
enum NoticeText {
    /// A path is shortened to no fewer columns than this.
    static let shortestPath = 12

    /// `word` in at most `width` columns: a third of the room for its start, the rest for its end,
    /// "…" between them.
    static func shortenedInMiddle(_ word: some StringProtocol, to width: Int) -> String {
        let cells = DisplayWidth.cells(of: word)
        guard cells.reduce(0, { $0 + $1.width }) > width else { return String(cells.map(\.character)) }
        guard width > 2 else { return DisplayWidth.truncate(word, to: width) }
        let room = width - 1
        var head = "", used = 0
        for cell in cells where used + cell.width <= room / 3 {
            head.append(cell.character)
            used += cell.width
        }
        if head.isEmpty, let first = cells.first, first.width <= room {
            head.append(first.character)
            used = first.width
        }
        var tail: [Character] = []
        for cell in cells.reversed() {
            guard used + cell.width <= room else { break }
            tail.insert(cell.character, at: 0)
            used += cell.width
        }
        return head + "…" + String(tail)
    }

    /// `text` on one row of `width` columns: its path is shortened in the middle as far as
    /// needed; only when that is not enough is the end cut.
    static func fitted(_ text: String, to width: Int) -> String {
        DisplayWidth.truncate(withShortenedPath(text, to: width), to: width)
    }

    /// `text` with its path shortened in the middle, as far as needed (and possible) for `width`
    /// columns; it may still be wider.
    static func withShortenedPath(_ text: String, to width: Int) -> String {
        let excess = DisplayWidth.of(text) - width
        guard excess > 0, let span = pathSpan(in: text) else { return text }
        let path = text[span]
        let target = max(shortestPath, DisplayWidth.of(path) - excess)
        guard target < DisplayWidth.of(path) else { return text }
        return text[..<span.lowerBound] + shortenedInMiddle(path, to: target) + text[span.upperBound...]
    }

    /// Where the path in `text` is: from the word that starts one ("/…", "~/…") to the end of the
    /// last word holding a "/" (folder names may hold spaces).
    static func pathSpan(in text: String) -> Range<String.Index>? {
        let words = text.split(separator: " ")
        guard let first = words.first(where: { $0.hasPrefix("/") || $0.hasPrefix("~/") || $0.dropFirst().hasPrefix("/") }),
              let last = words.last(where: { $0.contains("/") }),
              let start = first.firstIndex(where: { $0 == "/" || $0 == "~" }) else { return nil }
        return start..<last.endIndex
    }

    /// `text` broken between words into rows of at most `width` columns; a word wider than a row
    /// is shortened in the middle.
    static func wrapped(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var rows: [String] = []
        var row = ""
        for piece in text.split(separator: " ") {
            let word = shortenedInMiddle(piece, to: width)
            if row.isEmpty {
                row = word
            } else if DisplayWidth.of(row) + 1 + DisplayWidth.of(word) <= width {
                row += " " + word
            } else {
                rows.append(row)
                row = word
            }
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}
