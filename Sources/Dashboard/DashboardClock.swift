#if canImport(Glibc)
import Glibc
#endif

/// The time as the dashboard needs it: monotonic seconds for fading messages, and the wall clock
/// as "HH:MM" for the header. Tests pass fixed or stepped clocks.
public struct DashboardClock: Sendable {
    public var monotonic: @Sendable () -> Double
    public var wallClock: @Sendable () -> String

    public init(monotonic: @escaping @Sendable () -> Double, wallClock: @escaping @Sendable () -> String) {
        self.monotonic = monotonic
        self.wallClock = wallClock
    }

    /// The system's clocks; the wall clock in the local time zone.
    /// The corresponding C functions are `clock_gettime`, `time` and `localtime_r`.
    public static let system = DashboardClock(
        monotonic: {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        },
        wallClock: {
            var seconds = time(nil)
            var parts = tm()
            guard localtime_r(&seconds, &parts) != nil else { return "--:--" }
            return hoursMinutes(Int(parts.tm_hour), Int(parts.tm_min))
        }
    )

    /// "07:05" for 7 hours and 5 minutes.
    static func hoursMinutes(_ hours: Int, _ minutes: Int) -> String {
        (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }
}
