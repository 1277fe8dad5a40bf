import ChangerIntents
import ChangerKit
import IntentKit
import Synchronization

/// The intent registry, built the first time a sentence needs it. Compiling every phrase template
/// costs a few milliseconds of CPU that a player driven only by keys, media keys or `play` never
/// needs to spend; keys and media keys use ready-bound invocations.
final class RegistryLoader: Sendable {
    private let store: ChangerStore
    /// The library's names, kept to refresh the registry after a new scan.
    let library: LibraryEntities
    private let built = Mutex<ShortcutRegistry?>(nil)

    init(store: ChangerStore, library: LibraryEntities) {
        self.store = store
        self.library = library
    }

    /// The registry if it was built already (a new scan refreshes it only then).
    var builtRegistry: ShortcutRegistry? { built.withLock { $0 } }

    /// The registry, built now if this is the first time; its first snapshot is the store's state
    /// now, and from then on the store refreshes it after every change of names or order.
    var registry: ShortcutRegistry {
        built.withLock { built in
            if let built { return built }
            do {
                let registry = try MagazineEntities.registry(observing: store, library: library)
                built = registry
                return registry
            } catch {
                // The built-in catalog is checked by the tests; failing here is a programming error.
                fatalError("The built-in shortcuts do not register: \(error)")
            }
        }
    }
}
