/// The library browser: a search field and the matching albums, over the dashboard.
enum LibraryBrowserView {
    static func box(in screen: Rect, layout: Layout) -> Rect {
        // Keep the header and the footer in view.
        let area = Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 2))
        return layout.kind == .compact ? area : area.inset(dx: 2, dy: 0)
    }

    /// Album rows visible at this size (for PgUp/PgDn).
    static func listRows(in screen: Rect, layout: Layout) -> Int {
        max(1, box(in: screen, layout: layout).height - 5)
    }

    /// "● Road Trip 2  4 tracks  12:34": where the album is loaded (the first place, and how many
    /// more), its tracks and its length, in at most `width` columns (the place is cut first).
    static func details(of album: AlbumChoice, glyphs: Glyphs, width: Int) -> String {
        let tracks = album.trackCount == 1 ? "1 track" : "\(album.trackCount) tracks"
        let length = "\(tracks)  \(ViewModel.time(album.duration))"
        guard let first = album.locations.first else { return length }
        let more = album.locations.count > 1 ? " +\(album.locations.count - 1)" : ""
        let room = width - DisplayWidth.of(length) - DisplayWidth.of(more) - 4
        guard room >= 4 else { return "\(glyphs.loaded) " + length }
        return "\(glyphs.loaded) " + DisplayWidth.truncate(first, to: room) + more + "  " + length
    }

    /// `activity`: a scan under way, said at the foot (the list grows when it ends).
    static func draw(_ browser: LibraryBrowserState, activity: String?, glyphs: Glyphs, layout: Layout, in screen: Rect, into buffer: inout ScreenBuffer) {
        let frame = box(in: screen, layout: layout)
        guard frame.width >= 12, frame.height >= 6 else { return }
        buffer.box(frame, glyphs: glyphs, role: .frame, title: "Load into slot \(browser.slot) of \(browser.magazineName)")
        let inner = frame.inset(dx: 2, dy: 1)
        // Row 0: the search field. Rows 2…: albums. Last row: the count or the last error.
        let label = "Search: "
        let fieldX = buffer.write(label, x: inner.x, y: inner.y, role: .overlayKey, limit: inner.maxX)
        let fieldWidth = max(1, inner.maxX - fieldX)
        buffer.fill(Rect(x: fieldX, y: inner.y, width: fieldWidth, height: 1), role: .inputField)
        let visible = browser.search.visible(width: fieldWidth)
        buffer.write(visible.text, x: fieldX, y: inner.y, role: .inputField, limit: inner.maxX)
        buffer.cursor = ScreenBuffer.Point(x: min(fieldX + visible.cursorColumn, inner.maxX - 1), y: inner.y)

        let list = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, inner.height - 3))
        if browser.albums.isEmpty {
            buffer.write("The library has no albums.", in: list, role: .faded)
        } else if browser.matches.isEmpty {
            buffer.write("No album matches “\(browser.search.text)”.", in: list, role: .faded)
        }
        let shown = Scrolling.window(count: browser.matches.count, rows: list.height, focus: browser.selection)
        for (row, matchIndex) in shown.enumerated() {
            let album = browser.albums[browser.matches[matchIndex]]
            let line = list.row(row)
            let selected = matchIndex == browser.selection
            if selected { buffer.fill(line, role: .overlaySelected) }
            let details = details(of: album, glyphs: glyphs, width: line.width / 2)
            let detailsX = line.maxX - DisplayWidth.of(details)
            let named = album.artist.isEmpty ? album.title : album.title + glyphs.separator + album.artist
            let text = glyphs.isASCII ? TextFolding.asciiSpelling(named) : named
            let titleRole: Role = selected ? .overlaySelected : (album.locations.isEmpty ? .overlay : .slotLoaded)
            buffer.write(DisplayWidth.truncate(text, to: max(0, detailsX - line.x - 2)), x: line.x, y: line.y, role: titleRole, limit: detailsX - 1)
            buffer.write(details, x: detailsX, y: line.y, role: selected ? .overlaySelected : .faded, limit: line.maxX)
        }
        let footer = browser.status ?? "\(browser.matches.count) of \(browser.albums.count) albums" + (activity.map { glyphs.separator + $0 } ?? "")
        buffer.write(footer, in: inner, row: inner.height - 1, role: browser.status == nil ? .faded : .warning)
    }
}
