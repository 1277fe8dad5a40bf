/// Escape sequences that ncurses did not recognise, put back together.
///
/// When the terminal's type doesn't describe a key the terminal sends (TERM=xterm-256color inside
/// tmux: Home is `ESC [ 1 ~`, which xterm's entry spells `ESC O H`), ncurses hands over the
/// sequence's bytes as separate keys — and `1` would play disc 1. A control sequence
/// (`ESC [` parameters final byte) or a single shift (`ESC O` letter) that arrives with the
/// escape is read whole here: a known one becomes its key, an unknown one is dropped whole.
/// An escape followed by anything else stays as typed.
enum KeySequences {
    static func fold(_ keys: [Key]) -> [Key] {
        guard keys.contains(.escape) else { return keys }
        var folded: [Key] = []
        folded.reserveCapacity(keys.count)
        var index = 0
        while index < keys.count {
            let key = keys[index]
            guard key == .escape, index + 1 < keys.count, case .character(let introducer) = keys[index + 1], introducer == "[" || introducer == "O" else {
                folded.append(key)
                index += 1
                continue
            }
            var body = ""
            var next = index + 2
            var final: Character?
            while next < keys.count, case .character(let character) = keys[next], let value = character.asciiValue {
                next += 1
                // Parameter and intermediate bytes (0x20–0x3F) go on; a final byte (0x40–0x7E) ends it.
                if introducer == "[", (0x20...0x3F).contains(value) {
                    body.append(character)
                    continue
                }
                if (0x40...0x7E).contains(value) { final = character }
                break
            }
            if let final, let known = known(introducer: introducer, body: body, final: final) { folded.append(known) }
            index = next
        }
        return folded
    }

    /// The key a whole sequence stands for, or nil for one this table doesn't know.
    static func known(introducer: Character, body: String, final: Character) -> Key? {
        if introducer == "O" {
            switch final {
            case "A": return .up
            case "B": return .down
            case "C": return .right
            case "D": return .left
            case "H": return .home
            case "F": return .end
            case "M": return .enter
            case "P": return .function(1)
            case "Q": return .function(2)
            case "R": return .function(3)
            case "S": return .function(4)
            default: return nil
            }
        }
        switch (body, final) {
        case ("", "A"), ("1", "A"): return .up
        case ("", "B"), ("1", "B"): return .down
        case ("", "C"), ("1", "C"): return .right
        case ("", "D"), ("1", "D"): return .left
        case ("", "H"), ("1", "H"), ("1", "~"), ("7", "~"): return .home
        case ("", "F"), ("1", "F"), ("4", "~"), ("8", "~"): return .end
        case ("2", "~"): return .insert
        case ("3", "~"): return .delete
        case ("5", "~"): return .pageUp
        case ("6", "~"): return .pageDown
        case ("", "Z"): return .backTab
        case ("1;2", "A"): return .shiftUp
        case ("1;2", "B"): return .shiftDown
        case ("11", "~"), ("", "P"): return .function(1)
        default: return nil
        }
    }
}
