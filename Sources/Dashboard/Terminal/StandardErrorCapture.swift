#if canImport(Glibc)
import Glibc
#endif

/// Keeps other libraries' messages (ALSA, libmpg123) off the dashboard: while it is active,
/// file descriptor 2 is a pipe whose lines the dashboard shows as notices. `restore()` (also run by
/// `deinit`) puts the original standard error back.
///
/// The pipe's write end is non-blocking, so a thread that writes a flood of messages loses the
/// excess instead of blocking when the loop is slow to read.
/// The corresponding C functions are `pipe`, `dup`, `dup2`, `fcntl`, `read` and `close`.
final class StandardErrorCapture {
    /// The pipe's read end, to watch in the main loop.
    let descriptor: Int32
    private var savedError: Int32
    private var partial: [UInt8] = []

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else {
            close(ends[0]); close(ends[1])
            if saved >= 0 { close(saved) }
            return nil
        }
        close(ends[1])
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(STDERR_FILENO, F_SETFL, fcntl(STDERR_FILENO, F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
        descriptor = ends[0]
        savedError = saved
        CrashGuard.forwardStandardError(from: descriptor, to: saved)
    }

    deinit { restore() }

    /// The complete lines written since the last call.
    func takeLines() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            partial.append(contentsOf: buffer[0..<count])
        }
        var lines: [String] = []
        while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: partial[..<end], as: UTF8.self))
            partial.removeSubrange(...end)
        }
        if partial.count > 4096 {  // a very long line without an end: show what there is
            lines.append(String(decoding: partial, as: UTF8.self))
            partial.removeAll()
        }
        return lines
    }

    /// Puts the original standard error back (and with it anything still unread is dropped).
    func restore() {
        guard savedError >= 0 else { return }
        CrashGuard.stopForwardingStandardError()
        dup2(savedError, STDERR_FILENO)
        close(savedError)
        close(descriptor)
        savedError = -1
    }
}
