import Glibc

/// Holds back every other process's `open` of one file until `release()` (or the value goes
/// away): a Linux write lease (`fcntl(F_SETLEASE, F_WRLCK)`). The kernel makes an opener wait
/// until the holder lets go, or at most `/proc/sys/fs/lease-break-time` seconds (45 by default).
/// Tests use it to keep a scan under way for as long as they look at it, instead of hoping it is slow.
public final class HeldOpen {
    /// `F_SETLEASE` and `F_SETSIG` from <linux/fcntl.h> and <asm-generic/fcntl.h>; Glibc's module
    /// leaves them out (they need `_GNU_SOURCE`).
    private static let setLease: Int32 = 1024
    private static let setSignal: Int32 = 10
    private var descriptor: Int32

    /// Takes the lease on `path`, which no process may have open at the time.
    public init(_ path: String) throws {
        descriptor = open(path, O_RDWR)
        guard descriptor >= 0 else { throw FixtureError(message: "can't open \(path): \(String(cString: strerror(errno)))") }
        // The kernel signals the holder when someone opens the file; SIGURG (ignored unless
        // handled) instead of the default SIGIO, which would end the test process.
        guard fcntl(descriptor, Self.setSignal, SIGURG) == 0, fcntl(descriptor, Self.setLease, Int32(F_WRLCK)) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw FixtureError(message: "can't take a lease on \(path): \(reason)")
        }
    }

    /// Lets waiting and later opens through.
    public func release() {
        guard descriptor >= 0 else { return }
        _ = fcntl(descriptor, Self.setLease, Int32(F_UNLCK))
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
