import OrderedJSON
import Testing

/// Parsing: strict (the control socket reads whatever a local process sends), order-preserving
/// objects, numbers kept as written, and what is parsed is written back as it came.
@Suite struct JSONParserTests {
    @Test(arguments: [
        #"{"b":1,"a":[true,false,null],"c":{"z":"x","y":-0.5e+3}}"#,
        #"[]"#,
        #"{}"#,
        #""caf\u00e9 \ud83d\udcbf \"quoted\" back\\slash""#,
        #"12345678901234567890123"#,
    ])
    func compactAndPrettyTextRoundTrip(_ text: String) throws {
        let value = try JSONValue.parse(text)
        #expect(try JSONValue.parse(value.compactText) == value)
        #expect(try JSONValue.parse(value.prettyText) == value)
    }

    @Test func aParsedLineIsWrittenBackByteForByte() throws {
        let line = #"{"v":1,"status":0,"output":"Playing disc 3, Night Drive.\n","error":"","payload":{"pid":4242,"volume":0.75,"names":["Café","\u2028"],"none":null,"on":true}}"#
        #expect(try JSONValue.parse(line).compactText == line)
    }

    @Test func repeatedKeysAreKeptInOrder() throws {
        let value = try JSONValue.parse(#"{"a":1,"a":2}"#)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.fields.map(\.value) == [.integer(1), .integer(2)])
        #expect(value["a"] == .integer(1))
    }

    @Test func objectsKeepTheirKeyOrderAndNumbersTheirText() throws {
        let value = try JSONValue.parse(#" { "zebra" : 1.50 , "apple" : [ 2 , 3 ] } "#)
        #expect(value.compactText == #"{"zebra":1.50,"apple":[2,3]}"#)
        #expect(value["zebra"] == .number("1.50"))
        #expect(value["missing"] == nil)
    }

    @Test func escapesDecodeToTheirCharacters() throws {
        let value = try JSONValue.parse(#""tab\there\nnew \/ \u00e9 \ud83d\udcbf""#)
        #expect(value == .string("tab\there\nnew / é 💿"))
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{a:1}", "'text'", "01", "1.", "-", "1e", "+1", "tru", "nul",
        "\"unclosed", "\"bad \\q escape\"", "\"lone \\ud800 surrogate\"", "\"\\udc00\"", "\"\u{01}\"",
        "[1] [2]", "{\"a\" 1}", "NaN", "Infinity", "// comment\n1",
    ])
    func rejectsWhatIsNotJSON(_ text: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(text) }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0xFE, 0x22]
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(bytes) }
    }

    @Test func nestingIsBounded() throws {
        let fine = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        _ = try JSONValue.parse(fine)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(deep) }
    }
}
