/// The track list (`t`): the disc's tracks with their lengths, the playing one marked with the
/// play sign, the highlighted one reversed; the digits typed so far at the foot.
enum TrackListView {
    /// Between the header and the messages, so the answer to a played track stays in view.
    static func box(in screen: Rect, layout: Layout, count: Int) -> Rect {
        let top = 1
        let bottom = layout.kind == .tooSmall ? screen.height : layout.messages.y
        let area = Rect(x: 0, y: top, width: screen.width, height: max(0, bottom - top))
        return area.centered(width: min(area.width, 72), height: min(area.height, max(count, 1) + 4))
    }

    /// Track rows visible at this size (for PgUp/PgDn).
    static func listRows(in screen: Rect, layout: Layout) -> Int {
        max(1, box(in: screen, layout: layout, count: Int(Int16.max)).height - 4)
    }

    static func draw(_ state: TrackListState, playing: DashboardSnapshot.NowPlayingPanel?, glyphs: Glyphs, layout: Layout, in screen: Rect, into buffer: inout ScreenBuffer) {
        let disc = state.disc
        let frame = box(in: screen, layout: layout, count: disc.tracks.count)
        guard frame.width >= 16, frame.height >= 5 else { return }
        let title = "Disc \(disc.disc)" + glyphs.separator + disc.title + (disc.artist.isEmpty ? "" : glyphs.separator + disc.artist)
        buffer.box(frame, glyphs: glyphs, role: .frame, title: title)
        let inner = frame.inset(dx: 2, dy: 1)
        let rows = Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - 2))
        let playingTrack = playing.flatMap { $0.magazine == disc.magazine && $0.disc == disc.disc ? $0.track : nil }
        let numberWidth = "\(disc.tracks.count)".count
        let shown = Scrolling.window(count: disc.tracks.count, rows: rows.height, focus: state.selection)
        for (row, index) in shown.enumerated() {
            let track = disc.tracks[index]
            let line = rows.row(row)
            let selected = index == state.selection
            let isPlaying = playingTrack == index + 1
            let role: Role = selected ? .overlaySelected : (isPlaying ? .slotPlaying : .overlay)
            if selected { buffer.fill(line, role: .overlaySelected) }
            let length = ViewModel.time(track.duration)
            let lengthX = line.maxX - DisplayWidth.of(length)
            var x = buffer.write(isPlaying ? String(glyphs.play) : " ", x: line.x, y: line.y, role: role)
            let number = String(repeating: " ", count: numberWidth - "\(index + 1)".count) + "\(index + 1)"
            x = buffer.write(" \(number)  ", x: x, y: line.y, role: selected ? role : .slotNumber, limit: lengthX)
            let text = track.artist.isEmpty || track.artist == disc.artist ? track.title : track.title + glyphs.separator + track.artist
            buffer.write(DisplayWidth.truncate(text, to: max(0, lengthX - x - 1)), x: x, y: line.y, role: role, limit: lengthX - 1)
            buffer.write(length, x: lengthX, y: line.y, role: selected ? .overlaySelected : .time, limit: line.maxX)
        }
        let foot = inner.row(inner.height - 1)
        let hint = state.typed.isEmpty ? (disc.tracks.count <= 9 ? "1–\(disc.tracks.count) or Enter plays a track" : "type a number, Enter plays it") : "Track \(state.typed)…"
        buffer.write(hint, in: foot, role: state.typed.isEmpty ? .faded : .overlayKey)
        let total = ViewModel.time(disc.tracks.reduce(0) { $0 + $1.duration })
        let summary = "\(disc.tracks.count) track\(disc.tracks.count == 1 ? "" : "s"), \(total)"
        if DisplayWidth.of(hint) + DisplayWidth.of(summary) + 2 <= foot.width { buffer.writeRight(summary, in: foot, role: .faded) }
    }
}

/// `g`: "Go to" and the time typed, in a small box; below it what the track's length is, or why
/// the time was refused.
enum GoToTimeView {
    static func draw(_ goTo: GoToTimeState, glyphs: Glyphs, in screen: Rect, into buffer: inout ScreenBuffer) {
        let frame = screen.centered(width: min(screen.width, 48), height: 4)
        guard frame.width >= 16, frame.height >= 4 else { return }
        buffer.box(frame, glyphs: glyphs, role: .frame, title: "Go to")
        let inner = frame.inset(dx: 2, dy: 1)
        let fieldX = buffer.write("Time: ", x: inner.x, y: inner.y, role: .overlayKey, limit: inner.maxX)
        let width = max(1, inner.maxX - fieldX)
        buffer.fill(Rect(x: fieldX, y: inner.y, width: width, height: 1), role: .inputField)
        let visible = goTo.field.visible(width: width)
        buffer.write(visible.text, x: fieldX, y: inner.y, role: .inputField, limit: inner.maxX)
        buffer.cursor = ScreenBuffer.Point(x: min(fieldX + visible.cursorColumn, inner.maxX - 1), y: inner.y)
        if let status = goTo.status { buffer.write(status, in: inner, row: 1, role: .faded) }
    }
}
