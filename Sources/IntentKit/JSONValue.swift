/// A JSON value whose objects keep their keys in the order they were written.
///
/// Used for the `resolve --json` lines and the metadata export, where a stable,
/// documented key order makes the output easy to read and to compare in tests.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value written as compact JSON on one line.
    public var compactText: String {
        var output = ""
        write(into: &output, indent: nil, depth: 0)
        return output
    }

    /// The value written as indented JSON (two spaces a level).
    public var prettyText: String {
        var output = ""
        write(into: &output, indent: "  ", depth: 0)
        return output
    }

    /// Every string anywhere inside the value, keys excluded, in document order.
    public var allStrings: [String] {
        switch self {
        case .null, .bool, .integer: return []
        case .string(let text): return [text]
        case .array(let values): return values.flatMap(\.allStrings)
        case .object(let object): return object.fields.flatMap(\.value.allStrings)
        }
    }

    private func write(into output: inout String, indent: String?, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .string(let text): JSONValue.writeQuoted(text, into: &output)
        case .array(let values):
            guard !values.isEmpty else { output += "[]"; return }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                JSONValue.newline(&output, indent: indent, depth: depth + 1)
                value.write(into: &output, indent: indent, depth: depth + 1)
            }
            JSONValue.newline(&output, indent: indent, depth: depth)
            output += "]"
        case .object(let object):
            guard !object.fields.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, field) in object.fields.enumerated() {
                if index > 0 { output += "," }
                JSONValue.newline(&output, indent: indent, depth: depth + 1)
                JSONValue.writeQuoted(field.key, into: &output)
                output += indent == nil ? ":" : ": "
                field.value.write(into: &output, indent: indent, depth: depth + 1)
            }
            JSONValue.newline(&output, indent: indent, depth: depth)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, indent: String?, depth: Int) {
        guard let indent else { return }
        output += "\n"
        for _ in 0..<depth { output += indent }
    }

    private static func writeQuoted(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

/// A JSON object as an ordered list of fields; written with a dictionary literal.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Field: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
    }

    /// The fields in the order they are written.
    public var fields: [Field]

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        fields = elements.map { Field(key: $0.0, value: $0.1) }
    }

    /// The value of the first field named `key`, if any.
    public subscript(key: String) -> JSONValue? {
        fields.first { $0.key == key }?.value
    }

    /// Appends a field at the end.
    public mutating func append(_ key: String, _ value: JSONValue) {
        fields.append(Field(key: key, value: value))
    }
}

extension JSONValue: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .integer(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for field in object.fields { try container.encode(field.value, forKey: Key(stringValue: field.key)) }
        }
    }
}
