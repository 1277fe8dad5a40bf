/// A JSON value whose objects keep their keys in the order they were written and whose numbers
/// keep their text, so what is parsed comes out again exactly as it went in.
///
/// The one JSON writer and parser of the app: the intent layer's `resolve --json` lines and
/// metadata export (a stable, documented key order makes them easy to read and to compare in
/// tests) and the control socket's wire format (`parse(_:)` is strict, for bytes any local
/// process may send).
///
/// ```swift
/// let value: JSONValue = .object(["v": .integer(1), "words": .array([.string("next")])])
/// value.compactText  // {"v":1,"words":["next"]}
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as written; it must follow JSON's number grammar (the parser checks it).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A whole number.
    public static func integer(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

    /// The value of the first field named `key` when this is an object; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The value written as compact JSON on one line (no newline inside, so lines can frame it).
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
        case .null, .bool, .number: return []
        case .string(let text): return [text]
        case .array(let values): return values.flatMap(\.allStrings)
        case .object(let object): return object.fields.flatMap(\.value.allStrings)
        }
    }

    private func write(into output: inout String, indent: String?, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
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

    /// Escapes quotes, backslashes and control characters, and U+2028/U+2029, which end a line
    /// in JavaScript.
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
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let integer = Int(text) {
                try container.encode(integer)
            } else if let real = Double(text) {
                try container.encode(real)
            } else {
                throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath, debugDescription: "\(text) is not a JSON number"))
            }
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
