import IntentKit
import Testing

@Suite("Numbers spelled out")
struct NumberWordsTests {
    @Test("Number tokens spell as words", arguments: [
        ("0", "zero"), ("7", "seven"), ("07", "seven"), ("12", "twelve"), ("19", "nineteen"), ("20", "twenty"),
        ("21", "twenty one"), ("40", "forty"), ("99", "ninety nine"), ("100", "one hundred"),
        ("101", "one hundred one"), ("115", "one hundred fifteen"), ("120", "one hundred twenty"),
        ("342", "three hundred forty two"), ("999", "nine hundred ninety nine"),
    ])
    func cardinals(token: String, words: String) {
        #expect(NumberWords.spell(token) == words)
    }

    @Test("Ordinal tokens spell as ordinal words", arguments: [
        ("1st", "first"), ("2nd", "second"), ("3rd", "third"), ("3th", "third"), ("5th", "fifth"), ("8th", "eighth"),
        ("9th", "ninth"), ("11th", "eleventh"), ("12th", "twelfth"), ("20th", "twentieth"), ("21st", "twenty first"),
        ("42nd", "forty second"), ("99th", "ninety ninth"), ("100th", "one hundredth"), ("101st", "one hundred first"),
        ("999th", "nine hundred ninety ninth"),
    ])
    func ordinals(token: String, words: String) {
        #expect(NumberWords.spell(token) == words)
    }

    @Test("A title spelling capitalises and hyphenates tens and units", arguments: [
        (1, "One"), (21, "Twenty-One"), (100, "One Hundred"), (105, "One Hundred Five"), (999, "Nine Hundred Ninety-Nine"),
    ])
    func titles(value: Int, words: String) {
        #expect(NumberWords.cardinal(value, style: .title) == words)
    }

    @Test("What is not one number in range has no spelling", arguments: ["1000", "-3", "cd3", "3 4", "", "disc", "0th", "1000th", "3.5"])
    func notSpelled(token: String) {
        #expect(NumberWords.spell(token) == nil)
    }

    @Test("Numbers outside the range have no words")
    func outOfRange() {
        #expect(NumberWords.cardinal(-1) == nil)
        #expect(NumberWords.cardinal(1000) == nil)
        #expect(NumberWords.ordinal(0) == nil)
        #expect(NumberWords.ordinal(1000) == nil)
    }

    @Test("Every spelled cardinal normalises back to its digits", arguments: NumberWords.spelledRange)
    func cardinalsNormaliseBack(value: Int) throws {
        for style in [NumberWords.Style.spoken, .title] {
            let words = try #require(NumberWords.cardinal(value, style: style))
            #expect(Normalizer.tokens(of: words) == [String(value)], "\(words)")
            #expect(NumberWords.spell(String(value), style: style) == words)
        }
    }

    @Test("Every spelled ordinal normalises back to its canonical token", arguments: 1...999)
    func ordinalsNormaliseBack(value: Int) throws {
        for style in [NumberWords.Style.spoken, .title] {
            let words = try #require(NumberWords.ordinal(value, style: style))
            #expect(Normalizer.tokens(of: words) == [Normalizer.ordinalToken(value)], "\(words)")
            #expect(NumberWords.spell(Normalizer.ordinalToken(value), style: style) == words)
        }
    }
}
