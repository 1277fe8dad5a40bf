#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The magazine menu: the rack as a list, with create, rename, delete and reorder.
struct MagazineEditorState: Equatable, Sendable {
    /// Index in the rack of the highlighted magazine (kept within the rack when it changes).
    var selection: Int
    var step: Step = .list
    /// The outcome of the last edit, shown at the foot of the menu.
    var status: String?

    enum Step: Equatable, Sendable {
        case list
        /// Typing a name for a new magazine, or a new name for one.
        case naming(NameRequest)
        /// Waiting for y, with the host's question ("Delete Road Trip? It is playing; …").
        case confirmingDelete(id: UUID, question: String)
    }

    struct NameRequest: Equatable, Sendable {
        enum Purpose: Equatable, Sendable {
            case create
            case rename(UUID)
        }

        var purpose: Purpose
        var field: TextField
    }
}
