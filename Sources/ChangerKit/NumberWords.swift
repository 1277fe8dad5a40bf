/// English words for whole numbers, for default magazine names ("Magazine Twenty-One").
enum NumberWords {
    private static let ones = [
        "Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
        "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen",
    ]
    private static let tens = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"]

    /// "One" … "Nine Hundred Ninety-Nine"; larger numbers are written as digits.
    static func words(for number: Int) -> String {
        switch number {
        case 0..<20: return ones[number]
        case 20..<100: return tens[number / 10] + (number % 10 == 0 ? "" : "-" + ones[number % 10])
        case 100..<1000: return ones[number / 100] + " Hundred" + (number % 100 == 0 ? "" : " " + words(for: number % 100))
        default: return String(number)
        }
    }
}
