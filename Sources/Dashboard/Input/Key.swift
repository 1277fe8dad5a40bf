/// A key press, decoded from the terminal. Printable text arrives as `character`; Ctrl with a
/// letter as `control` (lower-case letter); function and cursor keys by name.
enum Key: Equatable, Hashable, Sendable {
    case character(Character)
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, pageUp, pageDown, home, end
    case shiftUp, shiftDown
    case function(Int)
    /// The terminal changed size.
    case resize

    /// The key for a character code read from the terminal (not a function key code).
    init(code: UInt32) {
        switch code {
        case 10, 13: self = .enter
        case 9: self = .tab
        case 27: self = .escape
        case 8, 127: self = .backspace
        case 0: self = .control("@")
        case 1...26: self = .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 28...31: self = .control(Character(Unicode.Scalar(UInt8(code) + 0x40)))
        default:
            if let scalar = Unicode.Scalar(code) {
                self = .character(Character(scalar))
            } else {
                self = .character("\u{FFFD}")
            }
        }
    }
}
