/// The notices that stay until dismissed (a state file moved aside, an empty music folder, a bad
/// settings line, no session bus) in a box above the message lines, whatever else is on the
/// screen: each wrapped whole, paths shortened in the middle. Esc dismisses the ones shown; when
/// they don't all fit, the next ones come after.
enum PinnedNoticesView {
    /// Where the box goes and what it holds.
    struct Placement: Equatable, Sendable {
        var box: Rect
        var title: String
        var rows: [String]
        /// The notices shown whole, which Esc dismisses.
        var shownIDs: [Int]
    }

    /// The box for the notices not yet dismissed, between the header and the message lines; nil
    /// when there are none, or while the prompt bar's own box or an overlay is open.
    static func placement(_ model: ViewModel, layout: Layout) -> Placement? {
        let waiting = model.snapshot.pinnedNotices.filter { !model.ui.dismissedNotices.contains($0.id) }
        guard !waiting.isEmpty, model.ui.overlay == nil, !PromptPopupView.isShowing(model) else { return nil }
        let anchor = layout.messages
        let top = layout.header.maxY
        let width = anchor.width - 2
        let innerWidth = width - 4
        let rowsAvailable = anchor.y - top - 2
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
        let box = Rect(x: anchor.x + 1, y: anchor.y - height, width: width, height: height)
        return Placement(box: box, title: title, rows: rows, shownIDs: shown)
    }

    static func draw(_ model: ViewModel, layout: Layout, into buffer: inout ScreenBuffer) {
        guard let placement = placement(model, layout: layout) else { return }
        buffer.box(placement.box, glyphs: model.glyphs, role: .frame, title: placement.title)
        let inner = placement.box.inset(dx: 2, dy: 1)
        for (row, text) in placement.rows.enumerated() {
            buffer.write(text, in: inner, row: row, role: .notice)
        }
    }
}
