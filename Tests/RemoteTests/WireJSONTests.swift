import Testing
@testable import Remote

/// The control socket's JSON: strict parsing, order-preserving objects, numbers kept as written.
@Suite struct WireJSONTests {
    @Test(arguments: [
        #"{"b":1,"a":[true,false,null],"c":{"z":"x","y":-0.5e+3}}"#,
        #"[]"#,
        #"{}"#,
        #""caf\u00e9 \ud83d\udcbf \"quoted\" back\\slash""#,
        #"12345678901234567890123"#,
    ])
    func compactTextRoundTrips(_ text: String) throws {
        let value = try WireJSON.parse(text)
        #expect(try WireJSON.parse(value.compactText) == value)
    }

    @Test func objectsKeepTheirKeyOrderAndNumbersTheirText() throws {
        let value = try WireJSON.parse(#" { "zebra" : 1.50 , "apple" : [ 2 , 3 ] } "#)
        #expect(value.compactText == #"{"zebra":1.50,"apple":[2,3]}"#)
        #expect(value["zebra"] == .number("1.50"))
        #expect(value["missing"] == nil)
    }

    @Test func escapesDecodeToTheirCharacters() throws {
        let value = try WireJSON.parse(#""tab\there\nnew \/ \u00e9 \ud83d\udcbf""#)
        #expect(value == .string("tab\there\nnew / é 💿"))
    }

    @Test func writtenTextHasNoRawNewlinesOrControlCharacters() {
        let value = WireJSON.string("line one\nline two\r\u{01}\u{7F}\u{2028}")
        let text = value.compactText
        #expect(!text.contains("\n"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(text == #""line one\nline two\r\u0001\u007f\u2028""#)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{a:1}", "'text'", "01", "1.", "-", "1e", "+1", "tru", "nul",
        "\"unclosed", "\"bad \\q escape\"", "\"lone \\ud800 surrogate\"", "\"\\udc00\"", "\"\u{01}\"",
        "[1] [2]", "{\"a\" 1}", "NaN", "Infinity", "// comment\n1",
    ])
    func rejectsWhatIsNotJSON(_ text: String) {
        #expect(throws: WireJSON.ParseError.self) { try WireJSON.parse(text) }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0xFE, 0x22]
        #expect(throws: WireJSON.ParseError.self) { try WireJSON.parse(bytes) }
    }

    @Test func nestingIsBounded() throws {
        let fine = String(repeating: "[", count: WireJSON.maximumDepth) + String(repeating: "]", count: WireJSON.maximumDepth)
        _ = try WireJSON.parse(fine)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: WireJSON.ParseError.self) { try WireJSON.parse(deep) }
    }
}
