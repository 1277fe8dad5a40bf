import OrderedJSON

/// The JSON-typed value of an enum case: an integer (disc 3, volume 40) or a string ("up", "off").
public enum EnumCaseValue: Sendable, Hashable {
    case integer(Int)
    case string(String)

    /// The case's stable identifier, used in fixed-value slots (`{mode=off}`): "3", "up".
    public var identifier: String {
        switch self {
        case .integer(let number): return String(number)
        case .string(let text): return text
        }
    }

    /// The value as JSON.
    public var json: JSONValue {
        switch self {
        case .integer(let number): return .integer(number)
        case .string(let text): return .string(text)
        }
    }
}

/// One fixed case of an enum parameter, with the real text to show and the words that name it.
public struct EnumCase: Sendable, Hashable {
    /// The value carried into an invocation.
    public let value: EnumCaseValue
    /// The text shown and spoken for this case ("40%", "this track").
    public let displayName: String
    /// Other ways to say it ("forty percent", "the song"); the display name always counts too.
    public let synonyms: [String]

    public init(_ value: EnumCaseValue, displayName: String, synonyms: [String] = []) {
        self.value = value
        self.displayName = displayName
        self.synonyms = synonyms
    }
}

/// A parameter type with fixed cases, like Apple's `AppEnum`: disc number, repeat mode, volume step.
public struct EnumDefinition: Sendable {
    /// A stable identifier ("DiscNumber"), unique among the app's enums and entity types.
    public let identifier: String
    /// A short human title ("Disc Number").
    public let title: String
    /// Every case, in display order.
    public let cases: [EnumCase]
    /// Identifiers of the cases used to fill this enum's slots in listings and suggestions.
    public let exampleCaseIdentifiers: [String]

    /// Creates an enum; `examples` defaults to every case when there are at most four, else the first.
    public init(identifier: String, title: String, cases: [EnumCase], examples: [String]? = nil) {
        self.identifier = identifier
        self.title = title
        self.cases = cases
        self.exampleCaseIdentifiers = examples ?? (cases.count <= 4 ? cases.map(\.value.identifier) : Array(cases.prefix(1).map(\.value.identifier)))
    }

    /// The index of the case whose identifier is `identifier`.
    public func caseIndex(identifiedBy identifier: String) -> Int? {
        cases.firstIndex { $0.value.identifier == identifier }
    }
}
