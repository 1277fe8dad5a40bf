import Synchronization

/// Names one observer added with ``ShortcutRegistry/observeSnapshots(_:)``; hand it to
/// ``ShortcutRegistry/removeSnapshotObserver(_:)`` to stop it.
public struct SnapshotObserverToken: Hashable, Sendable {
    let id: Int
}

/// The registry's snapshot observers and their delivery.
///
/// One delivery runs at a time: a thread that installs a snapshot while another is delivering
/// leaves it as pending, and the delivering thread hands it on when it has finished the one it
/// is on. So observers are never called concurrently, see generations in increasing order, and
/// always see the newest one; when updates race, a generation in between may be skipped.
final class SnapshotObservers: Sendable {
    private struct State {
        var observers: [(token: SnapshotObserverToken, body: @Sendable (ParameterSnapshot) -> Void)] = []
        var nextID = 0
        var delivering = false
        var pending: ParameterSnapshot?
        var deliveredGeneration = 0
    }

    private let state = Mutex(State())

    func add(_ body: @escaping @Sendable (ParameterSnapshot) -> Void) -> SnapshotObserverToken {
        state.withLock { state in
            let token = SnapshotObserverToken(id: state.nextID)
            state.nextID += 1
            state.observers.append((token, body))
            return token
        }
    }

    func remove(_ token: SnapshotObserverToken) {
        state.withLock { state in state.observers.removeAll { $0.token == token } }
    }

    /// Tells every observer about `snapshot` (already installed), unless a newer one was told or is
    /// about to be. Observers run outside the lock: they may resolve, add or remove observers, or
    /// update the registry again (that update is delivered when they return).
    func announce(_ snapshot: ParameterSnapshot) {
        let leads = state.withLock { state -> Bool in
            let newest = max(state.deliveredGeneration, state.pending?.generation ?? 0)
            if snapshot.generation > newest { state.pending = snapshot }
            guard !state.delivering else { return false }
            state.delivering = true
            return true
        }
        guard leads else { return }
        while let (next, bodies) = state.withLock({ state -> (ParameterSnapshot, [@Sendable (ParameterSnapshot) -> Void])? in
            guard let pending = state.pending else {
                state.delivering = false
                return nil
            }
            state.pending = nil
            state.deliveredGeneration = pending.generation
            return (pending, state.observers.map(\.body))
        }) {
            for body in bodies { body(next) }
        }
    }
}
