/// English words for whole numbers and ordinals: "12" → "twelve", "3rd" → "third", "21" →
/// "twenty one", "100" → "one hundred".
///
/// The inverse of the ``Normalizer``'s reading of numbers: every spelling it makes normalises
/// back to the digits (`Normalizer.tokens(of: "twenty one") == ["21"]`), so a speech grammar built
/// from spelled names recognises what the resolver matches. Default magazine names use it too
/// ("Magazine Twenty-One").
public enum NumberWords {
    /// The cardinals spelled out (ordinals: 1st to 999th); other numbers have no spelling here.
    public static let spelledRange = 0...999

    /// How the words of a number are written.
    public enum Style: Sendable {
        /// Lower case, separated by spaces: "twenty one", "one hundred five" (a speech grammar's words).
        case spoken
        /// Capitalised, tens and units hyphenated, as in a title or a name: "Twenty-One",
        /// "Nine Hundred Ninety-Nine".
        case title
    }

    /// "zero", "twelve", "twenty one", "one hundred", "nine hundred ninety nine"; nil outside ``spelledRange``.
    public static func cardinal(_ value: Int, style: Style = .spoken) -> String? {
        guard spelledRange.contains(value) else { return nil }
        return joined(groups(of: value), style: style)
    }

    /// "first", "third", "twelfth", "twentieth", "twenty first", "one hundredth"; nil outside 1...999.
    public static func ordinal(_ value: Int, style: Style = .spoken) -> String? {
        guard value >= 1, spelledRange.contains(value) else { return nil }
        var groups = groups(of: value)
        let last = groups[groups.count - 1].removeLast()
        groups[groups.count - 1].append(ordinalWord(for: last))
        return joined(groups, style: style)
    }

    /// The words for one number as typed or as the Normalizer writes it: "12" → "twelve",
    /// "3rd" → "third", "21st" → "twenty first", "3th" → "third", "07" → "seven". Nil when `token`
    /// is not one cardinal or ordinal (letters only, digits with an ordinal ending) in range.
    public static func spell(_ token: String, style: Style = .spoken) -> String? {
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }) else {
            return nil
        }
        let tokens = Normalizer.tokens(of: token)
        guard tokens.count == 1, let value = Normalizer.number(in: tokens[0]) else { return nil }
        return tokens[0] == Normalizer.cardinalToken(value) ? cardinal(value, style: style) : ordinal(value, style: style)
    }

    // MARK: - Words

    /// "zero" … "nineteen", by value. The Normalizer reads numbers with these same tables.
    static let units = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    /// "twenty" … "ninety", by the tens digit (0 and 1 are empty).
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    /// "first" … "nineteenth", by value (0 is empty).
    static let ordinalUnits = [
        "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
    ]
    /// "twentieth" … "ninetieth", by the tens digit (0 and 1 are empty).
    static let ordinalTens = ["", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth"]
    static let hundred = "hundred"
    static let hundredth = "hundredth"

    /// The words of `value` (0...999), grouped: a group of two is a tens word and its unit
    /// ("twenty", "one"), which a title hyphenates.
    private static func groups(of value: Int) -> [[String]] {
        if value < 20 { return [[units[value]]] }
        if value < 100 { return [[tens[value / 10]] + (value % 10 == 0 ? [] : [units[value % 10]])] }
        return [[units[value / 100]], [hundred]] + (value % 100 == 0 ? [] : groups(of: value % 100))
    }

    private static func ordinalWord(for word: String) -> String {
        if let index = units.firstIndex(of: word) { return ordinalUnits[index] }
        if let index = tens.firstIndex(of: word) { return ordinalTens[index] }
        return hundredth
    }

    private static func joined(_ groups: [[String]], style: Style) -> String {
        switch style {
        case .spoken:
            return groups.joined().joined(separator: " ")
        case .title:
            return groups.map { $0.map(capitalised).joined(separator: "-") }.joined(separator: " ")
        }
    }

    private static func capitalised(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
