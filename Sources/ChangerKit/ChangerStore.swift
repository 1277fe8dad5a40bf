#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The one place the changer's state is changed: it keeps the state in memory, saves it after
/// every change, and tells observers what changed (the intent layer refreshes its snapshot of
/// magazine names from here, after every create, rename, delete and reorder).
///
/// Safe to use from any thread; edits are serialised by a mutex. When a save fails (disk full,
/// read-only folder) the change stays in memory, `pendingSaveError` says why, and the next
/// save — after another change or `retrySave()` — writes it.
///
/// A short-lived process (a `magazine` command run without a player) passes
/// `rereadsBeforeEdits`: each edit then reads the file, applies the change and writes it while
/// holding the state lock, so edits from several processes at once are never lost.
public final class ChangerStore: Sendable {
    public let file: StateFile
    private let rereadsBeforeEdits: Bool
    private let current: Mutex<Current>
    private let observers = Mutex<[@Sendable (StoreChange) -> Void]>([])

    private struct Current {
        var state: ChangerState
        var unsavedError: StateError?
    }

    /// Keeps `state` in memory; nothing is written until the first change or `save()`.
    public init(file: StateFile, state: ChangerState, rereadsBeforeEdits: Bool = false) {
        self.file = file
        self.rereadsBeforeEdits = rereadsBeforeEdits
        self.current = Mutex(Current(state: state))
    }

    /// The state as it is now.
    public var state: ChangerState { current.withLock { $0.state } }

    /// Why the latest change could not be saved yet, or nil when everything is on disk.
    public var pendingSaveError: StateError? { current.withLock { $0.unsavedError } }

    /// Calls `observer` after every change, on the thread that made it.
    public func observe(_ observer: @escaping @Sendable (StoreChange) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Applies an edit to the rack, saves, and notifies observers. The result is the edit's own
    /// result; a failed save doesn't undo the edit (see `pendingSaveError`).
    @discardableResult
    public func editRack<Result: Sendable>(_ kind: StoreChange, _ edit: (inout Rack) throws(RackError) -> Result) throws(RackError) -> Result {
        let result = try current.withLock { current throws(RackError) -> Result in
            guard rereadsBeforeEdits else {
                let result = try ChangerStore.apply(edit, to: &current.state)
                saveLocked(&current)
                return result
            }
            return try rereadApplyAndWrite(&current, edit)
        }
        notify(kind)
        return result
    }

    /// The edit applied to the rack, with the position and selection kept pointing at magazines that exist.
    private static func apply<Result>(_ edit: (inout Rack) throws(RackError) -> Result, to state: inout ChangerState) throws(RackError) -> Result {
        var rack = state.rack
        let result = try edit(&rack)
        state.rack = rack
        if let position = state.position, rack.magazine(withID: position.magazineID) == nil {
            state.position = nil
        }
        if let selected = state.currentMagazineID, rack.magazine(withID: selected) == nil {
            state.currentMagazineID = rack.magazines.first?.id
        }
        return result
    }

    /// Under the state lock: reads what other processes saved, applies the edit, writes the result.
    /// When the lock can't be had (a folder that can't be written), the edit is kept in memory.
    private func rereadApplyAndWrite<Result>(_ current: inout Current, _ edit: (inout Rack) throws(RackError) -> Result) throws(RackError) -> Result {
        var outcome: Swift.Result<Result, RackError>?
        do {
            try file.withLock { () throws(StateError) in
                if let saved = file.load().state { current.state = saved }
                do throws(RackError) {
                    outcome = .success(try ChangerStore.apply(edit, to: &current.state))
                } catch {
                    outcome = .failure(error)
                    return
                }
                try file.write(current.state)
            }
            current.unsavedError = nil
        } catch {
            current.unsavedError = error
        }
        switch outcome {
        case .success(let result): return result
        case .failure(let error): throw error
        case nil:
            // The lock could not be taken: apply the edit in memory; it is saved once that works.
            return try ChangerStore.apply(edit, to: &current.state)
        }
    }

    /// Changes the non-rack parts of the state (position, settings, selected magazine) and saves.
    public func update(_ kind: StoreChange = .playback, _ change: (inout ChangerState) -> Void) {
        let changed = current.withLock { current -> Bool in
            var state = current.state
            change(&state)
            state.rack = current.state.rack
            guard state != current.state else { return false }
            current.state = state
            saveLocked(&current)
            return true
        }
        if changed { notify(kind) }
    }

    /// Writes the state now (e.g. on quit), returning the error if it still can't be saved.
    @discardableResult
    public func save() -> StateError? {
        current.withLock { current in
            saveLocked(&current)
            return current.unsavedError
        }
    }

    /// Tries again to save a change that could not be saved; nil when nothing is pending any more.
    @discardableResult
    public func retrySave() -> StateError? {
        current.withLock { current in
            if current.unsavedError != nil { saveLocked(&current) }
            return current.unsavedError
        }
    }

    private func saveLocked(_ current: inout Current) {
        do {
            try file.save(current.state)
            current.unsavedError = nil
        } catch {
            current.unsavedError = error
        }
    }

    private func notify(_ change: StoreChange) {
        for observer in observers.withLock({ $0 }) { observer(change) }
    }
}

/// What kind of change a store made, for observers.
public enum StoreChange: Equatable, Sendable {
    case created, renamed, deleted, moved, slotsChanged, playback

    /// Whether magazine names or their order changed, so an entity snapshot must be refreshed.
    public var changesMagazineNames: Bool {
        switch self {
        case .created, .renamed, .deleted, .moved: true
        case .slotsChanged, .playback: false
        }
    }
}
