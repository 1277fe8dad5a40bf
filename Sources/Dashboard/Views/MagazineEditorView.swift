/// The magazine menu: the rack as a numbered list (the current magazine marked, the highlighted
/// one reversed) and, at its foot, the name field, the delete question or the last edit's outcome.
enum MagazineEditorView {
    static func box(in screen: Rect, count: Int) -> Rect {
        screen.centered(width: min(screen.width, 60), height: min(screen.height - (screen.height >= 16 ? 2 : 0), max(count, 1) + 4))
    }

    static func draw(_ editor: MagazineEditorState, magazines: [DashboardSnapshot.MagazineRow], glyphs: Glyphs, in screen: Rect, into buffer: inout ScreenBuffer) {
        let frame = box(in: screen, count: magazines.count)
        guard frame.width >= 16, frame.height >= 5 else { return }
        buffer.box(frame, glyphs: glyphs, role: .frame, title: "Magazines")
        let inner = frame.inset(dx: 2, dy: 1)
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - 2))
        if magazines.isEmpty { buffer.write("No magazines yet: press n.", in: list, role: .faded) }
        let shown = Scrolling.window(count: magazines.count, rows: list.height, focus: editor.selection)
        let numberWidth = "\(magazines.count)".count
        for (row, index) in shown.enumerated() {
            let magazine = magazines[index]
            let line = list.row(row)
            let selected = index == editor.selection
            let role: Role = selected ? .overlaySelected : (magazine.isCurrent ? .rackCurrent : .overlay)
            if selected { buffer.fill(line, role: .overlaySelected) }
            let number = String(repeating: " ", count: numberWidth - "\(index + 1)".count) + "\(index + 1)"
            let slots = (magazine.isPlaying ? String(glyphs.play) + " " : "") + "\(magazine.loadedCount) of \(magazine.slotCount) loaded"
            let slotsX = line.maxX - DisplayWidth.of(slots)
            var x = buffer.write(magazine.isCurrent ? String(glyphs.pointer) : " ", x: line.x, y: line.y, role: role)
            x = buffer.write(" \(number)  ", x: x, y: line.y, role: role, limit: slotsX)
            buffer.write(DisplayWidth.truncate(magazine.name, to: max(0, slotsX - x - 1)), x: x, y: line.y, role: role, limit: slotsX - 1)
            buffer.write(slots, x: slotsX, y: line.y, role: selected ? .overlaySelected : .faded, limit: line.maxX)
        }
        let foot = inner.row(inner.height - 1)
        switch editor.step {
        case .list:
            if let status = editor.status {
                buffer.write(status, in: foot, role: .notice)
            } else {
                buffer.write("Enter play  Space show  n new  r rename  d delete", in: foot, role: .faded)
            }
        case .naming(let request):
            let label = request.purpose == .create ? "New name: " : "Rename to: "
            let fieldX = buffer.write(label, x: foot.x, y: foot.y, role: .overlayKey, limit: foot.maxX)
            let width = max(1, foot.maxX - fieldX)
            buffer.fill(Rect(x: fieldX, y: foot.y, width: width, height: 1), role: .inputField)
            let visible = request.field.visible(width: width)
            buffer.write(visible.text, x: fieldX, y: foot.y, role: .inputField, limit: foot.maxX)
            buffer.cursor = ScreenBuffer.Point(x: min(fieldX + visible.cursorColumn, foot.maxX - 1), y: foot.y)
            if let status = editor.status { buffer.write(status, in: inner.row(inner.height - 2), role: .warning) }
        case .confirmingDelete(_, let question):
            let answer = " y deletes, n keeps it"
            let fits = DisplayWidth.of(question) + DisplayWidth.of(answer) <= foot.width
            buffer.write(fits ? question + answer : question, in: foot, role: .warning)
        }
    }
}

/// An edit waiting for a yes ("Eject disc 3, Night Drive? It is playing; …") in a small box; the
/// question wraps onto as many rows as it needs.
enum ConfirmView {
    static let answer = "y yes, any other key keeps things as they are"

    static func draw(_ confirmation: Confirmation, glyphs: Glyphs, in screen: Rect, into buffer: inout ScreenBuffer) {
        let width = min(screen.width, 64, max(DisplayWidth.of(confirmation.question), DisplayWidth.of(answer)) + 6)
        let lines = HelpOverlay.wrap(confirmation.question, width: max(1, width - 4))
        let frame = screen.centered(width: width, height: min(screen.height, lines.count + 3))
        guard frame.width >= 10, frame.height >= 4 else { return }
        buffer.box(frame, glyphs: glyphs, role: .frame, title: confirmation.title)
        let inner = frame.inset(dx: 2, dy: 1)
        for (row, line) in lines.prefix(max(1, inner.height - 1)).enumerated() {
            buffer.write(line, in: inner, row: row, role: .overlay)
        }
        buffer.write(answer, in: inner, row: inner.height - 1, role: .faded)
    }
}

/// Below 40×12: a short message, centred, whatever the size.
enum TooSmallView {
    static func draw(width: Int, height: Int, into buffer: inout ScreenBuffer) {
        let lines = ["Terminal too small", "need \(Layout.minimumWidth)×\(Layout.minimumHeight), have \(width)×\(height)"]
        let top = max(0, (height - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < height {
            let text = DisplayWidth.truncate(line, to: width)
            buffer.write(text, x: max(0, (width - DisplayWidth.of(text)) / 2), y: top + index, role: index == 0 ? .warning : .faded)
        }
    }
}
