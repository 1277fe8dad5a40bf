import ChangerKit
import IntentKit

/// Connects the intent layer to the magazine store: magazines are the "Magazine" entities, and the
/// snapshot the resolver matches against is refreshed after every create, rename, delete and reorder.
public enum MagazineEntities {
    /// The app's registry, reading magazines from `store` and refreshed by it after every change of names or order.
    public static func registry(observing store: ChangerStore) throws(ShortcutRegistrationError) -> ShortcutRegistry {
        let registry = try ChangerShortcuts.makeRegistry(magazines: {
            store.state.rack.magazines.map { ChangerShortcuts.magazine(id: $0.id.uuidString, name: $0.name) }
        })
        store.observe { change in
            if change.changesMagazineNames { registry.updateShortcutParameters() }
        }
        return registry
    }

    /// Sentences a magazine's name makes ambiguous, in words for the user (empty when there are none).
    /// Called after a magazine is created or renamed, so a name like "Disc 3" is reported at once.
    public static func collisionWarnings(for magazine: Magazine, in registry: ShortcutRegistry) -> [String] {
        registry.collisions(forEntity: magazine.id.uuidString, ofType: ChangerCatalog.magazineType).map { collision in
            let readings = collision.sources.map(\.summary)
            return "\u{201C}\(collision.sentence)\u{201D} could mean \(readings.joined(separator: " or ")); saying it will ask which one you mean."
        }
    }
}
