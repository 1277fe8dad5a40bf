/// The magazine menu's keys (`M`): moving the highlight, playing a magazine (Enter) or showing it
/// while the music goes on (Space), and creating, renaming, deleting and reordering magazines
/// through the host's one edit path. `DashboardController` hands it
/// every key while the menu is open and applies the reply.
struct MagazineEditorController {
    let host: any DashboardHost

    /// What a key did.
    enum Reply: Equatable {
        /// The key means nothing here; the menu stays as it was.
        case ignored
        /// The menu after the key (nil when it closed) and, if any, a response for the response line.
        case handled(menu: MagazineEditorState?, response: String?)
    }

    func handle(_ key: Key, in original: MagazineEditorState) -> Reply {
        var menu = original
        var response: String?
        let magazines = host.snapshot().magazines
        let selected = magazines.indices.contains(menu.selection) ? magazines[menu.selection] : nil
        switch menu.step {
        case .list:
            switch key {
            case .escape, .character("q"), .character("M"):
                return .handled(menu: nil, response: nil)
            case .up, .character("k"): menu.selection = max(0, menu.selection - 1)
            case .down, .character("j"): menu.selection = min(max(0, magazines.count - 1), menu.selection + 1)
            case .home: menu.selection = 0
            case .end: menu.selection = max(0, magazines.count - 1)
            case .enter:
                guard let selected else { return .handled(menu: original, response: nil) }
                return .handled(menu: nil, response: host.perform(.playMagazine(selected.id, name: selected.name)))
            case .character(" "):
                guard let selected else { return .handled(menu: original, response: nil) }
                host.selectMagazine(selected.id)
                return .handled(menu: nil, response: "Showing \(selected.name).")
            case .character("n"):
                menu.step = .naming(.init(purpose: .create, field: TextField()))
                menu.status = nil
            case .character("r"):
                guard let selected else { return .handled(menu: original, response: nil) }
                menu.step = .naming(.init(purpose: .rename(selected.id), field: TextField(selected.name)))
                menu.status = nil
            case .character("d"), .delete:
                guard let selected else { return .handled(menu: original, response: nil) }
                menu.step = .confirmingDelete(id: selected.id, question: host.question(before: .deleteMagazine(selected.id)) ?? "Delete \(selected.name)?")
                menu.status = nil
            case .character("J"), .shiftDown:
                move(&menu, selected, by: 1, count: magazines.count)
            case .character("K"), .shiftUp:
                move(&menu, selected, by: -1, count: magazines.count)
            default:
                return .ignored
            }
        case .naming(var request):
            switch key {
            case .escape:
                menu.step = .list
                menu.status = nil
            case .enter:
                let name = request.field.text.trimmed()
                if case .rename = request.purpose, name.isEmpty {
                    menu.status = "A magazine needs a name."
                    break
                }
                let result = saveName(name, for: request.purpose, menu: &menu, before: magazines)
                menu.status = result.message
                if result.succeeded {
                    menu.step = .list
                    response = result.message
                }
            default:
                guard request.field.apply(key) else { return .ignored }
                menu.step = .naming(request)
            }
        case .confirmingDelete(let id, _):
            if key == .character("y") || key == .character("Y") {
                let result = host.edit(.deleteMagazine(id))
                menu.status = result.message
                response = result.message
                let count = host.snapshot().magazines.count
                menu.selection = min(menu.selection, max(0, count - 1))
            } else {
                menu.status = nil
            }
            menu.step = .list
        }
        return .handled(menu: menu, response: response)
    }

    /// Creates or renames a magazine and highlights it.
    private func saveName(_ name: String, for purpose: MagazineEditorState.NameRequest.Purpose, menu: inout MagazineEditorState, before: [DashboardSnapshot.MagazineRow]) -> EditResult {
        let result: EditResult
        let target: (DashboardSnapshot.MagazineRow) -> Bool
        switch purpose {
        case .create:
            result = host.edit(.createMagazine(name: name.isEmpty ? nil : name))
            let known = Set(before.map(\.id))
            target = { !known.contains($0.id) }
        case .rename(let id):
            result = host.edit(.renameMagazine(id, to: name))
            target = { $0.id == id }
        }
        if result.succeeded, let index = host.snapshot().magazines.firstIndex(where: target) {
            menu.selection = index
        }
        return result
    }

    private func move(_ menu: inout MagazineEditorState, _ selected: DashboardSnapshot.MagazineRow?, by offset: Int, count: Int) {
        guard let selected else { return }
        let position = menu.selection + 1 + offset
        guard position >= 1, position <= count else { return }
        let result = host.edit(.moveMagazine(selected.id, to: position))
        menu.status = result.message
        if result.succeeded { menu.selection = position - 1 }
    }
}
