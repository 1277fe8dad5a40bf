#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary
#if canImport(Glibc)
import Glibc
#endif

/// The state folder and the state file in it: found from the command line or environment,
/// read with damaged files moved aside, written atomically under a lock.
public struct StateFile: Sendable {
    /// The folder holding `state.json`, its lock and the library scan cache.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public var stateURL: URL { directory.appendingPathComponent("state.json") }
    public var lockURL: URL { directory.appendingPathComponent("state.lock") }
    public var scanCacheURL: URL { directory.appendingPathComponent("library-cache.json") }

    /// `--state-dir DIR`, else `$CDCHANGER_STATE_DIR`, else `$XDG_STATE_HOME/cdchanger`, else `~/.local/state/cdchanger`.
    public static func directory(option: String?, environment: [String: String]) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: option) }
        if let value = environment["CDCHANGER_STATE_DIR"], !value.isEmpty { return URL(fileURLWithPath: value) }
        if let value = environment["XDG_STATE_HOME"], !value.isEmpty {
            return URL(fileURLWithPath: value).appendingPathComponent("cdchanger")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/cdchanger")
    }

    /// Creates the folder (and its parents) if needed, readable by the user only.
    public func createDirectory() throws(StateError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateFolder(directory.path, reason: StateFile.reason(error))
        }
    }

    /// Reads the state. A missing file gives `.none`; a file that can't be used is moved aside
    /// (never overwritten or deleted) and the outcome says where it went.
    public func load() -> LoadOutcome {
        AtomicFile.removeLeftovers(of: stateURL)
        let data: Data
        do {
            data = try Data(contentsOf: stateURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return .none
        } catch {
            return moveAside(because: "it could not be read (\(StateFile.reason(error)))")
        }
        let state: ChangerState
        do {
            let header = try JSONDecoder().decode(VersionHeader.self, from: data)
            guard header.version <= ChangerState.currentVersion else {
                return moveAside(because: "it was written by a newer version of CD Changer (format \(header.version); this one reads up to \(ChangerState.currentVersion))")
            }
            state = try JSONDecoder().decode(ChangerState.self, from: data)
        } catch {
            return moveAside(because: "it is damaged (\(StateFile.describe(decodingError: error)))")
        }
        if let problem = state.rack.validationProblem {
            return moveAside(because: "it is damaged (\(problem))")
        }
        return .loaded(state)
    }

    /// Writes the state atomically: a new file in the same folder is written, flushed to disk
    /// with `fsync`, renamed over `state.json`, and the folder is flushed too. Other CD Changer
    /// processes are kept out by an exclusive lock on `state.lock` while this happens.
    public func save(_ state: ChangerState) throws(StateError) {
        try withLock { () throws(StateError) in try write(state) }
    }

    /// Writes the state atomically; the caller holds the lock (see `withLock`).
    public func write(_ state: ChangerState) throws(StateError) {
        try createDirectory()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(state) } catch { throw .cannotWrite(stateURL.path, reason: StateFile.reason(error)) }
        do {
            try AtomicFile.write(data, to: stateURL)
        } catch {
            throw .cannotWrite(stateURL.path, reason: "\(error)")
        }
    }

    /// Runs `body` holding the exclusive lock on `state.lock` (`flock`), so that no two processes write at once.
    public func withLock<Result>(_ body: () throws(StateError) -> Result) throws(StateError) -> Result {
        try createDirectory()
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(lockURL.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(lockURL.path, reason: String(cString: strerror(errno))) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Renames the unusable state file to a name no file has yet, e.g. `state.json.unreadable-20261129-153000`.
    private func moveAside(because reason: String) -> LoadOutcome {
        let stamp = StateFile.timestamp()
        var candidate = directory.appendingPathComponent("state.json.unreadable-\(stamp)")
        var attempt = 1
        // link(2) fails rather than replace an existing file, so nothing is ever overwritten.
        while link(stateURL.path, candidate.path) != 0 {
            guard errno == EEXIST, attempt < 1000 else {
                return .unusable(reason: reason, movedTo: nil, problem: "it could not be moved aside (\(String(cString: strerror(errno)))), so it was left as it is and changes will not be saved")
            }
            attempt += 1
            candidate = directory.appendingPathComponent("state.json.unreadable-\(stamp)-\(attempt)")
        }
        unlink(stateURL.path)
        return .unusable(reason: reason, movedTo: candidate.path, problem: nil)
    }

    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let two = ClockText.twoDigits
        return "\(parts.tm_year + 1900)\(two(Int(parts.tm_mon) + 1))\(two(Int(parts.tm_mday)))-\(two(Int(parts.tm_hour)))\(two(Int(parts.tm_min)))\(two(Int(parts.tm_sec)))"
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)"
    }

    static func describe(decodingError error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "not valid JSON"
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(context.debugDescription) at \(path)"
        @unknown default: return "not valid"
        }
    }

    private struct VersionHeader: Decodable { var version: Int }

    /// What `load()` found.
    public enum LoadOutcome: Sendable {
        /// There is no state file yet: a fresh install.
        case none
        case loaded(ChangerState)
        /// The file could not be used; it was moved to `movedTo` (nil if even that failed, see `problem`).
        case unusable(reason: String, movedTo: String?, problem: String?)

        /// The state that was read, if one was.
        public var state: ChangerState? {
            if case .loaded(let state) = self { return state }
            return nil
        }

        /// Where an unusable state file was moved, if it was.
        public var movedTo: String? {
            if case .unusable(_, let movedTo, _) = self { return movedTo }
            return nil
        }

        /// The message for the user when the state file could not be used.
        public var notice: String? {
            guard case .unusable(let reason, let movedTo, let problem) = self else { return nil }
            if let movedTo { return "The state file could not be used because \(reason). It was moved to \(movedTo); starting with a fresh rack." }
            return "The state file could not be used because \(reason); \(problem ?? "it was left in place")."
        }
    }
}

/// A failure to read or write the state, with a message for the user.
public enum StateError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreateFolder(String, reason: String)
    case cannotWrite(String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason): "Can't create the state folder \(path): \(reason)."
        case .cannotWrite(let path, let reason): "Can't save \(path): \(reason)."
        }
    }
}

extension Rack {
    /// Why a rack read from disk breaks the rules, or nil when it keeps them.
    var validationProblem: String? {
        var seen: Set<String> = []
        var ids: Set<UUID> = []
        for magazine in magazines {
            let name = Rack.comparable(magazine.name)
            if name.isEmpty { return "a magazine has no name" }
            if !seen.insert(name).inserted { return "two magazines are named \u{201C}\(magazine.name)\u{201D}" }
            if !ids.insert(magazine.id).inserted { return "two magazines share one id" }
            if !Magazine.slotCountRange.contains(magazine.slots.count) { return "\(magazine.name) has \(magazine.slots.count) slots" }
        }
        return magazines.isEmpty ? "the rack holds no magazine" : nil
    }
}
