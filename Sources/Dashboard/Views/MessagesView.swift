/// The response line (the spoken-style answer to the last key or sentence) and the notice line
/// (a skipped file, a device problem). Both fade: drawn dim after a while, then gone. An answer
/// too long for its row, newer than the notice, goes on in the notice's row. Long work
/// under way ("Scanning 3,412 of 10,000 files…") takes the notice line until it ends. The compact
/// layout's one row shows the newer message, or the work under way when no answer is fresh.
/// A pinned notice placed on the notice line (`PinnedNoticesView`) shows there whenever no
/// fresher message (nor work under way) has the row.
enum MessagesView {
    static func draw(_ model: ViewModel, pinned: PinnedNoticesView.Placement?, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        let response = visible(model.ui.response, now: model.now, role: .response, width: rect.width - 1)
        let activity = model.snapshot.activity.map { (text: $0, role: Role.notice) }
        let notice = activity ?? visible(model.ui.notice, now: model.now, role: .notice, width: rect.width - 1)
        if rect.height >= 2 {
            // A long answer newer than the notice goes on over both rows.
            let lines = response.map { HelpOverlay.wrap($0.text, width: max(1, rect.width - 2)) } ?? []
            let newer = activity == nil && (model.ui.notice.map { $0.since <= (model.ui.response?.since ?? 0) } ?? true)
            if let response, lines.count > 1, newer {
                buffer.write(lines[0], in: rect, row: 0, indent: 1, role: response.role)
                buffer.write(lines.dropFirst().joined(separator: " "), in: rect, row: 1, indent: 1, role: response.role)
                return
            }
            if let response { buffer.write(response.text, in: rect, row: 0, indent: 1, role: response.role) }
            if let notice {
                buffer.write(notice.text, in: rect, row: 1, indent: 1, role: notice.role)
            } else {
                drawPinned(pinned, in: rect, row: 1, into: &buffer)
            }
        } else if response == nil, notice == nil {
            drawPinned(pinned, in: rect, row: 0, into: &buffer)
        } else {
            let newer: (text: String, role: Role)?
            if let activity {
                newer = model.ui.response?.phase(at: model.now) == .fresh ? response : activity
            } else if let r = model.ui.response, let n = model.ui.notice, let response, let notice {
                newer = n.since > r.since && !r.isSticky ? notice : response
            } else {
                newer = response ?? notice
            }
            if let newer { buffer.write(newer.text, in: rect, row: 0, indent: 1, role: newer.role) }
        }
    }

    /// A pinned notice on the notice line, and after it, when there is room, how to dismiss it.
    private static func drawPinned(_ pinned: PinnedNoticesView.Placement?, in rect: Rect, row: Int, into buffer: inout ScreenBuffer) {
        guard case .line(_, let text) = pinned else { return }
        let shown = NoticeText.fitted(text, to: rect.width - 1)
        let end = buffer.write(shown, in: rect, row: row, indent: 1, role: .notice)
        let hint = PinnedNoticesView.lineHint
        if end + 2 + DisplayWidth.of(hint) <= rect.maxX - 1 { buffer.writeRight(hint, in: Rect(x: rect.x, y: rect.y, width: rect.width - 1, height: rect.height), row: row, role: .hint) }
    }

    /// The message as it shows now, if it still shows; a notice's paths are shortened in the
    /// middle to fit the row (a response is cut at the end, as any text).
    private static func visible(_ message: TimedMessage?, now: Double, role: Role, width: Int) -> (text: String, role: Role)? {
        guard let message else { return nil }
        let text = role == .notice ? NoticeText.fitted(message.text, to: width) : message.text
        switch message.phase(at: now) {
        case .fresh: return (text, role)
        case .fading: return (text, .faded)
        case .gone: return nil
        }
    }
}
