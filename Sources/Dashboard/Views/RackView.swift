/// The magazine rack: every magazine with how many of its slots hold a disc, the one on show
/// marked with a pointer and highlighted, the playing one with the play sign. A column with a
/// title in the medium and large layouts; a one-row strip in the compact one.
enum RackView {
    static func draw(_ model: ViewModel, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard rect.height >= 2, rect.width >= 4 else { return }
        let magazines = model.snapshot.magazines
        buffer.write("MAGAZINES", in: rect, row: 0, indent: 1, role: .panelTitle)
        if magazines.isEmpty {
            buffer.write("no magazines", in: rect, row: 1, indent: 2, role: .slotEmpty)
            return
        }
        let rows = rect.height - 1
        let current = magazines.firstIndex { $0.isCurrent } ?? 0
        let shown = Scrolling.window(count: magazines.count, rows: rows, focus: current)
        for (row, index) in shown.enumerated() {
            let magazine = magazines[index]
            let line = rect.row(row + 1)
            let count = (magazine.isPlaying ? String(model.glyphs.play) + " " : "") + "\(magazine.loadedCount)"
            let role: Role = magazine.isCurrent ? .rackCurrent : .rackOther
            let nameWidth = line.width - 3 - DisplayWidth.of(count) - 2
            if magazine.isCurrent { buffer.write(String(model.glyphs.pointer), x: line.x + 1, y: line.y, role: role) }
            buffer.write(DisplayWidth.truncate(magazine.name, to: nameWidth), x: line.x + 3, y: line.y, role: role, limit: line.maxX - DisplayWidth.of(count) - 2)
            buffer.writeRight(count, in: Rect(x: line.x, y: line.y, width: line.width - 1, height: 1), role: magazine.isPlaying ? .slotPlaying : .slotNumber)
        }
        if shown.lowerBound > 0 { buffer.writeRight("↑", in: rect.row(0), role: .hint) }
        if shown.upperBound < magazines.count { buffer.writeRight("↓", in: rect.row(rect.height - 1), role: .hint) }
    }

    /// The compact strip: names side by side, the current one marked, scrolled so it shows;
    /// `trailer` (the output device when the header had no room for it) sits at the right end.
    static func drawStrip(_ model: ViewModel, in rect: Rect, trailer: String?, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        var room = rect
        if let trailer, !trailer.isEmpty {
            let shown = DisplayWidth.truncate(trailer, to: max(0, rect.width / 3))
            let start = buffer.writeRight(shown, in: rect, role: .output)
            room.width = max(0, start - rect.x - 2)
        }
        let magazines = model.snapshot.magazines
        guard !magazines.isEmpty else {
            buffer.write("no magazines", in: room, role: .slotEmpty)
            return
        }
        let current = magazines.firstIndex { $0.isCurrent } ?? 0
        let labels = magazines.map { magazine -> String in
            let sign = magazine.isCurrent ? String(model.glyphs.pointer) : (magazine.isPlaying ? String(model.glyphs.play) : " ")
            return sign + DisplayWidth.truncate(magazine.name, to: max(1, min(20, room.width - 3)))
        }
        // Start early enough that the current one fits, as far left as possible.
        var first = 0
        func widthFrom(_ start: Int) -> Int {
            labels[start...current].reduce(0) { $0 + DisplayWidth.of($1) + 1 } + (start > 0 ? 1 : 0)
        }
        while first < current, widthFrom(first) > room.width { first += 1 }
        var x = room.x
        if first > 0 { x = buffer.write(String(model.glyphs.ellipsis), x: x, y: room.y, role: .hint, limit: room.maxX) }
        for index in first..<magazines.count {
            let role: Role = index == current ? .rackCurrent : .rackOther
            let label = labels[index]
            if x + DisplayWidth.of(label) > room.maxX {
                if x < room.maxX { buffer.write(String(model.glyphs.ellipsis), x: x, y: room.y, role: .hint, limit: room.maxX) }
                break
            }
            x = buffer.write(label, x: x, y: room.y, role: role, limit: room.maxX)
            x += 1
        }
    }
}
