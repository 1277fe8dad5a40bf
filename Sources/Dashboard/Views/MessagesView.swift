/// The response line (the spoken-style answer to the last key or sentence) and the notice line
/// (a skipped file, a device problem). Both fade: drawn dim after a while, then gone. The compact
/// layout has one row and shows the newer of the two.
enum MessagesView {
    static func draw(_ model: ViewModel, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        let response = visible(model.ui.response, now: model.now, role: .response, width: rect.width - 1)
        let notice = visible(model.ui.notice, now: model.now, role: .notice, width: rect.width - 1)
        if rect.height >= 2 {
            if let response { buffer.write(response.text, in: rect, row: 0, indent: 1, role: response.role) }
            if let notice { buffer.write(notice.text, in: rect, row: 1, indent: 1, role: notice.role) }
        } else {
            let newer: (text: String, role: Role)?
            switch (model.ui.response, model.ui.notice, response, notice) {
            case (let r?, let n?, let shownResponse?, let shownNotice?):
                newer = n.since > r.since && !r.isSticky ? shownNotice : shownResponse
            default:
                newer = response ?? notice
            }
            if let newer { buffer.write(newer.text, in: rect, row: 0, indent: 1, role: newer.role) }
        }
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
