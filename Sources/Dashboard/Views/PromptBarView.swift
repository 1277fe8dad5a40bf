/// The prompt bar: "Say something… e.g. play disc 3" until it has focus, then the typed text with
/// the terminal's cursor at the insertion point.
enum PromptBarView {
    static let placeholder = "Say something… e.g. play disc 3"

    static func draw(_ model: ViewModel, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard rect.width >= 4, rect.height >= 1 else { return }
        let prompt = model.ui.prompt
        let labelRole: Role = prompt.isFocused ? .promptLabel : .promptPlaceholder
        buffer.write(String(model.glyphs.pointer), x: rect.x + 1, y: rect.y, role: labelRole)
        let field = Rect(x: rect.x + 3, y: rect.y, width: rect.width - 4, height: 1)
        guard prompt.isFocused else {
            buffer.write(placeholder, in: field, role: .promptPlaceholder)
            return
        }
        if prompt.field.isEmpty, let hint = emptyHint(prompt.pending) {
            buffer.write(hint, in: field, role: .promptPlaceholder)
        }
        let visible = prompt.field.visible(width: field.width)
        buffer.write(visible.text, x: field.x, y: field.y, role: .promptText, limit: field.maxX)
        buffer.cursor = ScreenBuffer.Point(x: min(field.x + visible.cursorColumn, rect.maxX - 1), y: rect.y)
    }

    private static func emptyHint(_ pending: PromptState.Pending?) -> String? {
        switch pending {
        case .question: "Type your answer, or Esc to cancel"
        case .choices: "Type a number or a name, or Esc to cancel"
        case .suggestions, nil: nil
        }
    }
}

/// A box above the response line (which keeps showing the question or the "Sorry…"): the
/// numbered choices of an ambiguous sentence, or the nearest phrases to an unknown one.
enum PromptPopupView {
    /// Whether the box is on screen: the bar has focus and holds choices or hints.
    static func isShowing(_ model: ViewModel) -> Bool {
        guard model.ui.prompt.isFocused else { return false }
        switch model.ui.prompt.pending {
        case .choices(_, let choices): return !choices.isEmpty
        case .suggestions(let phrases): return !phrases.isEmpty
        case .question, nil: return false
        }
    }

    static func draw(_ model: ViewModel, above anchor: Rect, top: Int, into buffer: inout ScreenBuffer) {
        let title: String
        let lines: [(String, String)]
        switch model.ui.prompt.pending {
        case .choices(let question, let choices):
            title = question
            lines = choices.enumerated().map { ("\($0.offset + 1)", $0.element) }
        case .suggestions(let phrases):
            title = "Try saying"
            lines = phrases.map { ("", $0) }
        case .question, nil:
            return
        }
        guard !lines.isEmpty, model.ui.prompt.isFocused else { return }
        let numberWidth = lines.map { DisplayWidth.of($0.0) }.max() ?? 0
        let contentWidth = lines.map { DisplayWidth.of($0.1) + (numberWidth > 0 ? numberWidth + 2 : 0) }.max() ?? 0
        let width = min(anchor.width - 2, max(DisplayWidth.of(title) + 6, contentWidth + 4))
        let height = min(anchor.y - top, lines.count + 2)
        guard width >= 10, height >= 3 else { return }
        let box = Rect(x: anchor.x + 1, y: anchor.y - height, width: width, height: height)
        buffer.box(box, glyphs: model.glyphs, role: .frame, title: title)
        let inner = box.inset(dx: 2, dy: 1)
        for (row, line) in lines.prefix(inner.height).enumerated() {
            var x = inner.x
            if numberWidth > 0 {
                buffer.write(line.0, x: x + numberWidth - DisplayWidth.of(line.0), y: inner.y + row, role: .overlayKey, limit: inner.maxX)
                x += numberWidth + 2
            }
            let last = row == inner.height - 1 && lines.count > inner.height
            let text = last ? String(model.glyphs.ellipsis) : line.1
            buffer.write(DisplayWidth.truncate(text, to: inner.maxX - x), x: x, y: inner.y + row, role: .overlay, limit: inner.maxX)
        }
    }
}
