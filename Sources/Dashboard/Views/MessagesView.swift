/// The response line (the spoken-style answer to the last key or sentence) and the notice line
/// (a skipped file, a device problem). Both fade: drawn dim after a while, then gone. An answer
/// too long for its row, newer than the notice, goes on in the notice's row. Long work
/// under way ("Scanning 3,412 of 10,000 files…") takes the notice line until it ends. The compact
/// layout's one row shows the newer message, or the work under way when no answer is fresh.
enum MessagesView {
    static func draw(_ model: ViewModel, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        let response = visible(model.ui.response, now: model.now, role: .response)
        let activity = model.snapshot.activity.map { (text: $0, role: Role.notice) }
        let notice = activity ?? visible(model.ui.notice, now: model.now, role: .notice)
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
            if let notice { buffer.write(notice.text, in: rect, row: 1, indent: 1, role: notice.role) }
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

    private static func visible(_ message: TimedMessage?, now: Double, role: Role) -> (text: String, role: Role)? {
        guard let message else { return nil }
        switch message.phase(at: now) {
        case .fresh: return (message.text, role)
        case .fading: return (message.text, .faded)
        case .gone: return nil
        }
    }
}
