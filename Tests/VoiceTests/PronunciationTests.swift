import Testing
@testable import Voice

@Suite struct PronunciationTests {
    static let dictionary = try! PronunciationDictionary(path: ModelPaths.debian.dictionary)

    @Test func dictionaryLooksUpWordsAndVariants() {
        #expect(Self.dictionary.pronunciations(of: "disc") == [["D", "IH", "S", "K"]])
        #expect(Self.dictionary.pronunciations(of: "What's").count == 2)
        #expect(Self.dictionary.pronunciations(of: "unmute").isEmpty)
        #expect(Self.dictionary.entryCount > 130_000)
    }

    /// The file is not in byte order, and a word's variants need not be side by side ("a's"
    /// comes between "a" and "a(2)"); the index finds them all, in the file's order.
    @Test func dictionaryFindsWordsWhereverTheFileHasThem() {
        #expect(Self.dictionary.pronunciations(of: "a") == [["AH"], ["EY"]])
        #expect(Self.dictionary.pronunciations(of: "the") == [["DH", "AH"], ["DH", "IY"]])
        #expect(Self.dictionary.pronunciations(of: "'bout") == [["B", "AW", "T"]])
        #expect(Self.dictionary.pronunciations(of: "zywicki").count == 1)
        #expect(Self.dictionary.pronunciations(of: "disco").count == 1)
        #expect(Self.dictionary.pronunciations(of: "dis").count == 1)
        #expect(Self.dictionary.pronunciations(of: "disc three").isEmpty)
        #expect(Self.dictionary.pronunciations(of: "the(2)").isEmpty)
    }

    @Test(arguments: [("Zorblax", "Z AO R B L AE K S"), ("unmute", "AH N M Y UW T"), ("Calderón", "K AO L D ER AA N")])
    func espeakPronouncesWordsOutsideTheDictionary(word: String, phones: String) throws {
        let result = try #require(EspeakPhonemizer.shared.cmuPhones(for: word))
        #expect(result.phones.joined(separator: " ") == phones)
        #expect(result.unknown.isEmpty)
    }

    @Test func everyMappedPhoneIsAModelPhone() {
        for phones in PhoneMapping.table.values { #expect(phones.allSatisfy(PhoneMapping.cmuPhones.contains)) }
    }

    @Test func unknownSymbolsAreReported() {
        let mapped = PhoneMapping.cmuPhones(fromEspeak: ["z", "'o@", "QQ", "b"])
        #expect(mapped.phones == ["Z", "AO", "R", "B"])
        #expect(mapped.unknown == ["QQ"])
    }

    @Test func rhoticVowelsCollapse() {
        #expect(PhoneMapping.cmuPhones(fromEspeak: ["m", "'E", "m", "b", "3", "r-"]).phones == ["M", "EH", "M", "B", "ER"])
    }
}

@Suite struct PhoneticDistanceTests {
    static let lexicon = Lexicon(dictionary: PronunciationTests.dictionary)

    static func distance(_ a: String, _ b: String) throws -> Double {
        let dictionary = PronunciationTests.dictionary
        let first = try #require(lexicon.phones(of: SpokenForm(a, hasApostropheForm: dictionary.contains)))
        let second = try #require(lexicon.phones(of: SpokenForm(b, hasApostropheForm: dictionary.contains)))
        return PhoneticDistance.distance(first, second)
    }

    @Test(arguments: [("Disco Tree", "disc three"), ("Midnight River", "midnight rider"), ("Sunday Drive", "some day drive")])
    func soundAlikesAreClose(a: String, b: String) throws {
        #expect(try Self.distance(a, b) <= 0.2)
    }

    @Test(arguments: [("Road Trip", "go to"), ("Honey", "hold on"), ("Storm", "stop"), ("Disco Tree", "cd three")])
    func differentPhrasesAreFar(a: String, b: String) throws {
        #expect(try Self.distance(a, b) > 0.3)
    }

    @Test func distanceIsZeroForTheSamePhonesAndSymmetric() throws {
        #expect(try Self.distance("four", "for") == 0)
        #expect(try Self.distance("road trip", "go to") == (try Self.distance("go to", "road trip")))
    }
}
