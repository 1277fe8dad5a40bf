#if canImport(Glibc)
import Glibc
#endif

/// A counting semaphore on a POSIX `sem_t`, for a thread that waits for the loop.
public final class Semaphore: @unchecked Sendable {
    // sem_t is designed to be shared between threads; the pointer never changes after init.
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    public init() { sem_init(semaphore, 0, 0) }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// The corresponding C function is `sem_post`.
    public func signal() { sem_post(semaphore) }

    /// The corresponding C function is `sem_wait`.
    public func wait() {
        while sem_wait(semaphore) != 0, errno == EINTR {}
    }
}
