/// A JSON object as an ordered list of fields; written with a dictionary literal.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Field: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
    }

    /// The fields in the order they are written (a parsed object keeps repeated keys).
    public var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

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
