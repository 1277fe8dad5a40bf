extension JSONValue {
    /// The deepest nesting of arrays and objects the parser accepts.
    public static let maximumDepth = 64

    /// Why some bytes are not one JSON value.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, in words ("expected a key in quotes").
        public var message: String
        /// Where, counted in bytes from the start.
        public var offset: Int
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses exactly one JSON value from `bytes` (whitespace around it is allowed).
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(ParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.failure("extra text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The strict parser behind `JSONValue.parse`: RFC 8259 (no comments, no trailing commas, no bare
/// control characters in strings, valid UTF-8, a single value with only whitespace around it),
/// bounded in depth.
struct JSONParser {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func failure(_ message: String) -> JSONValue.ParseError { JSONValue.ParseError(message: message, offset: position) }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func expect(_ literal: String) throws(JSONValue.ParseError) {
        for byte in literal.utf8 {
            guard current == byte else { throw failure("expected \"\(literal)\"") }
            position += 1
        }
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
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

    mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw failure("nested deeper than \(JSONValue.maximumDepth) levels") }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(object) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            object.append(key, try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(object)
            default: throw failure("expected \",\" or \"}\"")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw failure("nested deeper than \(JSONValue.maximumDepth) levels") }
        position += 1
        var values: [JSONValue] = []
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

    mutating func number() throws(JSONValue.ParseError) -> String {
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

    mutating func string() throws(JSONValue.ParseError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ end: Int) throws(JSONValue.ParseError) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw JSONValue.ParseError(message: "a string is not valid UTF-8", offset: runStart)
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

    mutating func escape() throws(JSONValue.ParseError) -> Unicode.Scalar {
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

    mutating func hexUnit() throws(JSONValue.ParseError) -> UInt32 {
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
