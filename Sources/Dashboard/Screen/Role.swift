/// What a cell on screen is, for choosing its colour and attributes. Views say what they draw;
/// the `Palette` decides how it looks, in colour or in monochrome.
enum Role: UInt8, CaseIterable, Sendable {
    case normal
    case appName, magazineName, lampOn, lampOff, volume, muted, output, clock
    case frame, panelTitle
    case rackCurrent, rackOther
    case slotNumber, slotLoaded, slotEmpty, slotMissing, slotPlaying, cursorRow, cursorPlayingRow
    case digits, digitsLabel, trackTitle, trackArtist, trackAlbum, time, progressDone, progressLeft, transportSign
    case response, faded, notice, hint
    case promptLabel, promptText, promptPlaceholder
    case footerKey, footerText
    case overlay, overlayTitle, overlayKey, overlaySelected, inputField
    case warning
}

/// A terminal colour, as the eight standard ANSI colours; `nil` in an `Appearance` means the
/// terminal's own default.
enum TerminalColor: Int16, Sendable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// How one role looks: attributes and, when colours are on, foreground and background.
struct Appearance: Equatable, Sendable {
    var bold = false
    var reverse = false
    var dim = false
    var underline = false
    var foreground: TerminalColor?
    var background: TerminalColor?
}

/// Roles mapped to appearances. The colour palette is a car head unit at night: cyan figures,
/// amber lamps on a dark ground. The monochrome palette (no colours, or `NO_COLOR` set) keeps every
/// distinction readable with bold, reverse, dim and underline alone.
struct Palette: Sendable {
    let usesColor: Bool
    private let appearances: [Appearance]

    init(color: Bool) {
        usesColor = color
        appearances = Role.allCases.map { color ? Palette.colored($0) : Palette.monochrome($0) }
    }

    func appearance(of role: Role) -> Appearance { appearances[Int(role.rawValue)] }

    private static func monochrome(_ role: Role) -> Appearance {
        switch role {
        case .normal, .rackOther, .slotLoaded, .trackAlbum, .time, .response, .promptText, .footerText,
             .overlay, .output, .clock, .volume, .magazineName:
            return Appearance()
        case .appName, .panelTitle, .digits, .trackTitle, .transportSign, .slotPlaying, .notice,
             .promptLabel, .overlayTitle, .overlayKey, .footerKey, .warning, .rackCurrent, .progressDone:
            return Appearance(bold: true)
        case .lampOn, .muted, .cursorRow, .overlaySelected:
            return Appearance(reverse: true)
        case .cursorPlayingRow:
            return Appearance(bold: true, reverse: true)
        case .lampOff, .slotEmpty, .faded, .promptPlaceholder, .frame, .digitsLabel, .hint, .slotNumber, .trackArtist, .progressLeft:
            return Appearance(dim: true)
        case .slotMissing, .inputField:
            return Appearance(underline: true)
        }
    }

    private static func colored(_ role: Role) -> Appearance {
        switch role {
        case .normal, .slotLoaded, .response, .promptText, .overlay, .output, .volume, .time, .footerText:
            return Appearance()
        case .appName: return Appearance(bold: true, foreground: .cyan)
        case .magazineName: return Appearance(bold: true, foreground: .yellow)
        case .lampOn: return Appearance(bold: true, foreground: .black, background: .yellow)
        case .lampOff: return Appearance(dim: true)
        case .muted: return Appearance(bold: true, foreground: .black, background: .red)
        case .clock: return Appearance(bold: true)
        case .frame: return Appearance(foreground: .blue)
        case .panelTitle: return Appearance(bold: true, foreground: .blue)
        case .rackCurrent: return Appearance(bold: true, foreground: .yellow)
        case .rackOther: return Appearance()
        case .slotNumber: return Appearance(foreground: .cyan)
        case .slotEmpty: return Appearance(dim: true)
        case .slotMissing: return Appearance(foreground: .red)
        case .slotPlaying: return Appearance(bold: true, foreground: .green)
        case .cursorRow: return Appearance(reverse: true)
        case .cursorPlayingRow: return Appearance(bold: true, reverse: true, foreground: .green)
        case .digits: return Appearance(bold: true, foreground: .cyan)
        case .digitsLabel: return Appearance(dim: true)
        case .trackTitle: return Appearance(bold: true)
        case .trackArtist: return Appearance(foreground: .cyan)
        case .trackAlbum: return Appearance(dim: true)
        case .progressDone: return Appearance(foreground: .cyan)
        case .progressLeft: return Appearance(dim: true)
        case .transportSign: return Appearance(bold: true, foreground: .green)
        case .faded: return Appearance(dim: true)
        case .notice: return Appearance(foreground: .yellow)
        case .hint: return Appearance(foreground: .cyan)
        case .promptLabel: return Appearance(bold: true, foreground: .cyan)
        case .promptPlaceholder: return Appearance(dim: true)
        case .footerKey: return Appearance(bold: true, foreground: .cyan)
        case .overlayTitle: return Appearance(bold: true, foreground: .yellow)
        case .overlayKey: return Appearance(bold: true, foreground: .cyan)
        case .overlaySelected: return Appearance(reverse: true)
        case .inputField: return Appearance(underline: true)
        case .warning: return Appearance(bold: true, foreground: .red)
        }
    }
}

/// The symbols the views draw with: Unicode box drawing and blocks, or plain ASCII when the
/// terminal's character set is not UTF-8.
struct Glyphs: Sendable {
    var horizontal: Character
    var vertical: Character
    var topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character
    var teeDown: Character, teeUp: Character
    var ellipsis: Character
    var play: Character, pause: String, stop: Character
    var loaded: Character, empty: Character, missing: Character
    var pointer: Character
    var progressDone: Character, progressLeft: Character
    /// Big digits: full, upper half and lower half blocks.
    var full: Character, upper: Character, lower: Character
    var separator: String
    /// Whether everything on screen must be ASCII (the terminal's character set is not UTF-8).
    var isASCII = false

    static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        teeDown: "┬", teeUp: "┴", ellipsis: "…", play: "▶", pause: "▮▮", stop: "■",
        loaded: "●", empty: "○", missing: "✗", pointer: "▸", progressDone: "━", progressLeft: "─",
        full: "█", upper: "▀", lower: "▄", separator: " · "
    )

    static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        teeDown: "+", teeUp: "+", ellipsis: "~", play: ">", pause: "||", stop: "#",
        loaded: "*", empty: "o", missing: "x", pointer: ">", progressDone: "=", progressLeft: "-",
        full: "#", upper: "\"", lower: "_", separator: " - ", isASCII: true
    )
}
