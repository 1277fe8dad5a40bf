/// A D-Bus value with its type, as MPRIS needs them: basic types, arrays, dictionaries
/// (arrays of dict entries) and variants.
indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array; the element signature is kept so an empty array still has a type.
    case array(elementSignature: String, [DBusValue])
    /// One key and value inside a dictionary (`{sv}` in `a{sv}`).
    case dictEntry(DBusValue, DBusValue)
    case structure([DBusValue])
    case variant(DBusValue)

    /// The value's D-Bus type signature.
    var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// An `as` array.
    static func strings(_ texts: [String]) -> DBusValue {
        .array(elementSignature: "s", texts.map(DBusValue.string))
    }

    /// An `a{sv}` dictionary, in the given order.
    static func dictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(elementSignature: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// The value inside a variant (or the value itself).
    var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The entries of an `a{sv}` dictionary, or nil for any other value.
    var dictionaryEntries: [String: DBusValue]? {
        guard case .array(_, let items) = self else { return nil }
        var entries: [String: DBusValue] = [:]
        for item in items {
            guard case .dictEntry(.string(let key), let value) = item else { return nil }
            entries[key] = value.unwrapped
        }
        return entries
    }
}
