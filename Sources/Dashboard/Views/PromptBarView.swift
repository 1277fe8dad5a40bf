#if canImport(Glibc)
import Glibc
#endif

/// The prompt bar: "Say something… e.g. play disc 3" until it has focus, then the typed text with
/// the terminal's cursor at the insertion point. While a voice turn is under way: "Listening…",
/// a small meter of the input level and the words recognized so far; after it, what was heard.
enum PromptBarView {
    static let placeholder = "Say something… e.g. play disc 3"
    static let listening = "Listening…"
    static let loading = "Loading voice…"
    /// Cells of the level meter.
    static let meterWidth = 8

    static func draw(_ model: ViewModel, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard rect.width >= 4, rect.height >= 1 else { return }
        let prompt = model.ui.prompt
        let labelRole: Role = prompt.isFocused || model.snapshot.listening != nil ? .promptLabel : .promptPlaceholder
        buffer.write(String(model.glyphs.pointer), x: rect.x + 1, y: rect.y, role: labelRole)
        let field = Rect(x: rect.x + 3, y: rect.y, width: rect.width - 4, height: 1)
        if let listening = model.snapshot.listening {
            drawListening(listening, glyphs: model.glyphs, in: field, into: &buffer)
            return
        }
        let heard = model.ui.heard.flatMap { $0.phase(at: model.now) == .gone ? nil : "Heard \u{201C}\($0.text)\u{201D}" }
        guard prompt.isFocused else {
            buffer.write(heard ?? placeholder, in: field, role: heard == nil ? .promptPlaceholder : .promptText)
            return
        }
        if prompt.field.isEmpty {
            let hint = emptyHint(prompt.pending, followsVoice: prompt.followsVoice)
            if let heard {
                let end = buffer.write(heard, in: field, role: .promptText)
                if let hint { buffer.write(model.glyphs.separator + hint, x: end, y: field.y, role: .promptPlaceholder, limit: field.maxX) }
            } else if let hint {
                buffer.write(hint, in: field, role: .promptPlaceholder)
            }
        }
        let visible = prompt.field.visible(width: field.width)
        buffer.write(visible.text, x: field.x, y: field.y, role: .promptText, limit: field.maxX)
        buffer.cursor = ScreenBuffer.Point(x: min(field.x + visible.cursorColumn, rect.maxX - 1), y: rect.y)
    }

    /// "Listening… ━━━━──── play disc", or "Loading voice…" while the model loads.
    private static func drawListening(_ state: DashboardSnapshot.Listening, glyphs: Glyphs, in field: Rect, into buffer: inout ScreenBuffer) {
        guard !state.isLoading else {
            buffer.write(loading, in: field, role: .promptText)
            return
        }
        var x = buffer.write(listening, in: field, role: .promptText) + 1
        let filled = meterCells(state.level)
        let meter = String(repeating: glyphs.progressDone, count: filled) + String(repeating: glyphs.progressLeft, count: meterWidth - filled)
        x = buffer.write(meter, x: x, y: field.y, role: .hint, limit: field.maxX) + 1
        if !state.partial.isEmpty {
            buffer.write(state.partial, x: x, y: field.y, role: .promptPlaceholder, limit: field.maxX)
        }
    }

    /// The meter's filled cells for a peak level (0…1), on a decibel scale from -48 dB (none) to 0 dB (all).
    static func meterCells(_ level: Double) -> Int {
        guard level > 0 else { return 0 }
        let decibels = 20 * log10(min(1, level))
        return min(meterWidth, max(0, Int(((decibels + 48) / 48 * Double(meterWidth)).rounded())))
    }

    private static func emptyHint(_ pending: PromptState.Pending?, followsVoice: Bool) -> String? {
        switch pending {
        case .question: "Type your answer, v to say it, or Esc to cancel"
        case .choices: "Type a number or a name, v to say it, or Esc to cancel"
        case .suggestions where followsVoice: "Type a number to say one of them, or v to try again"
        case .suggestions: "Type a number to say one of them, or try again"
        case nil: nil
        }
    }
}

/// A box above the response line (which keeps showing the question or the "Sorry…"): the
/// numbered choices of an ambiguous sentence, the numbered nearest phrases to an unknown one, or
/// the names Tab is stepping through (the one in the bar highlighted).
enum PromptPopupView {
    /// What the box shows: its title, its rows (a number, or none, and the text) and the
    /// highlighted row.
    private struct Content {
        var title: String
        var lines: [(number: String, text: String)]
        var selected: Int?
    }

    private static func content(_ prompt: PromptState) -> Content? {
        guard prompt.isFocused else { return nil }
        if let completion = prompt.completion {
            return Content(title: "Tab next · Shift-Tab back", lines: completion.candidates.map { ("", $0) }, selected: completion.index)
        }
        let numbered = { (texts: [String]) in texts.enumerated().map { (texts.count <= 9 ? "\($0.offset + 1)" : "", $0.element) } }
        switch prompt.pending {
        case .choices(let question, let choices) where !choices.isEmpty:
            return Content(title: question, lines: numbered(choices))
        case .suggestions(let phrases) where !phrases.isEmpty:
            return Content(title: "Try saying", lines: numbered(phrases))
        default:
            return nil
        }
    }

    /// Whether the box is on screen: the bar has focus and holds choices, hints or names.
    static func isShowing(_ model: ViewModel) -> Bool { content(model.ui.prompt) != nil }

    static func draw(_ model: ViewModel, above anchor: Rect, top: Int, into buffer: inout ScreenBuffer) {
        guard let content = content(model.ui.prompt) else { return }
        let title = content.title
        var lines = content.lines
        let numberWidth = lines.map { DisplayWidth.of($0.0) }.max() ?? 0
        let contentWidth = lines.map { DisplayWidth.of($0.1) + (numberWidth > 0 ? numberWidth + 2 : 0) }.max() ?? 0
        let width = min(anchor.width - 2, max(DisplayWidth.of(title) + 6, contentWidth + 4))
        let height = min(anchor.y - top, lines.count + 2)
        guard width >= 10, height >= 3 else { return }
        let box = Rect(x: anchor.x + 1, y: anchor.y - height, width: width, height: height)
        buffer.box(box, glyphs: model.glyphs, role: .frame, title: title)
        let inner = box.inset(dx: 2, dy: 1)
        var selected = content.selected
        // Names past the box's last row scroll into view around the highlighted one.
        if let chosen = selected, chosen >= inner.height {
            let first = chosen - inner.height + 1
            lines = Array(lines[first...])
            selected = chosen - first
        }
        for (row, line) in lines.prefix(inner.height).enumerated() {
            var x = inner.x
            if numberWidth > 0 {
                buffer.write(line.0, x: x + numberWidth - DisplayWidth.of(line.0), y: inner.y + row, role: .overlayKey, limit: inner.maxX)
                x += numberWidth + 2
            }
            let last = row == inner.height - 1 && lines.count > inner.height && selected != row
            let text = last ? String(model.glyphs.ellipsis) : line.1
            let role: Role = row == selected ? .overlaySelected : .overlay
            buffer.write(DisplayWidth.truncate(text, to: inner.maxX - x), x: x, y: inner.y + row, role: role, limit: inner.maxX)
        }
    }
}
