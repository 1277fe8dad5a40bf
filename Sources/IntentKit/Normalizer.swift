/// Turns typed or spoken text into the canonical tokens that phrases and names are matched on.
///
/// The same rules apply to sentences, phrase templates, enum synonyms and entity names, so they
/// always meet on equal terms:
/// - case is folded and diacritics are dropped ("Café" → "cafe");
/// - apostrophes vanish inside words ("what's" → "whats"), other punctuation, symbols, emoji and
///   control characters separate words, and repeated spaces collapse;
/// - `%` reads as "percent", `&` as "and", "per cent" as "percent", "okay" as "ok";
/// - number words and digits meet from 0 to 999: "three" and "3" give "3", "twenty-one" and "21"
///   give "21", "a hundred" gives "100", "two hundred [and] five" gives "205"; ordinals meet too:
///   "third", "3rd" and "3th" give "3rd", "one hundred twenty first" gives "121st";
/// - letters run into digits split ("cd3" → "cd 3"); leading zeros go ("07" → "7").
///
/// Example: `Normalizer.tokens(of: "Hey, Siri: play the THIRD disc… 40%!")` is
/// `["hey", "siri", "play", "the", "3rd", "disc", "40", "percent"]`.
public enum Normalizer {
    /// The tokens of `text`, stopping early once more than `limit` tokens are found.
    ///
    /// Runs in time linear in the text and never fails, whatever the input.
    public static func tokens(of text: String, limit: Int = Int.max) -> [String] {
        let raw = asciiTokens(of: text, limit: limit) ?? rawTokens(of: text, limit: limit)
        return combineNumberWords(raw)
    }

