/// A JSON value as it travels on the control socket: objects keep their key order and numbers
/// keep their text, so a payload the app encoded comes out of the client exactly as it went in.
///
/// The parser is strict (RFC 8259: no comments, no trailing commas, no bare control characters
/// in strings, valid UTF-8, a single value with only whitespace around it) and bounded in depth,
/// because the control socket reads whatever a local process sends it.
enum WireJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as written, already checked against JSON's number grammar.
    case number(String)
    case string(String)
    case array([WireJSON])
    case object([Member])

    /// One key and its value inside an object.
    struct Member: Equatable, Sendable {
        var key: String
        var value: WireJSON
    }

    /// The deepest nesting of arrays and objects the parser accepts.
    static let maximumDepth = 64

    /// The first value under `key` in an object; nil for other values or a missing key.
    subscript(key: String) -> WireJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func integer<Number: BinaryInteger>(_ value: Number) -> WireJSON { .number(String(value)) }

    // MARK: - Writing

    /// The value as compact JSON on one line (no newline inside, so it can be framed by lines).
    var compactText: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): WireJSON.writeQuoted(text, into: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                WireJSON.writeQuoted(member.key, into: &output)
                output += ":"
                member.value.write(into: &output)
            }
            output += "}"
        }
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
            case "\u{2028}", "\u{2029}": output += "\\u\(String(scalar.value, radix: 16))"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    // MARK: - Parsing

    /// Why some bytes are not one JSON value.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses exactly one JSON value from `bytes` (whitespace around it is allowed).
    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(ParseError) -> WireJSON {
        var parser = Parser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.failure("extra text after the JSON value") }
        return value
    }

    static func parse(_ text: String) throws(ParseError) -> WireJSON {
        try parse(Array(text.utf8))
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func failure(_ message: String) -> ParseError { ParseError(message: message, offset: position) }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        mutating func expect(_ literal: String) throws(ParseError) {
            for byte in literal.utf8 {
                guard current == byte else { throw failure("expected \"\(literal)\"") }
                position += 1
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> WireJSON {
            guard let byte = current else { throw failure("unexpected end of the text") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw failure("unexpected character")
            }
        }

        mutating func object(depth: Int) throws(ParseError) -> WireJSON {
            guard depth <= WireJSON.maximumDepth else { throw failure("nested deeper than \(WireJSON.maximumDepth) levels") }
            position += 1
            var members: [Member] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") { position += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
                let key = try string()
                skipWhitespace()
                try expect(":")
                skipWhitespace()
                members.append(Member(key: key, value: try value(depth: depth)))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"): position += 1; return .object(members)
                default: throw failure("expected \",\" or \"}\"")
                }
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> WireJSON {
            guard depth <= WireJSON.maximumDepth else { throw failure("nested deeper than \(WireJSON.maximumDepth) levels") }
            position += 1
            var values: [WireJSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { position += 1; return .array(values) }
            while true {
                skipWhitespace()
                values.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"): position += 1; return .array(values)
                default: throw failure("expected \",\" or \"]\"")
                }
            }
        }

        mutating func number() throws(ParseError) -> String {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            guard let first = current, isDigit(first) else { throw failure("expected a digit") }
            position += 1
            if first != UInt8(ascii: "0") { while let byte = current, isDigit(byte) { position += 1 } }
            if current == UInt8(ascii: ".") {
                position += 1
                guard let byte = current, isDigit(byte) else { throw failure("expected a digit after the decimal point") }
                while let byte = current, isDigit(byte) { position += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard let byte = current, isDigit(byte) else { throw failure("expected a digit in the exponent") }
                while let byte = current, isDigit(byte) { position += 1 }
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        mutating func string() throws(ParseError) -> String {
            position += 1
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flushRun(_ end: Int) throws(ParseError) {
                guard runStart < end else { return }
                guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                    throw ParseError(message: "a string is not valid UTF-8", offset: runStart)
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
            while true {
                guard let byte = current else { throw failure("a string is not closed") }
                switch byte {
                case UInt8(ascii: "\""):
                    try flushRun(position)
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flushRun(position)
                    position += 1
                    scalars.append(try escape())
                    runStart = position
                case 0..<0x20:
                    throw failure("a control character inside a string")
                default:
                    position += 1
                }
            }
        }

        mutating func escape() throws(ParseError) -> Unicode.Scalar {
            guard let byte = current else { throw failure("a string is not closed") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try hexUnit()
                if (0xD800..<0xDC00).contains(unit) {
                    guard current == UInt8(ascii: "\\") else { throw failure("a lone high surrogate") }
                    position += 1
                    guard current == UInt8(ascii: "u") else { throw failure("a lone high surrogate") }
                    position += 1
                    let low = try hexUnit()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("a high surrogate without its low half") }
                    let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    return Unicode.Scalar(value)!
                }
                guard let scalar = Unicode.Scalar(unit) else { throw failure("a lone low surrogate") }
                return scalar
            default:
                throw failure("an unknown escape")
            }
        }

        mutating func hexUnit() throws(ParseError) -> UInt32 {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current else { throw failure("a \\u escape is cut short") }
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw failure("a \\u escape needs four hex digits")
                }
                unit = unit << 4 | digit
                position += 1
            }
            return unit
        }
    }
}
