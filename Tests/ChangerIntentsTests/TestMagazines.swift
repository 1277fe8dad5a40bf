import ChangerIntents
import IntentKit
import Synchronization

/// A stand-in for the magazine store: a list of magazines the registry's provider reads.
final class TestMagazines: Sendable {
    private let list: Mutex<[Entity]>

    init(_ names: [String]) {
        list = Mutex(names.enumerated().map { index, name in
            ChangerShortcuts.magazine(id: TestMagazines.id(index), name: name)
        })
    }

    /// A UUID-shaped stable id for the magazine at `index`.
    static func id(_ index: Int) -> String {
        let digits = String(index)
        return "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }

    var entities: [Entity] { list.withLock { $0 } }

    func rename(_ id: String, to name: String) {
        list.withLock { magazines in
            if let index = magazines.firstIndex(where: { $0.id == id }) {
                magazines[index] = ChangerShortcuts.magazine(id: id, name: name)
            }
        }
    }

    func makeRegistry() throws -> ShortcutRegistry {
        try ChangerShortcuts.makeRegistry(magazines: { [self] in entities })
    }
}
