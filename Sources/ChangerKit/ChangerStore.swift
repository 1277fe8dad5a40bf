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
            return try rereadChangeAndWrite(&current) { state throws(RackError) in try ChangerStore.apply(edit, to: &state) }
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

    /// Under the state lock: reads what other processes saved, applies `change`, and writes the
    /// result when it changed something. When the lock can't be had (a folder that can't be
    /// written), the change is kept in memory and saved once that works.
    private func rereadChangeAndWrite<Result, Failure: Error>(_ current: inout Current, _ change: (inout ChangerState) throws(Failure) -> Result) throws(Failure) -> Result {
        var outcome: Swift.Result<Result, Failure>?
        do {
            try file.withLock { () throws(StateError) in
                if let saved = file.load().state { current.state = saved }
                let before = current.state
                do throws(Failure) {
                    outcome = .success(try change(&current.state))
                } catch {
                    outcome = .failure(error)
                    return
                }
                if current.state != before { try file.write(current.state) }
            }
            current.unsavedError = nil
        } catch {
            current.unsavedError = error
        }
        switch outcome {
        case .success(let result): return result
        case .failure(let error): throw error
        case nil: return try change(&current.state)
        }
    }

    /// Changes the non-rack parts of the state (position, settings, selected magazine) and saves.
    public func update(_ kind: StoreChange = .playback, _ change: (inout ChangerState) -> Void) {
        func keepingTheRack(_ state: inout ChangerState) {
            let rack = state.rack
            change(&state)
            state.rack = rack
        }
        let changed = current.withLock { current -> Bool in
            let before = current.state
            if rereadsBeforeEdits {
                rereadChangeAndWrite(&current, keepingTheRack)
            } else {
                keepingTheRack(&current.state)
                if current.state != before { saveLocked(&current) }
            }
            return current.state != before
        }
        if changed { notify(kind) }
    }

    /// Saves the state this process started with on finding no usable state file, unless another
    /// process has saved one since (two started at once on a fresh folder): that one is taken
    /// instead, so that none of its edits is written over. Returns the error if it can't be saved.
    public func saveFirstState() -> StateError? {
        current.withLock { current in
            do throws(StateError) {
                try file.withLock { () throws(StateError) in
                    if let saved = file.load().state { current.state = saved } else { try file.write(current.state) }
                }
                current.unsavedError = nil
            } catch {
                current.unsavedError = error
            }
            return current.unsavedError
        }
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
