/// Where each panel goes for a terminal of a given size.
///
/// - `compact` (from 40×12): one header row, the rack as a one-row strip, now playing with
///   half-block digits, as many slots as fit, one message row, the prompt bar and the footer.
///   Rows the slots don't need (given `slotCount`) go, in turn, to a second message row, a taller
///   now playing (album, "Track n of m" and a full-width progress row), and rules between panels.
/// - `medium` (from 80×24): now playing with tall full-block digits under a full header, the rack
///   and the slots side by side with titles, two message rows (the response and notices).
/// - `large` (from 120×36): 7-row digits in a rounder font, wider columns, more slot rows and
///   more key hints.
/// - `tooSmall` below 40×12: only a short message.
/// Extra rows always go to the slots, extra columns to titles.
struct Layout: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case tooSmall, compact, medium, large }

    static let minimumWidth = 40
    static let minimumHeight = 12

    let kind: Kind
    let size: Rect
    var header = Rect.zero
    /// Rows drawn as horizontal rules between panels.
    var rules: [Int] = []
    var nowPlaying = Rect.zero
    var rack = Rect.zero
    var slots = Rect.zero
    /// The column of the vertical rule between the rack and the slots (medium and large).
    var rackDivider: Int?
    var messages = Rect.zero
    var prompt = Rect.zero
    var footer = Rect.zero

    /// `slotCount`: the slots the magazine on show has, so the compact layout can give rows the
    /// slots don't need to other panels; nil gives every spare row to the slots.
    init(width: Int, height: Int, slotCount: Int? = nil) {
        size = Rect(x: 0, y: 0, width: max(0, width), height: max(0, height))
        if width < Layout.minimumWidth || height < Layout.minimumHeight {
            kind = .tooSmall
        } else if width >= 120 && height >= 36 {
            kind = .large
        } else if width >= 80 && height >= 24 {
            kind = .medium
        } else {
            kind = .compact
        }
        switch kind {
        case .tooSmall: break
        case .compact: layOutCompact(slotCount: slotCount)
        case .medium: layOutRoomy(nowPlayingRows: 8)
        case .large: layOutRoomy(nowPlayingRows: 10)
        }
    }

    /// The digits' size for this layout.
    var digitSize: BigDigits.Size {
        switch kind {
        case .tooSmall, .compact: .compact
        case .medium: .tall
        case .large: .huge
        }
    }

    private mutating func layOutCompact(slotCount: Int?) {
        // header, rack, now playing (4), prompt, footer, one message row: 9 rows besides the slots.
        var spare = slotCount.map { max(0, size.height - 9 - max(1, $0)) } ?? 0
        func take(_ rows: Int) -> Bool {
            guard spare >= rows else { return false }
            spare -= rows
            return true
        }
        let messageRows = take(1) ? 2 : 1
        let nowPlayingRows = take(1) ? 5 : 4
        let rulesAround = take(2)
        var rest = size
        var rule = Rect.zero
        (header, rest) = rest.splitTop(1)
        (rack, rest) = rest.splitTop(1)
        (nowPlaying, rest) = rest.splitTop(nowPlayingRows)
        if rulesAround {
            (rule, rest) = rest.splitTop(1)
            rules.append(rule.y)
        }
        (rest, footer) = rest.splitBottom(1)
        (rest, prompt) = rest.splitBottom(1)
        (rest, messages) = rest.splitBottom(messageRows)
        if rulesAround {
            (rest, rule) = rest.splitBottom(1)
            rules.append(rule.y)
        }
        slots = rest
    }

    private mutating func layOutRoomy(nowPlayingRows: Int) {
        var rest = size
        var rule = Rect.zero
        (header, rest) = rest.splitTop(1)
        (rule, rest) = rest.splitTop(1)
        rules.append(rule.y)
        (nowPlaying, rest) = rest.splitTop(nowPlayingRows)
        (rule, rest) = rest.splitTop(1)
        rules.append(rule.y)
        (rest, footer) = rest.splitBottom(1)
        (rest, prompt) = rest.splitBottom(1)
        (rest, messages) = rest.splitBottom(2)
        (rest, rule) = rest.splitBottom(1)
        rules.append(rule.y)
        let rackWidth = min(34, max(20, size.width / 4))
        var divider = Rect.zero
        (rack, rest) = rest.splitLeft(rackWidth)
        (divider, slots) = rest.splitLeft(1)
        rackDivider = divider.x
    }
}
