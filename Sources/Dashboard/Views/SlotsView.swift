/// The slots of the current magazine: number, state sign, album title and artist. The slot cursor
/// is drawn in reverse; the playing slot in the playing colour with a play or pause sign. Empty
/// and missing slots say so in words, so they read the same without colour.
enum SlotsView {
    static func draw(_ model: ViewModel, layout: Layout, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard rect.height >= 1, rect.width >= 8 else { return }
        var list = rect
        if layout.kind != .compact {
            guard rect.height >= 2 else { return }
            let title = "SLOTS" + (model.currentMagazine.map { model.glyphs.separator + $0.name } ?? "")
            let end = buffer.write(title, in: rect, row: 0, indent: 1, role: .panelTitle)
            let hints = ["j k move  e load  x eject  M magazines", "e load  x eject  M magazines", "e load  M magazines"]
            if let hint = hints.first(where: { rect.maxX - end > DisplayWidth.of($0) + 3 }) {
                buffer.writeRight(hint, in: Rect(x: rect.x, y: rect.y, width: rect.width - 1, height: 1), role: .hint)
            }
            list = rect.splitTop(1).rest
        }
        let slots = model.snapshot.slots
        if slots.isEmpty {
            buffer.write(model.snapshot.magazines.isEmpty ? "No magazine: press M to create one." : "This magazine has no slots.", in: list, row: 0, indent: 2, role: .slotEmpty)
            return
        }
        let cursorIndex = slots.firstIndex { $0.number == model.ui.slotCursor } ?? 0
        let shown = Scrolling.window(count: slots.count, rows: list.height, focus: cursorIndex)
        let numberWidth = max(2, "\(slots.map(\.number).max() ?? 1)".count + 1)
        for (row, index) in shown.enumerated() {
            drawRow(slots[index], isCursor: index == cursorIndex, numberWidth: numberWidth, model: model, layout: layout, in: list.row(row), into: &buffer)
        }
        if shown.lowerBound > 0 { buffer.writeRight("↑", in: list.row(0), role: .hint) }
        if shown.upperBound < slots.count { buffer.writeRight("↓", in: list.row(list.height - 1), role: .hint) }
    }

    /// One slot: the pointer, the number right-aligned in `numberWidth` columns (a space before it
    /// always, so "▸10" never happens), the sign, the title and the artist.
    static func drawRow(_ slot: DashboardSnapshot.SlotRow, isCursor: Bool, numberWidth: Int = 2, model: ViewModel, layout: Layout, in line: Rect, into buffer: inout ScreenBuffer) {
        let glyphs = model.glyphs
        let isActive = slot.state == .playing || slot.state == .paused
        let base: Role = switch slot.state {
        case .playing, .paused: .slotPlaying
        case .empty: .slotEmpty
        case .missing: .slotMissing
        case .loaded: .slotLoaded
        }
        let rowRole: Role? = isCursor ? (isActive ? .cursorPlayingRow : .cursorRow) : nil
        if let rowRole { buffer.fill(line, role: rowRole) }
        func role(_ normal: Role) -> Role { rowRole ?? normal }

        var x = line.x
        buffer.write(isCursor ? String(glyphs.pointer) : " ", x: x, y: line.y, role: role(.normal), limit: line.maxX)
        x += 1
        let digits = "\(slot.number)"
        let number = String(repeating: " ", count: max(0, numberWidth - digits.count)) + digits
        buffer.write(number, x: x, y: line.y, role: role(isActive ? .slotPlaying : .slotNumber), limit: line.maxX)
        x += numberWidth + 1
        let sign: String = switch slot.state {
        case .playing: String(glyphs.play)
        case .paused: glyphs.pause
        case .loaded: String(glyphs.loaded)
        case .empty: String(glyphs.empty)
        case .missing: String(glyphs.missing)
        }
        buffer.write(sign, x: x, y: line.y, role: role(base), limit: line.maxX)
        x += 3
        let room = line.maxX - x - 1
        guard room > 0 else { return }
        let title = slot.title ?? ""
        let artist = slot.artist ?? ""
        switch slot.state {
        case .empty:
            buffer.write("empty", x: x, y: line.y, role: role(.slotEmpty), limit: line.maxX - 1)
        case .missing:
            let text = (title.isEmpty ? "album" : title) + " — missing"
            buffer.write(DisplayWidth.truncate(text, to: room), x: x, y: line.y, role: role(.slotMissing), limit: line.maxX - 1)
        case .loaded, .playing, .paused:
            let titleRole = role(isActive ? .slotPlaying : .slotLoaded)
            if layout.kind == .compact || artist.isEmpty {
                let text = artist.isEmpty ? title : title + glyphs.separator + artist
                buffer.write(DisplayWidth.truncate(text, to: room), x: x, y: line.y, role: titleRole, limit: line.maxX - 1)
            } else {
                let titleWidth = max(8, room * 11 / 20)
                buffer.write(DisplayWidth.truncate(title, to: titleWidth), x: x, y: line.y, role: titleRole, limit: line.maxX - 1)
                let artistX = x + titleWidth + 2
                buffer.write(DisplayWidth.truncate(artist, to: line.maxX - 1 - artistX), x: artistX, y: line.y, role: role(isActive ? .slotPlaying : .trackArtist), limit: line.maxX - 1)
            }
        }
    }
}
