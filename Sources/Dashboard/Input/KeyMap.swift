/// What a key does on the main view (the prompt bar and the overlays read keys their own way).
enum MainAction: Equatable, Sendable {
    /// A changer command, carried out by the host through the intent layer.
    case command(DashboardCommand)
    case focusPrompt
    /// Starts listening for a spoken sentence (`v`); again ends listening early.
    case listen
    case showHelp
    /// Moves the slot cursor by a number of slots.
    case moveSlotCursor(Int)
    case slotCursorToFirst, slotCursorToLast
    case playHighlightedSlot
    case loadHighlightedSlot
    case ejectHighlightedSlot
    case openMagazines
    /// Shows the next (1) or previous (-1) magazine in the slots panel; the music goes on.
    case showMagazine(Int)
    case openTrackList
    case openGoTo
    case undo
    /// Dismisses the pinned notices on screen (Esc).
    case dismissNotices
    case repaint
}

/// The dashboard's key bindings, in one table that the help overlay and the footer also read.
enum KeyMap {
    /// Seconds skipped by `,` and `.`, and by `<` and `>`.
    static let shortSeek = 10
    static let longSeek = 60

    /// The action of `key` on the main view, or nil when the key does nothing there.
    static func mainAction(for key: Key) -> MainAction? {
        switch key {
        case .character(let character):
            if let digit = character.wholeNumberValue, character.isASCII {
                return .command(.playDisc(digit == 0 ? 10 : digit))
            }
            switch character {
            case " ": return .command(.togglePlayPause)
            case ",": return .command(.seek(seconds: -shortSeek))
            case ".": return .command(.seek(seconds: shortSeek))
            case "<": return .command(.seek(seconds: -longSeek))
            case ">": return .command(.seek(seconds: longSeek))
            case "+", "=": return .command(.volumeUp)
            case "-", "_": return .command(.volumeDown)
            case "m": return .command(.toggleMute)
            case "r": return .command(.cycleRepeat)
            case "z": return .command(.cycleRandom)
            case "s": return .command(.scan)
            case "S": return .command(.stop)
            case "q": return .command(.quit)
            case "/", ":": return .focusPrompt
            case "v": return .listen
            case "?": return .showHelp
            case "j": return .moveSlotCursor(1)
            case "k": return .moveSlotCursor(-1)
            case "p": return .playHighlightedSlot
            case "e", "l": return .loadHighlightedSlot
            case "x": return .ejectHighlightedSlot
            case "M": return .openMagazines
            case "t": return .openTrackList
            case "g": return .openGoTo
            case "u": return .undo
            default: return nil
            }
        case .left: return .command(.previousTrack)
        case .right: return .command(.nextTrack)
        case .up, .pageUp: return .command(.previousDisc)
        case .down, .pageDown: return .command(.nextDisc)
        case .tab: return .showMagazine(1)
        case .backTab: return .showMagazine(-1)
        case .enter: return .focusPrompt
        case .delete: return .ejectHighlightedSlot
        case .home: return .slotCursorToFirst
        case .end: return .slotCursorToLast
        case .function(1): return .showHelp
        case .control("l"): return .repaint
        case .escape: return .dismissNotices
        default: return nil
        }
    }

    /// One line of the help overlay: the keys as shown, and what they do.
    struct Binding: Equatable, Sendable {
        var keys: String
        var meaning: String
    }

    /// Every binding, grouped under headings, for the help overlay.
    static let help: [(heading: String, bindings: [Binding])] = [
        ("Playing", [
            Binding(keys: "1–9, 0", meaning: "play disc 1–9, 0 is disc 10"),
            Binding(keys: "Space", meaning: "play / pause"),
            Binding(keys: "S", meaning: "stop"),
            Binding(keys: "←→", meaning: "previous / next track"),
            Binding(keys: "↑↓ PgUp PgDn", meaning: "previous / next disc"),
            Binding(keys: ", .", meaning: "seek back / ahead \(shortSeek) s"),
            Binding(keys: "< >", meaning: "seek back / ahead \(longSeek) s"),
            Binding(keys: "g", meaning: "go to a time in the track, e.g. 1:30"),
            Binding(keys: "t", meaning: "the disc's tracks: Enter or a number plays one"),
            Binding(keys: "+ -", meaning: "volume up / down"),
            Binding(keys: "m", meaning: "mute / unmute"),
            Binding(keys: "r", meaning: "repeat: off, track, disc, magazine"),
            Binding(keys: "z", meaning: "random: off, disc, magazine"),
            Binding(keys: "s", meaning: "scan: play the start of each track"),
            Binding(keys: "Tab  Shift-Tab", meaning: "show the next / previous magazine (the music goes on); a disc number plays from it"),
            Binding(keys: "q", meaning: "quit (the position is saved)"),
        ]),
        ("Talking", [
            Binding(keys: "/  :  Enter", meaning: "type a sentence, e.g. play disc 3"),
            Binding(keys: "v", meaning: "say a sentence: listens until you stop speaking (v or Esc again: stop listening now)"),
            Binding(keys: "Enter", meaning: "in the bar: say it"),
            Binding(keys: "↑↓", meaning: "in the bar: earlier sentences, also from earlier runs"),
            Binding(keys: "Tab", meaning: "in the bar: complete a magazine or album name (again: the next; Shift-Tab: back)"),
            Binding(keys: "1–9", meaning: "in the bar: pick a numbered choice or hint"),
            Binding(keys: "v", meaning: "in the bar, with a question and nothing typed: answer it by voice"),
            Binding(keys: "Esc", meaning: "leave the bar"),
        ]),
        ("Editing", [
            Binding(keys: "j k Home End", meaning: "move the slot cursor"),
            Binding(keys: "p", meaning: "play the highlighted slot"),
            Binding(keys: "e  l", meaning: "load an album into the highlighted slot"),
            Binding(keys: "x  Delete", meaning: "eject the highlighted slot"),
            Binding(keys: "u", meaning: "undo the last eject, replaced disc or deleted magazine"),
            Binding(keys: "M", meaning: "magazines: play, show, new, rename, delete, reorder"),
        ]),
        ("Screen", [
            Binding(keys: "?  F1", meaning: "this help"),
            Binding(keys: "Ctrl-L", meaning: "redraw the screen"),
            Binding(keys: "Esc", meaning: "dismiss the notices shown in their box"),
        ]),
    ]
}