    /// The raw tokens of a text that is all ASCII (most names and sentences), read from its bytes;
    /// nil for any other text. Gives exactly what ``rawTokens(of:limit:)`` gives.
    private static func asciiTokens(of text: String, limit: Int) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumFastWord) { word -> [String]? in
                var tokens: [String] = []
                var length = 0
                var digits = false
                var lettersAfterDigits = false
                func flush() {
                    guard length > 0 else { return }
                    let token = String(decoding: UnsafeBufferPointer(rebasing: word[0..<length]), as: UTF8.self)
                    if digits || lettersAfterDigits {
                        tokens.append(contentsOf: splitDigitsAndLetters(token))
                    } else {
                        tokens.append(token)
                    }
                    length = 0
                    digits = false
                    lettersAfterDigits = false
                }
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if tokens.count > limit { break }
                    guard length + 2 < maximumFastWord else { return nil }
                    if byte >= 128 {
                        // A two-byte Latin letter with an accent ("é", "ø") folds to its base
                        // letters; anything else is read by the full path.
                        guard byte & 0xE0 == 0xC0, index < bytes.count, let folded = latinFolding(byte, bytes[index]) else { return nil }
                        index += 1
                        if digits { lettersAfterDigits = true; digits = false }
                        for letter in folded { word[length] = letter; length += 1 }
                        continue
                    }
                    switch byte {
                    case 48...57:
                        if length > 0, !digits { flush() }
                        word[length] = byte
                        length += 1
                        digits = true
                    case 65...90, 97...122:
                        if digits { lettersAfterDigits = true; digits = false }
                        word[length] = byte <= 90 ? byte + 32 : byte
                        length += 1
                    case 39, 96:
                        continue
                    case 37:
                        flush()
                        tokens.append("percent")
                    case 38:
                        flush()
                        tokens.append("and")
                    default:
                        flush()
                    }
                }
                flush()
                return tokens
            }
        }
    }

    /// The longest word the byte path reads; longer ones go the full path.
    private static let maximumFastWord = 64

    /// The number a token stands for, if it is a cardinal ("3") or an ordinal ("3rd").
    public static func number(in token: String) -> Int? {
        if let value = cardinal(token) { return value }
        return ordinalValue(token)
    }

    /// The canonical token of the cardinal number `value` ("21").
    public static func cardinalToken(_ value: Int) -> String { String(value) }

    /// The canonical token of the ordinal number `value` ("1st", "2nd", "3rd", "11th", "21st").
    public static func ordinalToken(_ value: Int) -> String {
        let lastTwo = value % 100
        let suffix: String
        if (11...13).contains(lastTwo) {
            suffix = "th"
        } else {
            switch value % 10 {
            case 1: suffix = "st"
            case 2: suffix = "nd"
            case 3: suffix = "rd"
            default: suffix = "th"
            }
        }
        return String(value) + suffix
    }

    // MARK: - Characters to raw tokens

    private enum TokenShape { case none, letters, digits, digitsThenLetters }

    private static func rawTokens(of text: String, limit: Int) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var shape = TokenShape.none

        func flush() {
            if !current.isEmpty { tokens.append(String(current)) }
            current = String.UnicodeScalarView()
            shape = .none
        }

        for scalar in text.unicodeScalars {
            if tokens.count > limit { break }
            // ASCII, most of what is typed and most names, without looking up Unicode properties.
            let value = scalar.value
            if value < 128 {
                switch value {
                case 48...57:
                    if shape == .letters || shape == .digitsThenLetters { flush() }
                    current.append(scalar)
                    shape = .digits
                case 65...90, 97...122:
                    current.append(value <= 90 ? Unicode.Scalar(UInt8(value + 32)) : scalar)
                    if shape == .digits { shape = .digitsThenLetters } else if shape == .none { shape = .letters }
                case 39, 96:
                    continue
                case 37:
                    flush()
                    tokens.append("percent")
                case 38:
                    flush()
                    tokens.append("and")
                default:
                    flush()
                }
                continue
            }
            // Accented Latin letters ("é", "ø"), common in names, fold without a property lookup.
            if let base = latinBaseLetter[scalar] {
                current.append(contentsOf: base.unicodeScalars)
                if shape == .digits { shape = .digitsThenLetters } else if shape == .none { shape = .letters }
                continue
            }
            let properties = scalar.properties
            if properties.numericType == .decimal, let digit = properties.numericValue, digit >= 0, digit <= 9 {
                if shape == .letters || shape == .digitsThenLetters { flush() }
                current.append(Unicode.Scalar(UInt8(48 + Int(digit))))
                shape = .digits
            } else if properties.isAlphabetic {
                for folded in fold(scalar) { current.append(folded) }
                if shape == .digits { shape = .digitsThenLetters } else if shape == .none { shape = .letters }
            } else if isCombiningMark(properties.generalCategory) {
                continue
            } else if isApostrophe(scalar) {
                continue
            } else if scalar == "%" {
                flush()
                tokens.append("percent")
            } else if scalar == "&" {
                flush()
                tokens.append("and")
            } else {
                flush()
            }
        }
        flush()
        guard tokens.contains(where: { $0.utf8.first.map { (48...57).contains($0) } ?? false }) else { return tokens }
        return tokens.flatMap(splitDigitsAndLetters)
    }

    /// Splits "40percent" into "40" and "percent", keeps ordinals ("3rd") whole, canonical.
    private static func splitDigitsAndLetters(_ token: String) -> [String] {
        guard let first = token.unicodeScalars.first, first.isASCII, (48...57).contains(first.value) else {
            return [token]
        }
        let digits = String(token.unicodeScalars.prefix { $0.isASCII && (48...57).contains($0.value) })
        let letters = String(token.unicodeScalars.dropFirst(digits.unicodeScalars.count))
        let number = canonicalDigits(digits)
        if letters.isEmpty { return [number] }
        if ["st", "nd", "rd", "th", "d"].contains(letters), let value = Int(number) {
            return [ordinalToken(value)]
        }
        return [number, letters]
    }

    private static func canonicalDigits(_ digits: String) -> String {
        if digits.count <= 9, let value = Int(digits) { return String(value) }
        return digits
    }

    private static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII {
            let value = scalar.value
            if (65...90).contains(value) { return [Unicode.Scalar(value + 32)!] }
            return [scalar]
        }
        if let base = latinBaseLetter[scalar] { return base.unicodeScalars.map { $0 } }
        return Array(scalar.properties.lowercaseMapping.unicodeScalars).filter {
            !isCombiningMark($0.properties.generalCategory)
        }
    }

    private static func isCombiningMark(_ category: Unicode.GeneralCategory) -> Bool {
        category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "\u{2018}" || scalar == "\u{02BC}" || scalar == "`"
    }

    /// The base letters of the two-byte UTF-8 sequence `lead`, `trail` when it is a letter of
    /// ``latinBaseLetter``.
    private static func latinFolding(_ lead: UInt8, _ trail: UInt8) -> [UInt8]? {
        guard trail & 0xC0 == 0x80 else { return nil }
        let value = Int(lead & 0x1F) << 6 | Int(trail & 0x3F)
        guard value >= 0xC0, value - 0xC0 < latinFoldingTable.count else { return nil }
        return latinFoldingTable[value - 0xC0]
    }

    /// ``latinBaseLetter`` for U+00C0…U+017F as bytes, indexed from U+00C0.
    private static let latinFoldingTable: [[UInt8]?] = (0xC0...0x17F).map { value in
        Unicode.Scalar(UInt32(value)).flatMap { latinBaseLetter[$0] }.map { Array($0.utf8) }
    }

    /// Precomposed Latin letters and their plain base letters (the common Western European set).
    private static let latinBaseLetter: [Unicode.Scalar: String] = {
        let table: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("ÀÁÂÃÄÅĀĂĄ", "a"), ("æ", "ae"), ("Æ", "ae"),
            ("çćĉċč", "c"), ("ÇĆĈĊČ", "c"), ("ďđ", "d"), ("ĎĐ", "d"),
            ("èéêëēĕėęě", "e"), ("ÈÉÊËĒĔĖĘĚ", "e"), ("ĝğġģ", "g"), ("ĜĞĠĢ", "g"),
            ("ìíîïĩīĭįı", "i"), ("ÌÍÎÏĨĪĬĮİ", "i"), ("ñńņňŉ", "n"), ("ÑŃŅŇ", "n"),
            ("òóôõöøōŏő", "o"), ("ÒÓÔÕÖØŌŎŐ", "o"), ("œ", "oe"), ("Œ", "oe"),
            ("ŕŗř", "r"), ("ŔŖŘ", "r"), ("śŝşš", "s"), ("ŚŜŞŠ", "s"), ("ß", "ss"),
            ("ţťŧ", "t"), ("ŢŤŦ", "t"), ("ùúûüũūŭůűų", "u"), ("ÙÚÛÜŨŪŬŮŰŲ", "u"),
            ("ýÿŷ", "y"), ("ÝŸŶ", "y"), ("źżž", "z"), ("ŹŻŽ", "z"),
        ]
        var result: [Unicode.Scalar: String] = [:]
        for (letters, base) in table {
            for scalar in letters.unicodeScalars { result[scalar] = base }
        }
        return result
    }()

    // MARK: - Number words

    /// Word → value, from the tables ``NumberWords`` spells with ("fourty" is read too).
    private static let units = lookup(NumberWords.units, scale: 1)
    private static let tens = lookup(NumberWords.tens, scale: 10).merging(["fourty": 40]) { first, _ in first }
    private static let ordinalUnits = lookup(NumberWords.ordinalUnits, scale: 1)
    private static let ordinalTens = lookup(NumberWords.ordinalTens, scale: 10)

    private static func lookup(_ words: [String], scale: Int) -> [String: Int] {
        var table: [String: Int] = [:]
        for (index, word) in words.enumerated() where !word.isEmpty { table[word] = index * scale }
        return table
    }

    private static func cardinal(_ token: String) -> Int? {
        guard !token.isEmpty, token.count <= 9, token.unicodeScalars.allSatisfy({ $0.isASCII && (48...57).contains($0.value) }) else {
            return nil
        }
        return Int(token)
    }

    private static func ordinalValue(_ token: String) -> Int? {
        let digits = token.unicodeScalars.prefix { $0.isASCII && (48...57).contains($0.value) }
        guard !digits.isEmpty, digits.count <= 9, let value = Int(String(digits)) else { return nil }
        return ordinalToken(value) == token ? value : nil
    }

    /// Every word that can start a spelled number ("a hundred", "twenty", "third"), to pass
    /// over every other word with one lookup.
    private static let numberLeads: Set<String> = Set(units.keys).union(tens.keys).union(ordinalUnits.keys).union(ordinalTens.keys)
        .union(["a", NumberWords.hundred, NumberWords.hundredth])

    /// The first bytes of ``numberLeads``, one bit each: most words are passed over without hashing.
    private static let numberLeadFirstBytes: UInt128 = numberLeads.reduce(0) { mask, word in
        guard let first = word.utf8.first, first < 128 else { return mask }
        return mask | 1 << UInt128(first)
    }

    private static func combineNumberWords(_ raw: [String]) -> [String] {
        // Most names have no number word, no "per cent" and no "okay": nothing to combine.
        let mayCombine = raw.contains { token in
            guard let first = token.utf8.first else { return false }
            return first >= 128 || numberLeadFirstBytes & (1 << UInt128(first)) != 0 || token == "per" || token == "okay"
        }
        guard mayCombine else { return raw }
        var result: [String] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            if let first = raw[index].utf8.first, first < 128, numberLeadFirstBytes & (1 << UInt128(first)) != 0,
               numberLeads.contains(raw[index]), let number = spelledNumber(in: raw, at: index) {
                result.append(number.isOrdinal ? ordinalToken(number.value) : String(number.value))
                index += number.length
                continue
            }
            let token = raw[index]
            if token == "per", index + 1 < raw.count, raw[index + 1] == "cent" {
                result.append("percent")
                index += 2
                continue
            }
            result.append(token == "okay" ? "ok" : token)
            index += 1
        }
        return result
    }

    /// A number in words starting at `start` — "twenty one", "third", "a hundred",
    /// "two hundred and five", "one hundred twenty third" — with how many words it takes.
    private static func spelledNumber(in words: [String], at start: Int) -> (value: Int, isOrdinal: Bool, length: Int)? {
        // "[a|one…nine] hundred", "[…] hundredth", then "[and] <1–99>".
        var index = start
        var multiplier = 1
        if index + 1 < words.count, words[index] == "a" || (1...9).contains(units[words[index]] ?? 0),
           words[index + 1] == NumberWords.hundred || words[index + 1] == NumberWords.hundredth {
            multiplier = units[words[index]] ?? 1
            index += 1
        }
        if words[index] == NumberWords.hundredth { return (multiplier * 100, true, index + 1 - start) }
        guard words[index] == NumberWords.hundred else { return belowHundred(in: words, at: start) }
        index += 1
        let rest = index < words.count && words[index] == "and" ? index + 1 : index
        if let below = belowHundred(in: words, at: rest), below.value > 0 {
            return (multiplier * 100 + below.value, below.isOrdinal, rest + below.length - start)
        }
        return (multiplier * 100, false, index - start)
    }

    /// "zero" … "ninety nine", "first" … "ninety ninth".
    private static func belowHundred(in words: [String], at start: Int) -> (value: Int, isOrdinal: Bool, length: Int)? {
        guard start < words.count else { return nil }
        let word = words[start]
        if let tensValue = tens[word] {
            if start + 1 < words.count {
                if let unit = units[words[start + 1]], (1...9).contains(unit) { return (tensValue + unit, false, 2) }
                if let unit = ordinalUnits[words[start + 1]], (1...9).contains(unit) { return (tensValue + unit, true, 2) }
            }
            return (tensValue, false, 1)
        }
        if let unit = units[word] { return (unit, false, 1) }
        if let value = ordinalUnits[word] ?? ordinalTens[word] { return (value, true, 1) }
        return nil
    }
}
