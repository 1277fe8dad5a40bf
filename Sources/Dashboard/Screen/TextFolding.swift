/// Text made comparable for searching and drawable in ASCII, without Foundation's
/// internationalization library (the app links only FoundationEssentials, which has no
/// `folding(options:locale:)`): Latin letters lose their accents, full-width forms become ASCII.
enum TextFolding {
    /// Latin letters with diacritics (U+00C0–U+024F whose canonical decomposition starts with an
    /// ASCII letter), and their base letters, in the same order.
    private static let accented = "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ"
    private static let bases = "AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYy"
    /// Letters that are not a base letter plus a mark.
    private static let ligatures: [Character: String] = [
        "ß": "ss", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d",
        "Ł": "L", "ł": "l", "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d", "ı": "i",
    ]
    private static let baseOf: [Character: Character] = Dictionary(uniqueKeysWithValues: zip(accented, bases))

    /// The character without its accent (or its ASCII spelling), or nil when there is none.
    static func plain(_ character: Character) -> String? {
        if character.isASCII { return String(character) }
        if let base = baseOf[character] { return String(base) }
        if let spelled = ligatures[character] { return spelled }
        // A precomposed letter missing from the table but written as base + combining marks.
        if let first = character.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic {
            return String(first)
        }
        // Full-width ASCII forms (U+FF01–U+FF5E).
        if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
           (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
            return String(Character(ascii))
        }
        return nil
    }

    /// `text` with every letter that has a plain spelling written in ASCII ("æ" → "ae", "é" → "e",
    /// "ß" → "ss"), for terminals without UTF-8; other characters are left for the screen buffer's
    /// look-alikes.
    static func asciiSpelling(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var spelled = ""
        spelled.reserveCapacity(text.utf8.count)
        for character in text {
            if !character.isASCII, let plain = plain(character), plain.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                spelled += plain
            } else {
                spelled.append(character)
            }
        }
        return spelled
    }

    /// Lower-case, accents removed, full-width forms made ASCII: "Café Ｎｉｇｈｔ" → "cafe night".
    /// Characters without a plain form (CJK, emoji) are kept as they are.
    static func searchKey(_ text: String) -> String {
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for character in text { folded += plain(character) ?? String(character) }
        return folded.lowercased()
    }
}

extension StringProtocol {
    /// The text without white space at either end.
    func trimmed() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
