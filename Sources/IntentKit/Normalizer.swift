/// Turns typed or spoken text into the canonical tokens that phrases and names are matched on.
///
/// The same rules apply to sentences, phrase templates, enum synonyms and entity names, so they
/// always meet on equal terms:
/// - case is folded and diacritics are dropped ("Café" → "cafe");
/// - apostrophes vanish inside words ("what's" → "whats"), other punctuation, symbols, emoji and
///   control characters separate words, and repeated spaces collapse;
/// - `%` reads as "percent", `&` as "and", "per cent" as "percent", "okay" as "ok";
/// - number words and digits meet: "three" and "3" give "3", "twenty-one" and "21" give "21",
///   "a hundred" gives "100"; ordinals meet too: "third", "3rd" and "3th" give "3rd";
/// - letters run into digits split ("cd3" → "cd 3"); leading zeros go ("07" → "7").
///
/// Example: `Normalizer.tokens(of: "Hey, Siri: play the THIRD disc… 40%!")` is
/// `["hey", "siri", "play", "the", "3rd", "disc", "40", "percent"]`.
public enum Normalizer {
    /// The tokens of `text`, stopping early once more than `limit` tokens are found.
    ///
    /// Runs in time linear in the text and never fails, whatever the input.
    public static func tokens(of text: String, limit: Int = Int.max) -> [String] {
        let raw = rawTokens(of: text, limit: limit)
        return combineNumberWords(raw)
    }

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

    private static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
        "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    private static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
        "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    private static let ordinalUnits: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
        "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
        "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
        "nineteenth": 19,
    ]
    private static let ordinalTens: [String: Int] = [
        "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60,
        "seventieth": 70, "eightieth": 80, "ninetieth": 90,
    ]

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

    private static func combineNumberWords(_ raw: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let token = raw[index]
            let next = index + 1 < raw.count ? raw[index + 1] : nil
            if let tensValue = tens[token] {
                if let next, let unit = units[next], (1...9).contains(unit) {
                    result.append(String(tensValue + unit))
                    index += 2
                    continue
                }
                if let next, let unit = ordinalUnits[next], (1...9).contains(unit) {
                    result.append(ordinalToken(tensValue + unit))
                    index += 2
                    continue
                }
                result.append(String(tensValue))
            } else if (token == "one" || token == "a") && next == "hundred" {
                result.append("100")
                index += 2
                continue
            } else if token == "hundred" {
                result.append("100")
            } else if let unit = units[token] {
                result.append(String(unit))
            } else if let value = ordinalUnits[token] ?? ordinalTens[token] {
                result.append(ordinalToken(value))
            } else if token == "hundredth" {
                result.append(ordinalToken(100))
            } else if token == "per" && next == "cent" {
                result.append("percent")
                index += 2
                continue
            } else if token == "okay" {
                result.append("ok")
            } else {
                result.append(token)
            }
            index += 1
        }
        return result
    }
}
