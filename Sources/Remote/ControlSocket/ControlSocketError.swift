import SystemSupport

/// Something that went wrong with the control socket, worded for the person at the terminal.
public enum ControlSocketError: Error, Equatable, CustomStringConvertible {
    /// Another player serves this socket (`pid` when it could be found out).
    case alreadyRunning(path: String, pid: Int32?)
    /// No player is running: no socket file, or nobody accepts connections on it.
    case noPlayer(path: String)
    /// The socket's folder is not private to this user (wrong owner, a symbolic link, open to others).
    case unsafeFolder(path: String, reason: String)
    /// Something other than a socket sits at the socket's path.
    case notASocket(path: String)
    /// The path does not fit in a Unix socket address (108 bytes on Linux).
    case pathTooLong(path: String)
    /// The player did not answer in time.
    case timedOut(path: String, seconds: Double)
    /// The player answered with something that is not a response.
    case badResponse(path: String, reason: String)
    /// A system call failed (its error names the path).
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .alreadyRunning(let path, let pid):
            let who = pid.map { "A CD Changer player is already running (pid \($0))" } ?? "A CD Changer player is already running"
            return "\(who); it listens on \(path). Control it with `cdchanger say …`, or quit it first."
        case .noPlayer(let path):
            return "No CD Changer player is running (nothing listens on \(path)). Start one with `cdchanger` or `cdchanger play`."
        case .unsafeFolder(let path, let reason):
            return "Refusing to use the control socket folder \(path): \(reason)."
        case .notASocket(let path):
            return "\(path) exists but is not a socket; move it away so a player can listen there."
        case .pathTooLong(let path):
            return "The control socket path \(path) is longer than a Unix socket allows (107 bytes); set XDG_RUNTIME_DIR to a shorter folder."
        case .timedOut(let path, let seconds):
            return "The CD Changer player on \(path) did not answer within \(Self.format(seconds)) seconds."
        case .badResponse(let path, let reason):
            return "The CD Changer player on \(path) sent an unusable answer: \(reason)."
        case .system(let error):
            return "\(error)."
        }
    }

    /// A system call `call` that failed with `code` for `path`.
    static func system(call: String, code: Int32, path: String) -> ControlSocketError {
        .system(SystemCallError(call: call, code: code, path: path))
    }

    /// Whether the error means "no player is running", which `cdchanger say` reports with exit status 4.
    public var isNoPlayer: Bool {
        if case .noPlayer = self { return true }
        return false
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
