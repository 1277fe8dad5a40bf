/// The bottom row: the keys that matter now, as many as fit. What is shown follows the focus:
/// the main keys, the prompt bar's, or an open overlay's.
enum FooterView {
    struct Item: Equatable, Sendable {
        var key: String
        var label: String
        /// Lower is kept longer when the row is short.
        var priority: Int
    }

    static func draw(_ model: ViewModel, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        var shown = items(for: model.ui)
        while width(of: shown) > rect.width - 1, shown.count > 1 {
            let dropped = shown.indices.max { shown[$0].priority < shown[$1].priority }!
            shown.remove(at: dropped)
        }
        var x = rect.x + 1
        for (index, item) in shown.enumerated() {
            if index > 0 { x += 2 }
            x = buffer.write(item.key, x: x, y: rect.y, role: .footerKey, limit: rect.maxX)
            x = buffer.write(" " + item.label, x: x, y: rect.y, role: .footerText, limit: rect.maxX)
        }
    }

    static func width(of items: [Item]) -> Int {
        items.reduce(0) { $0 + DisplayWidth.of($1.key) + 1 + DisplayWidth.of($1.label) } + max(0, items.count - 1) * 2
    }

    static func items(for ui: UIState) -> [Item] {
        switch ui.overlay {
        case .help:
            return [Item(key: "↑↓", label: "scroll", priority: 1), Item(key: "Esc", label: "close", priority: 0)]
        case .browser:
            return [
                Item(key: "abc", label: "search", priority: 2), Item(key: "↑↓", label: "choose", priority: 1),
                Item(key: "Enter", label: "load", priority: 0), Item(key: "Esc", label: "cancel", priority: 0),
            ]
        case .magazines(let editor):
            switch editor.step {
            case .list:
                return [
                    Item(key: "↑↓", label: "choose", priority: 3), Item(key: "Enter", label: "play", priority: 2),
                    Item(key: "Space", label: "show", priority: 2),
                    Item(key: "n", label: "new", priority: 1), Item(key: "r", label: "rename", priority: 1),
                    Item(key: "d", label: "delete", priority: 1), Item(key: "J K", label: "move", priority: 2),
                    Item(key: "Esc", label: "close", priority: 0),
                ]
            case .naming:
                return [Item(key: "Enter", label: "save", priority: 0), Item(key: "Esc", label: "cancel", priority: 0)]
            case .confirmingDelete:
                return [Item(key: "y", label: "delete", priority: 0), Item(key: "n", label: "keep", priority: 0)]
            }
        case .confirming:
            return [Item(key: "y", label: "yes", priority: 0), Item(key: "n", label: "no", priority: 0)]
        case .tracks:
            return [
                Item(key: "↑↓", label: "choose", priority: 2), Item(key: "Enter", label: "play", priority: 0),
                Item(key: "1-9", label: "track", priority: 1), Item(key: "Esc", label: "close", priority: 0),
            ]
        case .goTo:
            return [Item(key: "m:ss", label: "time", priority: 1), Item(key: "Enter", label: "go", priority: 0), Item(key: "Esc", label: "cancel", priority: 0)]
        case nil:
            break
        }
        if ui.prompt.isFocused {
            var items = [
                Item(key: "Enter", label: "say", priority: 0), Item(key: "Esc", label: "leave", priority: 0),
                Item(key: "Tab", label: "names", priority: 4),
                Item(key: "↑↓", label: "history", priority: 2), Item(key: "←→", label: "move", priority: 3),
            ]
            switch ui.prompt.pending {
            case .choices, .suggestions: items.insert(Item(key: "1-9", label: "pick", priority: 1), at: 0)
            case .question, nil: break
            }
            return items
        }
        // `v say` (voice) goes after `1-0 disc`, before the transport keys: all of
        // "1-0 disc  / talk  v say  ? help  q quit" fits the narrowest layout (40 columns).
        return [
            Item(key: "1-0", label: "disc", priority: 3), Item(key: "Space", label: "play", priority: 5),
            Item(key: "←→", label: "track", priority: 6), Item(key: "↑↓", label: "disc", priority: 7),
            Item(key: "+-", label: "vol", priority: 8), Item(key: "t", label: "tracks", priority: 9),
            Item(key: "Tab", label: "magazine", priority: 10), Item(key: "e", label: "load", priority: 11),
            Item(key: "M", label: "magazines", priority: 12),
            Item(key: "/", label: "talk", priority: 2), Item(key: "v", label: "say", priority: 4),
            Item(key: "?", label: "help", priority: 0), Item(key: "q", label: "quit", priority: 1),
        ]
    }
}
