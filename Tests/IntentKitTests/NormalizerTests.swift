import IntentKit
import Testing

@Suite("Normalisation")
struct NormalizerTests {
    @Test("Case, punctuation and repeated spaces fold away")
    func caseAndPunctuation() {
        #expect(Normalizer.tokens(of: "  Play,   DISC!!  3…  ") == ["play", "disc", "3"])
        #expect(Normalizer.tokens(of: "What's playing?") == ["whats", "playing"])
        #expect(Normalizer.tokens(of: "what’s\tplaying\n") == ["whats", "playing"])
    }

    @Test("Number words and digits meet", arguments: [
        ("three", ["3"]), ("3", ["3"]), ("03", ["3"]), ("twenty one", ["21"]), ("twenty-one", ["21"]),
        ("21", ["21"]), ("ninety nine", ["99"]), ("forty", ["40"]), ("a hundred", ["100"]),
        ("one hundred", ["100"]), ("zero", ["0"]), ("twelve", ["12"]), ("hundred", ["100"]),
        ("two hundred", ["200"]), ("two hundred and five", ["205"]), ("a hundred and one", ["101"]),
        ("nine hundred ninety-nine", ["999"]), ("one hundred and play", ["100", "and", "play"]),
        ("twenty one hundred", ["21", "100"]), ("zero hundred", ["0", "100"]),
    ])
    func cardinals(text: String, expected: [String]) {
        #expect(Normalizer.tokens(of: text) == expected)
    }

    @Test("Ordinals meet in one canonical form", arguments: [
        ("third", "3rd"), ("3rd", "3rd"), ("3th", "3rd"), ("first", "1st"), ("1st", "1st"),
        ("second", "2nd"), ("twenty first", "21st"), ("twenty-second", "22nd"), ("eleventh", "11th"),
        ("12th", "12th"), ("twentieth", "20th"), ("one hundredth", "100th"), ("hundredth", "100th"),
        ("one hundred twenty third", "123rd"), ("two hundred and first", "201st"),
    ])
    func ordinals(text: String, expected: String) {
        #expect(Normalizer.tokens(of: text) == [expected])
        #expect(Normalizer.number(in: expected) != nil)
    }

    @Test("Every number from one to ninety-nine reads the same in words and digits")
    func oneToNinetyNine() {
        let units = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        let teens = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        for number in 1...99 {
            let words: String
            if number < 10 { words = units[number] }
            else if number < 20 { words = teens[number - 10] }
            else { words = tens[number / 10] + (number % 10 == 0 ? "" : "-" + units[number % 10]) }
            #expect(Normalizer.tokens(of: words) == [String(number)], "\(words)")
            #expect(Normalizer.tokens(of: String(number)) == [String(number)])
        }
    }

    @Test("Percent in any spelling")
    func percent() {
        #expect(Normalizer.tokens(of: "40%") == ["40", "percent"])
        #expect(Normalizer.tokens(of: "40 per cent") == ["40", "percent"])
        #expect(Normalizer.tokens(of: "forty percent") == ["40", "percent"])
    }

    @Test("Letters and digits split, diacritics fold, emoji and symbols separate")
    func mixedText() {
        #expect(Normalizer.tokens(of: "cd3") == ["cd", "3"])
        #expect(Normalizer.tokens(of: "Café Del Mar") == ["cafe", "del", "mar"])
        #expect(Normalizer.tokens(of: "play🎵disc 3") == ["play", "disc", "3"])
        #expect(Normalizer.tokens(of: "rock & roll") == ["rock", "and", "roll"])
    }

    @Test("A token limit stops early")
    func limit() {
        let long = String(repeating: "word ", count: 5_000)
        #expect(Normalizer.tokens(of: long, limit: 10).count <= 11)
    }

    @Test("The quick byte path for ASCII and accented Latin text reads exactly as the full path", arguments: [
        "Play the THIRD disc, please!", "cd3 40percent 3rd 21st 007", "What's playing?", "rock & roll 40%", "Café Mélancolie",
        "Björk Sørensen — Été Indien", "Œuvre Straße", "twenty one pilots", "a hundred and five", "per cent okay", "ÀÉÎÕÜ çñ",
        "Open Highway (Deluxe Edition) - Remastered", "don`t stop", "x" + String(repeating: "y", count: 80) + " z",
    ])
    func quickPath(text: String) {
        // A bullet is neither ASCII nor a Latin letter: it sends the text down the full path and,
        // as punctuation, only separates words.
        #expect(Normalizer.tokens(of: text) == Normalizer.tokens(of: text + " \u{2022}"), "\(text)")
    }
}
