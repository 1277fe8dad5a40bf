import OrderedJSON

/// What kind of value a parameter takes.
///
/// Entity and enum types can fill a phrase slot. The free types (`integer`, `text`) are allowed
/// on an intent, for example as the answer to a follow-up question, but registration rejects
/// them in a phrase slot: a free slot swallows any words and makes every phrase collide.
public enum ParameterType: Sendable {
    /// An entity of the type with this identifier ("Magazine").
    case entity(String)
    /// One case of this enum.
    case enumeration(EnumDefinition)
    /// Any whole number in the range (a free type).
    case integer(ClosedRange<Int>)
    /// Any text (a free type).
    case text

    /// Whether the type is free (not allowed in a phrase slot).
    public var isFree: Bool {
        switch self {
        case .entity, .enumeration: return false
        case .integer, .text: return true
        }
    }

    /// A short description for messages and metadata ("enum DiscNumber", "integer 1...99").
    public var summary: String {
        switch self {
        case .entity(let identifier): return "entity \(identifier)"
        case .enumeration(let definition): return "enum \(definition.identifier)"
        case .integer(let range): return "integer \(range.lowerBound)...\(range.upperBound)"
        case .text: return "text"
        }
    }
}

/// One typed parameter of an intent, with the question asked when it is missing.
public struct ParameterDefinition: Sendable {
    /// The parameter's name, used in phrase slots (`{disc}`) and as its JSON key.
    public let name: String
    /// A short human title ("Disc").
    public let title: String
    /// The type a phrase slot of this parameter matches.
    public let type: ParameterType
    /// Whether the intent cannot run without it (a missing one is asked for).
    public let isRequired: Bool
    /// The follow-up question asked when the value is missing ("Which disc?").
    public let question: String
    /// What an answer to `question` may be; defaults to `type`. PlayDisc's disc slot is the
    /// 1–20 enum while its answer accepts any disc number 1–99.
    public let answerType: ParameterType

    public init(
        name: String,
        title: String,
        type: ParameterType,
        isRequired: Bool = true,
        question: String,
        answerType: ParameterType? = nil
    ) {
        self.name = name
        self.title = title
        self.type = type
        self.isRequired = isRequired
        self.question = question
        self.answerType = answerType ?? type
    }
}

/// A verb with typed parameters and the spoken answers around it; plain data, like the
/// entries of Apple's Metadata.appintents.
public struct IntentDefinition: Sendable {
    /// A stable identifier ("PlayDisc"); part of the command-line contract.
    public let identifier: String
    /// A short human title ("Play Disc").
    public let title: String
    /// The parameters, in display order.
    public let parameters: [ParameterDefinition]
    /// A dialog template describing one invocation, shown when choices are offered
    /// ("Play disc {disc}[ of {magazine}]"). See ``DialogTemplate``.
    public let summary: String
    /// A dialog template spoken after the intent has run ("Playing disc {disc}[ of {magazine}].").
    public let response: String

    public init(identifier: String, title: String, parameters: [ParameterDefinition] = [], summary: String, response: String) {
        self.identifier = identifier
        self.title = title
        self.parameters = parameters
        self.summary = summary
        self.response = response
    }

    /// The parameter named `name`.
    public func parameter(named name: String) -> ParameterDefinition? {
        parameters.first { $0.name == name }
    }
}

/// A concrete parameter value inside an invocation.
public enum ParameterValue: Sendable, Hashable {
    /// A case of an enum, with its JSON-typed value.
    case enumCase(enumIdentifier: String, value: EnumCaseValue, displayName: String)
    /// An entity from the snapshot.
    case entity(typeIdentifier: String, id: String, displayName: String)
    /// A free whole number (for example an answer to "Which disc?").
    case integer(Int)
    /// Free text.
    case text(String)

    /// The real text of the value, never a placeholder.
    public var displayName: String {
        switch self {
        case .enumCase(_, _, let displayName): return displayName
        case .entity(_, _, let displayName): return displayName
        case .integer(let number): return String(number)
        case .text(let text): return text
        }
    }

    /// The value in `resolve --json`: enums by their JSON value, entities by display name.
    public var json: JSONValue {
        switch self {
        case .enumCase(_, let value, _): return value.json
        case .entity(_, _, let displayName): return .string(displayName)
        case .integer(let number): return .integer(number)
        case .text(let text): return .string(text)
        }
    }
}

/// A resolved request: an intent identifier and its bound parameters.
public struct IntentInvocation: Sendable, Hashable {
    /// The intent's identifier ("PlayDisc").
    public let intent: String
    /// Parameter name → value; only bound parameters appear.
    public let parameters: [String: ParameterValue]

    public init(intent: String, parameters: [String: ParameterValue] = [:]) {
        self.intent = intent
        self.parameters = parameters
    }

    /// The value of the parameter named `name`.
    public subscript(name: String) -> ParameterValue? { parameters[name] }

    /// The parameters as a JSON object, keys in alphabetical order.
    public var parametersJSON: JSONValue {
        var object: JSONObject = [:]
        for name in parameters.keys.sorted() { object.append(name, parameters[name]!.json) }
        return .object(object)
    }

    /// The invocation as `{"intent":…, "parameters":{…}}`.
    public var json: JSONValue {
        .object(["intent": .string(intent), "parameters": parametersJSON])
    }

    /// A copy with one more parameter bound.
    public func binding(_ name: String, to value: ParameterValue) -> IntentInvocation {
        var parameters = parameters
        parameters[name] = value
        return IntentInvocation(intent: intent, parameters: parameters)
    }
}
