#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An exclusive `flock` on `control.sock.lock` next to the socket, held while a server runs.
///
/// The kernel drops the lock when its process dies, however it dies, so "the lock is free"
/// means "no player is alive" and any socket file left behind is stale. The file holds the
/// owner's process id for the "already running (pid N)" message. The file itself stays: removing
/// a lock file opens a race in which two players each lock a different file.
final class InstanceLock: Sendable {
    private let descriptor: Int32
    /// Whether the descriptor is still open (``release()`` closes it once).
    private let held = Atomic(true)

    /// Takes the lock at `path`, or throws `alreadyRunning` with the holder's pid.
    ///
    /// The corresponding C functions are `open`, `flock`, `ftruncate` and `write`.
    init(path: String, socketPath: String) throws(ControlSocketError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .system(call: "open", code: errno, path: path) }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let code = errno
            let holder = InstanceLock.recordedProcessID(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { throw .alreadyRunning(path: socketPath, pid: holder) }
            throw .system(call: "flock", code: code, path: path)
        }
        self.descriptor = descriptor
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        release()
    }

    /// Gives the lock up now, not when the last thread holding its server lets go of it: a
    /// stopped server's threads may still be unwinding when a new server starts. Closing the
    /// last descriptor releases the flock; only the first call closes it.
    func release() {
        if held.exchange(false, ordering: .acquiringAndReleasing) { close(descriptor) }
    }

    /// The process id written in the lock file, if it holds one.
    private static func recordedProcessID(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).trimmingNewline
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}

extension String {
    fileprivate var trimmingNewline: String {
        var text = self
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return text
    }
}
