import ChangerIntents
import ChangerKit
import Dispatch
import IntentKit
import Synchronization

/// Builds the intent registry on another thread while the player starts (compiling every phrase
/// template takes a few milliseconds that the first sound should not wait for). The first sentence
/// waits for it if it is not ready yet.
final class RegistryLoader: Sendable {
    private let built = Mutex<ShortcutRegistry?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    init(store: ChangerStore) {
        // Names that change while the registry is being built are caught by the refresh after it.
        store.observe { [weak self] change in
            if change.changesMagazineNames { self?.built.withLock { $0 }?.updateShortcutParameters() }
        }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do {
                let registry = try MagazineEntities.registry(for: store)
                built.withLock { $0 = registry }
                registry.updateShortcutParameters()
            } catch {
                // The built-in catalog is checked by the tests; failing here is a programming error.
                fatalError("The built-in shortcuts do not register: \(error)")
            }
            ready.signal()
        }
    }

    /// The registry, waiting for it to be built if need be.
    var registry: ShortcutRegistry {
        if let registry = built.withLock({ $0 }) { return registry }
        ready.wait()
        ready.signal()
        return built.withLock { $0! }
    }
}
