#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dashboard's own state, apart from the changer's: focus, overlays, the slot cursor and the
/// messages on the response line. The changer's state is never copied here; it comes from the
/// host's snapshot on every frame.
struct UIState: Equatable, Sendable {
    var prompt = PromptState()
    var overlay: Overlay?
    /// The highlighted slot (1-based) for loading and ejecting.
    var slotCursor = 1
    /// The spoken-style answer to the latest key or sentence.
    var response: TimedMessage?
    /// The sentence the latest voice turn heard, shown in the prompt bar while its answer shows.
    var heard: TimedMessage?
    /// The latest notice (from the host's snapshot, or text another library wrote to stderr).
    var notice: TimedMessage?
    /// The pinned notices the user dismissed (Esc), by id.
    var dismissedNotices: Set<Int> = []
}

/// A window over the main view that takes the keys while it is open.
enum Overlay: Equatable, Sendable {
    /// The key list; the number is how many lines it is scrolled.
    case help(scroll: Int)
    case browser(LibraryBrowserState)
    case magazines(MagazineEditorState)
    /// An edit waiting for y: "Eject disc 3, Night Drive?"
    case confirming(Confirmation)
    /// The disc's tracks (`t`).
    case tracks(TrackListState)
    /// A time to go to in the track (`g`).
    case goTo(GoToTimeState)
}

/// An edit of the rack that waits for the user's yes, and the host's question about it.
struct Confirmation: Equatable, Sendable {
    var edit: DashboardEdit
    /// The box's title: "Eject", "Replace".
    var title: String
    var question: String
}

/// A message that shows, fades (drawn dim), then goes.
struct TimedMessage: Equatable, Sendable {
    var text: String
    /// When it appeared, in monotonic seconds.
    var since: Double
    /// A pending question stays until it is answered.
    var isSticky = false
    var lifetime: Lifetime = .response

    enum Phase: Equatable, Sendable { case fresh, fading, gone }

    struct Lifetime: Equatable, Sendable {
        /// Seconds shown normally, then seconds shown dim.
        var shown: Double
        var fading: Double

        static let response = Lifetime(shown: 8, fading: 4)
        static let notice = Lifetime(shown: 12, fading: 4)
    }

    func phase(at now: Double) -> Phase {
        if isSticky { return .fresh }
        let age = now - since
        if age < lifetime.shown { return .fresh }
        if age < lifetime.shown + lifetime.fading { return .fading }
        return .gone
    }
}
