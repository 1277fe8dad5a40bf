/// Everything one frame is drawn from: the host's snapshot (derived afresh for every frame), the
/// dashboard's own UI state, the time and the symbols to draw with.
struct ViewModel: Sendable {
    var snapshot: DashboardSnapshot
    var ui: UIState
    /// The wall clock as shown in the header, e.g. "14:05".
    var clock: String
    /// Monotonic seconds, for fading messages.
    var now: Double
    var glyphs: Glyphs

    var currentMagazine: DashboardSnapshot.MagazineRow? { snapshot.magazines.first { $0.isCurrent } }

    /// Whether a mode name means the mode is on ("off" and "" mean off).
    static func isOn(_ mode: String) -> Bool {
        let name = mode.lowercased()
        return !name.isEmpty && name != "off" && name != "none"
    }

    /// Seconds as "m:ss", or "h:mm:ss" from an hour.
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let total = Int(seconds)
        let hours = total / 3600, minutes = (total / 60) % 60, secs = total % 60
        let paddedSeconds = secs < 10 ? "0\(secs)" : "\(secs)"
        if hours > 0 {
            return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(paddedSeconds)"
        }
        return "\(minutes):\(paddedSeconds)"
    }
}
