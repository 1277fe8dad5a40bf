import Foundation
import OrderedJSON
import Testing

/// Writing: keys in the order given, compact on one line or indented, strings escaped.
@Suite struct JSONValueTests {
    let sample: JSONValue = .object([
        "sentence": .string("play disc 3"),
        "disc": .integer(3),
        "volume": .number("0.5"),
        "parameters": .object([:]),
        "candidates": .array([]),
        "shuffle": .bool(false),
        "question": .null,
        "names": .array([.string("Road Trip"), .object(["synonym": .string("trip")])]),
    ])

    @Test func compactTextKeepsTheKeyOrderOnOneLine() {
        #expect(sample.compactText == #"{"sentence":"play disc 3","disc":3,"volume":0.5,"parameters":{},"candidates":[],"shuffle":false,"question":null,"names":["Road Trip",{"synonym":"trip"}]}"#)
    }

    @Test func prettyTextIndentsTwoSpacesALevel() {
        #expect(sample.prettyText == """
        {
          "sentence": "play disc 3",
          "disc": 3,
          "volume": 0.5,
          "parameters": {},
          "candidates": [],
          "shuffle": false,
          "question": null,
          "names": [
            "Road Trip",
            {
              "synonym": "trip"
            }
          ]
        }
        """)
    }

    @Test func stringsAreEscaped() {
        let value = JSONValue.object(["text": .string("say \"hi\"\n\t\\ \u{1}")])
        #expect(value.compactText == #"{"text":"say \"hi\"\n\t\\ \u0001"}"#)
    }

    @Test func writtenTextHasNoRawNewlinesOrControlCharacters() {
        let text = JSONValue.string("line one\nline two\r\u{01}\u{7F}\u{2028}\u{2029}").compactText
        #expect(!text.contains("\n"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(text == #""line one\nline two\r\u0001\u007f\u2028\u2029""#)
    }

    @Test func integersOfAnyWidthAreNumbers() {
        #expect(JSONValue.integer(Int32(-7)) == .number("-7"))
        #expect(JSONValue.integer(UInt64.max).compactText == "18446744073709551615")
    }

    @Test func lookupsAndStrings() {
        #expect(sample["disc"] == .integer(3))
        #expect(sample["missing"] == nil)
        #expect(JSONValue.string("x")["disc"] == nil)
        #expect(sample.allStrings == ["play disc 3", "Road Trip", "trip"])
        var object: JSONObject = ["a": .integer(1)]
        object.append("b", .null)
        #expect(JSONValue.object(object).compactText == #"{"a":1,"b":null}"#)
    }

    @Test func encodableGivesTheSameValue() throws {
        let encoded = try JSONEncoder().encode(sample)
        let decoded = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(decoded["disc"] as? Int == 3)
        #expect(decoded["volume"] as? Double == 0.5)
        #expect(decoded["question"] is NSNull)
        #expect((decoded["names"] as? [Any])?.first as? String == "Road Trip")
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.number("not a number")) }
    }
}
