import CTerminalShim
#if canImport(Glibc)
import Glibc
#endif

/// How many terminal columns text takes: 1 for most characters, 2 for East Asian wide characters
/// and emoji, 0 for characters that draw nothing.
///
/// Widths come from the C library's tables, always read under a UTF-8 character type, whatever the
/// process's own locale is (tests run in the "C" locale; the terminal may be set up later). The
/// locale is applied per thread and put back at once, so no other code sees a change.
/// The corresponding C functions are `newlocale`, `uselocale` and `wcwidth`.
public enum DisplayWidth {
    /// Columns of one character as it will be drawn (see `printable(_:)`).
    public static func of(_ character: Character) -> Int {
        if character.isASCII { return 1 }  // controls are drawn as a space
        return UTF8Locale.shared.with { measure(character) }
    }

    /// Columns of a whole string as it will be drawn.
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return UTF8Locale.shared.with {
            var total = 0
            for character in text { total += measure(character) }
            return total
        }
    }

    /// The characters of `text` made safe to draw, each with its width: control characters become
    /// spaces, characters the C library cannot print become U+FFFD, zero-width ones are left out.
    static func cells(of text: some StringProtocol) -> [(character: Character, width: Int)] {
        var result: [(character: Character, width: Int)] = []
        result.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for character in text { result.append((printableASCII(character), 1)) }
            return result
        }
        UTF8Locale.shared.with {
            for character in text {
                if character.isASCII {
                    result.append((printableASCII(character), 1))
                    continue
                }
                let (drawn, width) = printable(character)
                if width > 0 { result.append((drawn, width)) }
            }
        }
        return result
    }

    /// `text` cut to at most `width` columns; when cut, it ends with `ellipsis` (one column).
    public static func truncate(_ text: some StringProtocol, to width: Int, ellipsis: Character = "…") -> String {
        guard width > 0 else { return "" }
        let cells = cells(of: text)
        let total = cells.reduce(0) { $0 + $1.width }
        if total <= width { return String(cells.map(\.character)) }
        var kept = ""
        var used = 0
        let room = width - 1
        for cell in cells {
            if used + cell.width > room { break }
            kept.append(cell.character)
            used += cell.width
        }
        kept.append(ellipsis)
        return kept
    }

    /// `text` truncated or padded with spaces to exactly `width` columns.
    public static func fit(_ text: some StringProtocol, to width: Int) -> String {
        let cut = truncate(text, to: width)
        let missing = width - of(cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }

    private static func printableASCII(_ character: Character) -> Character {
        guard let value = character.asciiValue else { return " " }  // "\r\n" is one ASCII grapheme
        return value >= 0x20 && value < 0x7F ? character : " "
    }

    /// A non-ASCII character as drawn, and its width. Must run under the UTF-8 locale.
    private static func printable(_ character: Character) -> (Character, Int) {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return (" ", 0) }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return (" ", 1) }
        let width = Int(cdc_wcwidth(wchar_t(bitPattern: first.value)))
        if width < 0 { return ("\u{FFFD}", 1) }
        if width == 0 { return (character, 0) }
        // An emoji presentation selector (U+FE0F) makes a text-style symbol two columns wide,
        // and two regional indicators make a flag.
        if width == 1 {
            if scalars.contains("\u{FE0F}") { return (character, 2) }
            if (0x1F1E6...0x1F1FF).contains(first.value), scalars.count >= 2 { return (character, 2) }
        }
        return (character, width)
    }

    private static func measure(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        return printable(character).1
    }
}

/// A C locale object for UTF-8 character classification, made once and never freed.
///
/// `@unchecked Sendable`: the `locale_t` is created in `init` and never changed afterwards; the
/// C library allows one locale object to be installed with `uselocale` on many threads at once.
/// The corresponding C functions are `newlocale` and `uselocale`.
private final class UTF8Locale: @unchecked Sendable {
    static let shared = UTF8Locale()

    private let locale: locale_t?

    private init() {
        locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) ?? newlocale(LC_CTYPE_MASK, "en_US.UTF-8", nil)
    }

    /// Runs `body` with this thread's character type set to UTF-8, then restores the previous one.
    func with<Result>(_ body: () -> Result) -> Result {
        guard let locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}
