import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Where the control socket lives and how its folder is kept private.
///
/// The socket is `$XDG_RUNTIME_DIR/cdchanger/control.sock` when the session has a runtime folder,
/// else `/tmp/cdchanger-<uid>/control.sock`. Its folder must be a real folder (not a symbolic
/// link), owned by this user and closed to everybody else (mode 0700): anyone who can reach the
/// socket can drive the player, and a folder someone else prepared could host a fake player.
public enum ControlSocket {
    /// The file name of the socket inside its folder.
    public static let fileName = "control.sock"

    /// The socket's path for this user and session.
    ///
    /// `XDG_RUNTIME_DIR` counts only when it is an absolute path to a folder this user can write;
    /// otherwise (unset, empty, relative, gone after `su`) the per-user folder under `/tmp` is used.
    public static func defaultPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isWritableFolder(runtime) {
            return join(runtime, "cdchanger/\(fileName)")
        }
        return "/tmp/cdchanger-\(geteuid())/\(fileName)"
    }

    /// The folder that holds the socket at `socketPath`.
    public static func folder(of socketPath: String) -> String {
        guard let slash = socketPath.lastIndex(of: "/") else { return "." }
        return slash == socketPath.startIndex ? "/" : String(socketPath[..<slash])
    }

    /// Creates the socket's folder with mode 0700 if it is missing (its parent must exist) and
    /// checks that it is private to this user.
    ///
    /// The corresponding C functions are `mkdir`, `chmod` and `lstat`.
    public static func prepareFolder(for socketPath: String) throws(ControlSocketError) {
        let folder = folder(of: socketPath)
        if mkdir(folder, 0o700) == 0 {
            // The umask may have taken bits away; the folder must be exactly 0700.
            guard chmod(folder, 0o700) == 0 else { throw .system(call: "chmod", code: errno, path: folder) }
        } else if errno != EEXIST {
            throw .system(call: "mkdir", code: errno, path: folder)
        }
        guard try checkFolder(of: socketPath) else { throw .system(call: "mkdir", code: ENOENT, path: folder) }
    }

    /// Checks that the socket's folder is private to this user; false if the folder does not exist.
    ///
    /// The corresponding C function is `lstat`.
    public static func checkFolder(of socketPath: String) throws(ControlSocketError) -> Bool {
        let folder = folder(of: socketPath)
        let status: FileSystem.Status
        do {
            status = try FileSystem.status(of: folder, followingLinks: false)
        } catch {
            if error.code == ENOENT { return false }
            throw .system(error)
        }
        if status.kind == .symbolicLink { throw .unsafeFolder(path: folder, reason: "it is a symbolic link") }
        guard status.isDirectory else { throw .unsafeFolder(path: folder, reason: "it is not a folder") }
        let me = geteuid()
        guard status.owner == me else {
            throw .unsafeFolder(path: folder, reason: "it belongs to user \(status.owner), not to you (user \(me)); remove it or set XDG_RUNTIME_DIR")
        }
        guard status.permissions & 0o077 == 0 else {
            let mode = String(status.permissions & 0o777, radix: 8)
            throw .unsafeFolder(path: folder, reason: "other users can reach it (mode \(mode)); `chmod 700 \(folder)` fixes that")
        }
        return true
    }

    private static func isWritableFolder(_ path: String) -> Bool {
        guard FileSystem.status(of: path)?.isDirectory == true else { return false }
        return (try? FileSystem.checkAccess(path, for: [.write, .execute])) != nil
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
