/// A notice that stays until the user dismisses it (see `PlayerSession.pinnedNotices`).
public struct PinnedNotice: Equatable, Sendable {
    /// 1 for the first, counting up: the dashboard remembers which ones were dismissed.
    public var id: Int
    public var text: String

    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
}
