/// Now playing, readable from the driver's seat: disc and track numbers in large digits, the
/// track's title, artist and album, and a row with the play/pause sign, elapsed time, a progress
/// bar and the track's length.
enum NowPlayingView {
    static func draw(_ model: ViewModel, layout: Layout, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard rect.height >= 3, rect.width >= 20 else { return }
        let size = layout.digitSize
        let panel = model.snapshot.nowPlaying
        let discText = panel.map { twoDigits($0.disc) } ?? "--"
        let trackText = panel.map { twoDigits($0.track) } ?? "--"
        let discDigits = BigDigits.render(discText, size: size, glyphs: model.glyphs)
        let trackDigits = BigDigits.render(trackText, size: size, glyphs: model.glyphs)
        let discWidth = BigDigits.width(of: discText.count, size: size)
        let trackWidth = BigDigits.width(of: trackText.count, size: size)

        let compact = layout.kind == .compact
        // A compact layout with a row to spare: four text rows beside the digits, progress below.
        let compactTall = compact && rect.height >= 5
        // Compact: digits on rows 0–2, labels under them on row 3. Roomy: labels on row 0.
        let labelRow = compact ? 3 : 0
        let digitsTop = compact ? 0 : 1
        let left = rect.x + 1
        let trackX = left + discWidth + (compact ? 2 : (size == .huge ? 5 : 3))
        let textX = trackX + trackWidth + (compact ? 2 : (size == .huge ? 6 : 4))
        for row in 0..<size.rows where digitsTop + row < rect.height {
            buffer.write(discDigits[row], x: left, y: rect.y + digitsTop + row, role: .digits, limit: rect.maxX)
            buffer.write(trackDigits[row], x: trackX, y: rect.y + digitsTop + row, role: .digits, limit: rect.maxX)
        }
        buffer.write("DISC", x: left, y: rect.y + labelRow, role: .digitsLabel, limit: trackX)
        buffer.write("TRACK", x: trackX, y: rect.y + labelRow, role: .digitsLabel, limit: textX)

        let text = Rect(x: textX, y: rect.y, width: max(0, rect.maxX - textX - 1), height: rect.height)
        let sign = transportSign(model)
        let firstRow = compact ? 0 : (size == .huge ? 2 : 1)
        if let panel {
            let trackOf = panel.trackCount > 0 ? "Track \(panel.track) of \(panel.trackCount)" : "Track \(panel.track)"
            let lines: [(String, Role)] = compact && !compactTall
                ? [(panel.title, .trackTitle), (panel.artist, .trackArtist)]
                : [(panel.title, .trackTitle), (panel.artist, .trackArtist), (panel.album, .trackAlbum), (trackOf, .trackAlbum)]
            for (index, line) in lines.enumerated() {
                buffer.write(line.0, in: text, row: firstRow + index, role: line.1)
            }
        } else {
            buffer.write("No disc playing", in: text, row: firstRow, role: .trackTitle)
            let hint = model.snapshot.slots.isEmpty ? "Press M to make a magazine." : "Press a disc number, or / to talk."
            buffer.write(hint, in: text, row: firstRow + 1, role: .faded)
        }

        let elapsed = panel?.elapsed ?? 0
        let duration = panel?.duration ?? 0
        if compact && !compactTall {
            // Row 2 beside the digits: sign and times; row 3: the bar beside the labels.
            let times = "\(ViewModel.time(elapsed)) / \(ViewModel.time(duration))"
            let end = buffer.write(sign.text, x: text.x, y: rect.y + 2, role: sign.role, limit: text.maxX)
            buffer.write(times, x: end + 1, y: rect.y + 2, role: .time, limit: text.maxX)
            drawBar(elapsed: elapsed, duration: duration, in: Rect(x: text.x, y: rect.y + 3, width: text.width, height: 1), glyphs: model.glyphs, into: &buffer)
        } else {
            let row = Rect(x: rect.x + 1, y: rect.maxY - 1, width: rect.width - 2, height: 1)
            var x = buffer.write(sign.text, x: row.x, y: row.y, role: sign.role, limit: row.maxX)
            x = max(x + 1, row.x + 3)
            x = buffer.write(ViewModel.time(elapsed), x: x, y: row.y, role: .time, limit: row.maxX) + 1
            let total = ViewModel.time(duration)
            let totalX = row.maxX - DisplayWidth.of(total)
            buffer.write(total, x: totalX, y: row.y, role: .time, limit: row.maxX)
            drawBar(elapsed: elapsed, duration: duration, in: Rect(x: x, y: row.y, width: totalX - 1 - x, height: 1), glyphs: model.glyphs, into: &buffer)
        }
    }

    /// ▶ while playing, ▮▮ while paused, ■ when stopped.
    static func transportSign(_ model: ViewModel) -> (text: String, role: Role) {
        switch model.snapshot.transport {
        case .playing: (String(model.glyphs.play), .transportSign)
        case .paused: (model.glyphs.pause, .transportSign)
        case .stopped: (String(model.glyphs.stop), .faded)
        }
    }

    /// The progress bar: `elapsed / duration` of its width drawn as done.
    static func drawBar(elapsed: Double, duration: Double, in rect: Rect, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        guard rect.width > 0 else { return }
        let done = filledColumns(elapsed: elapsed, duration: duration, width: rect.width)
        buffer.horizontalLine(x: rect.x, y: rect.y, length: done, glyphs.progressDone, role: .progressDone)
        buffer.horizontalLine(x: rect.x + done, y: rect.y, length: rect.width - done, glyphs.progressLeft, role: .progressLeft)
    }

    static func filledColumns(elapsed: Double, duration: Double, width: Int) -> Int {
        guard duration > 0, elapsed.isFinite, width > 0 else { return 0 }
        let fraction = min(1, max(0, elapsed / duration))
        return Int((fraction * Double(width)).rounded(.down))
    }

    private static func twoDigits(_ number: Int) -> String {
        let clamped = max(0, number)
        return clamped < 10 ? "0\(clamped)" : "\(clamped)"
    }
}
