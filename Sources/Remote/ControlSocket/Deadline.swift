#if canImport(Glibc)
import Glibc
#endif

/// A point in time on the monotonic clock.
struct Deadline: Sendable {
    let seconds: Double

    init(after interval: Double) {
        seconds = Deadline.now() + interval
    }

    /// What is left, for `poll` (at least 0, rounded up so a short wait is not a busy loop).
    var remainingMilliseconds: Int32 {
        let left = (seconds - Deadline.now()) * 1000
        return left <= 0 ? 0 : Int32(min(left.rounded(.up), Double(Int32.max)))
    }

    var hasPassed: Bool { Deadline.now() >= seconds }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
