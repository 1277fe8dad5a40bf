/// Spells numbers as words for the grammar ("21" → "twenty one", "3rd" → "third"), the stand-in
/// for the speller of the code-health issue. The resolver's normaliser reads 0–100 back as digits;
/// larger numbers in names go back through the grammar's rewrite table.
public enum SpokenNumbers {
    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                       "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    static let ordinalOnes = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                              "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
                              "seventeenth", "eighteenth", "nineteenth"]

    /// The cardinal words of `value` (0…9999): "one hundred five"; four-digit numbers from 1100
    /// read as years ("nineteen seventy five", "two thousand one").
    public static func cardinal(_ value: Int) -> [String] {
        precondition(value >= 0 && value < 10_000, "SpokenNumbers covers 0…9999")
        if value < 20 { return [ones[value]] }
        if value < 100 { return [tens[value / 10]] + (value % 10 == 0 ? [] : [ones[value % 10]]) }
        if value < 1000 {
            return [ones[value / 100], "hundred"] + (value % 100 == 0 ? [] : cardinal(value % 100))
        }
        if value % 1000 == 0 { return [ones[value / 1000], "thousand"] }
        if (2000..<2010).contains(value) { return ["two", "thousand"] + cardinal(value % 1000) }
        if value >= 1100, value % 100 == 0 { return cardinal(value / 100) + ["hundred"] }
        if value >= 1100 {
            let low = value % 100
            return cardinal(value / 100) + (low < 10 ? ["oh", ones[low]] : cardinal(low))
        }
        return [ones[value / 1000], "thousand"] + cardinal(value % 1000)
    }

    /// The ordinal words of `value` (1…99): "third", "twenty first".
    public static func ordinal(_ value: Int) -> [String] {
        precondition(value > 0 && value < 100, "ordinals cover 1…99")
        if value < 20 { return [ordinalOnes[value]] }
        if value % 10 == 0 { return [String(tens[value / 10].dropLast()) + "ieth"] }
        return [tens[value / 10], ordinalOnes[value % 10]]
    }

    /// The words for a token of digits ("40") or an ordinal ("3rd", "21st"), or nil for any other token.
    public static func words(forToken token: String) -> [String]? {
        let digits = token.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 4, let value = Int(digits) else { return nil }
        let suffix = token.dropFirst(digits.count)
        if suffix.isEmpty { return cardinal(value) }
        if ["st", "nd", "rd", "th"].contains(String(suffix)), value > 0, value < 100 { return ordinal(value) }
        return nil
    }
}
