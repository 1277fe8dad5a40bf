/// Everything an app registers: its names, intents, entity types and shortcuts,
/// like Apple's `AppShortcutsProvider`.
public struct ShortcutsProvider: Sendable {
    /// The app's name as spoken and shown ("CD Changer").
    public let appName: String
    /// Up to three other names the app answers to ("Digital CD Changer").
    public let alternativeAppNames: [String]
    /// Every intent the shortcuts may run.
    public let intents: [IntentDefinition]
    /// Every entity type the intents' parameters use.
    public let entityTypes: [EntityType]
    /// The shortcuts, in listing order.
    public let shortcuts: [AppShortcut]
    /// Filler words a sentence may contain anywhere between a template's parts ("please", "the").
    public let skipWords: [String]
    /// Wake words stripped from the start of a sentence ("hey siri"); "hey"/"ok" followed by an
    /// app name are always recognised too.
    public let wakePrefixes: [String]
    /// Words with which a speaker takes back what they just said ("no", "I mean"): in "play disc
    /// two, no, disc three" the words after one correct the command before it (see
    /// ``ShortcutRegistry/resolve(_:mode:)``).
    public let correctionMarkers: [String]
    /// Courtesies that open a request without changing it ("excuse me", "would you mind"): left
    /// out from the start, with "-ing" forms read as their verbs ("would you mind turning it
    /// down" → "turn it down"), when a sentence as said matches nothing.
    public let openingCourtesies: [String]
    /// Courtesies that close a request ("thank you"), left out from the end in the same way.
    public let closingCourtesies: [String]
    /// Named fragments the phrases refer to as `<name>` (see ``PhraseFragments``).
    public let fragments: [String: String]
    /// Fragments whose words count like skip words: they only say to whom or where a sentence is
    /// addressed ("on the TV", "in the kitchen"), so they never outweigh a name ("play Kitchen
    /// Radio" is the magazine, not "play" said in the kitchen to the radio).
    public let fillerFragments: Set<String>
    /// The invocation that does exactly what `invocation` does, in the form the app prefers, or
    /// nil when it has none. Readings that tie and do the same thing are one reading, not an
    /// ambiguity: "play magazine one" may be the magazine named "Magazine One" and the first
    /// magazine of the rack, and when those are the same magazine there is nothing to ask.
    public let equivalentInvocation: (@Sendable (IntentInvocation, ParameterSnapshot) -> IntentInvocation?)?

    /// Filler words skipped by default.
    public static let defaultSkipWords = [
        "please", "the", "my", "a", "an", "this", "that", "just", "me", "for", "now", "kindly",
        "can", "could", "would", "will", "you", "um", "uh", "ok", "right",
    ]
    /// Wake words stripped by default.
    public static let defaultWakePrefixes = ["hey siri", "ok siri", "hi siri", "siri"]
    /// Opening courtesies by default.
    public static let defaultOpeningCourtesies = [
        "hello", "hi there", "sorry", "excuse me", "pardon me", "would you be so kind as to", "be so kind as to", "would you mind",
        "do you mind", "if you don't mind", "if you could", "i'd like you to", "i want you to", "i need you to", "be a dear and",
    ]
    /// Closing courtesies by default.
    public static let defaultClosingCourtesies = ["thank you", "thanks", "thanks a lot", "thank you very much", "cheers", "if you don't mind"]
    /// Correction markers by default.
    public static let defaultCorrectionMarkers = ["no", "no no", "i mean", "no i mean", "sorry", "sorry i mean", "or rather", "actually", "no wait"]

    public init(
        appName: String,
        alternativeAppNames: [String] = [],
        intents: [IntentDefinition],
        entityTypes: [EntityType] = [],
        shortcuts: [AppShortcut],
        skipWords: [String] = ShortcutsProvider.defaultSkipWords,
        wakePrefixes: [String] = ShortcutsProvider.defaultWakePrefixes,
        correctionMarkers: [String] = ShortcutsProvider.defaultCorrectionMarkers,
        openingCourtesies: [String] = ShortcutsProvider.defaultOpeningCourtesies,
        closingCourtesies: [String] = ShortcutsProvider.defaultClosingCourtesies,
        fragments: [String: String] = [:],
        fillerFragments: Set<String> = [],
        equivalentInvocation: (@Sendable (IntentInvocation, ParameterSnapshot) -> IntentInvocation?)? = nil
    ) {
        self.appName = appName
        self.alternativeAppNames = alternativeAppNames
        self.intents = intents
        self.entityTypes = entityTypes
        self.shortcuts = shortcuts
        self.skipWords = skipWords
        self.wakePrefixes = wakePrefixes
        self.correctionMarkers = correctionMarkers
        self.openingCourtesies = openingCourtesies
        self.closingCourtesies = closingCourtesies
        self.fragments = fragments
        self.fillerFragments = fillerFragments
        self.equivalentInvocation = equivalentInvocation
    }
}

/// Why a provider was refused; every problem found, each naming the phrase or item at fault.
public struct ShortcutRegistrationError: Error, Sendable, CustomStringConvertible {
    /// One thing wrong with the provider.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The kind of problem, for tests and tools.
        public enum Kind: String, Sendable, Hashable {
            case phraseSyntax, missingAppName, repeatedAppName, phraseWithoutWords
            case freeParameterType, tooManyParameters, repeatedParameter, unknownParameter
            case unknownEnumCase, fixedValueNotEnum, tooManyPhrases
            case unknownIntent, duplicateIntent, duplicateParameter, reservedParameterName
            case unknownEntityType, duplicateTypeIdentifier, tooManyAlternativeNames
            case dialogSyntax, dialogUnknownParameter, dialogOptionalOutsideBrackets
            case placeholderText, emptyName, fragmentProblem
        }

        /// The kind of problem.
        public let kind: Kind
        /// The full message, naming the phrase (or intent, enum, shortcut) at fault.
        public let message: String
        /// The phrase template at fault, if the problem is in a phrase.
        public let phrase: String?
        public var description: String { message }
    }

    /// Every problem found.
    public let problems: [Problem]

    public var description: String {
        "Shortcuts could not be registered:\n" + problems.map { "- " + $0.message }.joined(separator: "\n")
    }
}
