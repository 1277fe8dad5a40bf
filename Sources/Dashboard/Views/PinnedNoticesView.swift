/// The notices that stay until dismissed (a state file moved aside, an empty music folder, a bad
/// settings line, no session bus), shown whatever else is on the screen until Esc dismisses them.
/// One that fits the notice line is drawn there (a fresher notice takes the line while it lasts);
/// longer ones, or several, go in a box above the message lines, each wrapped whole with paths
/// shortened in the middle; when they don't all fit, the next ones come after.
enum PinnedNoticesView {
    /// Where the waiting notices go.
    enum Placement: Equatable, Sendable {
        /// One notice, on the notice line.
        case line(id: Int, text: String)
        /// A box over the panels: its frame, title and rows, and the notices shown whole.
        case box(Rect, title: String, rows: [String], shownIDs: [Int])

        /// The notices Esc dismisses.
        var shownIDs: [Int] {
            switch self {
            case .line(let id, _): [id]
            case .box(_, _, _, let ids): ids
            }
        }
    }

    /// The hint after a notice on the notice line, when there is room for it.
    static let lineHint = "Esc dismisses"

    /// Where the notices not yet dismissed go; nil when there are none, or while an overlay is
    /// open, or (for the box) while the prompt bar's own box is open.
    static func placement(_ model: ViewModel, layout: Layout) -> Placement? {
        let waiting = model.snapshot.pinnedNotices.filter { !model.ui.dismissedNotices.contains($0.id) }
        guard let first = waiting.first, model.ui.overlay == nil else { return nil }
        let lineWidth = layout.messages.width - 1
        if waiting.count == 1, DisplayWidth.of(NoticeText.withShortenedPath(first.text, to: lineWidth)) <= lineWidth {
            return .line(id: first.id, text: first.text)
        }
        guard !PromptPopupView.isShowing(model) else { return nil }
        let anchor = layout.messages
        let width = anchor.width - 2
        let innerWidth = width - 4
        let rowsAvailable = anchor.y - layout.header.maxY - 2
        guard innerWidth >= 10, rowsAvailable >= 1 else { return nil }
        var rows: [String] = []
        var shown: [Int] = []
        for notice in waiting {
            let wrapped = NoticeText.wrapped(notice.text, width: innerWidth)
            let needed = wrapped.count + (rows.isEmpty ? 0 : 1)
            if rows.count + needed > rowsAvailable {
                // The first notice is shown even when it doesn't fit: its last row says so.
                if rows.isEmpty {
                    rows = Array(wrapped.prefix(rowsAvailable))
                    rows[rows.count - 1] = DisplayWidth.truncate(rows[rows.count - 1] + " …", to: innerWidth)
                    shown.append(notice.id)
                }
                break
            }
            if !rows.isEmpty { rows.append("") }
            rows += wrapped
            shown.append(notice.id)
        }
        let title: String
        if shown.count == waiting.count {
            title = (waiting.count == 1 ? "Notice" : "\(waiting.count) notices") + " · Esc to dismiss"
        } else {
            title = "Notices 1–\(shown.count) of \(waiting.count) · Esc for more"
        }
        let height = rows.count + 2
        return .box(Rect(x: anchor.x + 1, y: anchor.y - height, width: width, height: height), title: title, rows: rows, shownIDs: shown)
    }

    /// Draws the box, when the notices go in one (the notice line is `MessagesView`'s).
    static func draw(_ placement: Placement?, glyphs: Glyphs, into buffer: inout ScreenBuffer) {
        guard case .box(let frame, let title, let rows, _) = placement else { return }
        buffer.box(frame, glyphs: glyphs, role: .frame, title: title)
        let inner = frame.inset(dx: 2, dy: 1)
        for (row, text) in rows.enumerated() {
            buffer.write(text, in: inner, row: row, role: .notice)
        }
    }
}
