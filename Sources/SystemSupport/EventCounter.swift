import CSystemShim
#if canImport(Glibc)
import Glibc
#endif

/// A Linux `eventfd`: a counter in the kernel whose descriptor `poll` sees as readable while the
/// count is not zero, so one thread can wake another that sleeps in `poll` beside other
/// descriptors. Neither side ever blocks on it, and it allocates nothing after `init`.
///
/// The corresponding C functions are `eventfd` (through the shim), `write`, `read` and `close`.
public final class EventCounter: Sendable {
    /// The descriptor to poll for `POLLIN`.
    public let descriptor: Int32

    /// A new counter at zero, non-blocking and closed on `exec`.
    public init() throws(SystemCallError) {
        let descriptor = cdc_eventfd()
        guard descriptor >= 0 else { throw SystemCallError(call: "eventfd", code: errno) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Adds one: the descriptor becomes readable.
    public func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Sets the count back to zero: the descriptor is no longer readable.
    public func reset() {
        var value: UInt64 = 0
        _ = read(descriptor, &value, 8)
    }
}
