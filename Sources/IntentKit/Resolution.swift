import OrderedJSON

/// Whether a sentence must name the app, as with Siri, or may leave it out, as inside the app.
public enum ResolutionMode: Sendable, Hashable {
    /// Siri-style: the sentence must name the app ("next song in CD Changer"), unless a wake
    /// prefix or a leading address already did ("hey CD Changer, next song").
    case siri
    /// Prompt bar, `say`, command line: "in CD Changer" may be left out.
    case inApp
}

/// One way a sentence could be understood, offered when several tie.
public struct ResolutionCandidate: Sendable, Hashable {
    /// The intent and the parameters bound so far.
    public let invocation: IntentInvocation
    /// The required parameter still missing, if any (choosing this candidate asks for it).
    public let missingParameter: String?
    /// The intent's summary of the candidate ("Play disc 3 of Road Trip"), made unique among choices.
    public let summary: String
}

/// A request for a missing value: answering it completes the invocation.
public struct ValueRequest: Sendable, Hashable {
    /// The intent and the parameters bound so far.
    public let invocation: IntentInvocation
    /// The name of the missing parameter.
    public let parameter: String
    /// The question to ask ("Which disc?").
    public let question: String
}

/// Several equally good readings of a sentence, or readings of a sentence with a typo; the user
/// must choose (by number, by words of a candidate, or — for a single candidate — "yes").
public struct Ambiguity: Sendable, Hashable {
    /// Every tied candidate, in a stable order.
    public let candidates: [ResolutionCandidate]
    /// The question to ask, listing the candidates with their numbers.
    public let question: String
    /// Whether the candidates are corrected spellings of the sentence ("Did you mean “next song”?").
    public let isCorrection: Bool
    /// Whether the question asks back a sentence the voice recognizer was not sure of ("Did you
    /// say “play disc two”?", ``ShortcutRegistry/confirmation(of:heard:)``).
    public let isAskingBack: Bool

    /// A question offering `candidates`, as the resolver makes it.
    init(candidates: [ResolutionCandidate], question: String, isCorrection: Bool = false, isAskingBack: Bool = false) {
        self.candidates = candidates
        self.question = question
        self.isCorrection = isCorrection
        self.isAskingBack = isAskingBack
    }

    /// A question the app asks itself after running an intent, each choice complete and described
    /// in words: "Which album by Amber Lane? 1. Greatest Hits, or 2. Coastal Morning." The choices
    /// are listed after `lead` by number; answering with the number or with words of a
    /// description runs that choice (see ``Conversation/ask(_:)``).
    public init(lead: String, choices: [(invocation: IntentInvocation, summary: String)]) {
        candidates = choices.map { ResolutionCandidate(invocation: $0.invocation, missingParameter: nil, summary: $0.summary) }
        let numbered = choices.enumerated().map { "\($0.offset + 1). \($0.element.summary)" }
        let listing = numbered.count <= 1 ? numbered.joined()
            : numbered.dropLast().joined(separator: ", ") + ", or " + numbered.last!
        question = lead + " " + listing + "."
        isCorrection = false
        isAskingBack = false
    }
}

/// A sentence no phrase accepts.
public struct Unsupported: Sendable, Hashable {
    /// "Sorry, <App Name> hasn't added support for that."
    public let response: String
    /// The nearest example phrases, best first.
    public let suggestions: [String]
}

/// What a sentence resolves to.
public enum Resolution: Sendable, Hashable {
    /// Exactly one best reading with every required parameter.
    case matched(IntentInvocation)
    /// Exactly one best reading, missing a required parameter; ask the question.
    case needsValue(ValueRequest)
    /// Several best readings tie; ask which one.
    case ambiguous(Ambiguity)
    /// Nothing accepts the sentence.
    case unsupported(Unsupported)
    /// The answer to an open question was "no" or "never mind": nothing is done. Only a
    /// ``Conversation`` gives it.
    case declined(String)

    /// The outcome's name in `resolve --json`: "matched", "needsValue", "ambiguous", "unsupported".
    public var outcome: String {
        switch self {
        case .matched: return "matched"
        case .needsValue: return "needsValue"
        case .ambiguous: return "ambiguous"
        case .unsupported: return "unsupported"
        case .declined: return "declined"
        }
    }

    /// The matched invocation, if any.
    public var invocation: IntentInvocation? {
        if case .matched(let invocation) = self { return invocation }
        return nil
    }
}

/// One line of `cdchanger resolve --json`: a sentence, its resolution and the spoken response.
///
/// Every key is always present, in this order; what does not apply is `null`:
/// `{"sentence":…, "outcome":…, "intent":…, "parameters":{…}, "candidates":[…], "question":…,
/// "response":…, "suggestions":[…]}`.
/// - `intent`, `parameters`: matched and needsValue (the parameters bound so far);
/// - `candidates`: ambiguous, each `{"intent":…, "parameters":{…}}`;
/// - `question`: needsValue and ambiguous;
/// - `response`: always — the dry-run response for matched, the question for needsValue and
///   ambiguous, the apology for unsupported, the acknowledgement for declined;
/// - `suggestions`: unsupported.
/// Parameters are keyed by name in alphabetical order; enum values are JSON integers or strings,
/// entities their display name.
public struct ResolveReport: Sendable, Hashable, Encodable {
    /// The sentence as given.
    public let sentence: String
    /// What it resolved to.
    public let resolution: Resolution
    /// The spoken response (see the type's description).
    public let response: String

    public init(sentence: String, resolution: Resolution, response: String) {
        self.sentence = sentence
        self.resolution = resolution
        self.response = response
    }

    /// The report as a JSON object with the documented keys in order.
    public var json: JSONValue {
        var intent = JSONValue.null
        var parameters = JSONValue.null
        var candidates = JSONValue.null
        var question = JSONValue.null
        var suggestions = JSONValue.null
        switch resolution {
        case .matched(let invocation):
            intent = .string(invocation.intent)
            parameters = invocation.parametersJSON
        case .needsValue(let request):
            intent = .string(request.invocation.intent)
            parameters = request.invocation.parametersJSON
            question = .string(request.question)
        case .ambiguous(let ambiguity):
            candidates = .array(ambiguity.candidates.map(\.invocation.json))
            question = .string(ambiguity.question)
        case .unsupported(let unsupported):
            suggestions = .array(unsupported.suggestions.map(JSONValue.string))
        case .declined:
            break
        }
        return .object([
            "sentence": .string(sentence),
            "outcome": .string(resolution.outcome),
            "intent": intent,
            "parameters": parameters,
            "candidates": candidates,
            "question": question,
            "response": .string(response),
            "suggestions": suggestions,
        ])
    }

    /// The report as one line of compact JSON.
    public var jsonLine: String { json.compactText }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
