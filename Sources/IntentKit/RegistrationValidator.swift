/// Checks a provider before it is registered and collects every problem, each naming the phrase
/// or item at fault; `ShortcutRegistry.init` throws them all at once.
struct RegistrationValidator {
    /// What registration keeps of a valid provider.
    struct Checked {
        var enums: [EnumDefinition] = []
        var phrases: [[PhraseTemplate]] = []
        var summaries: [DialogTemplate] = []
        var responses: [DialogTemplate] = []
        var intentIndex: [String: Int] = [:]
        var entityTypeIndex: [String: Int] = [:]
        var fragments = PhraseFragments()
    }

    typealias Kind = ShortcutRegistrationError.Problem.Kind
    static let maximumPhrases = 10
    static let maximumParameters = 2
    static let maximumAlternativeNames = 3

    let provider: ShortcutsProvider
    var problems: [ShortcutRegistrationError.Problem] = []
    private var fragments = PhraseFragments()

    init(provider: ShortcutsProvider) { self.provider = provider }

    mutating func report(_ kind: Kind, _ message: String, phrase: String? = nil) {
        problems.append(.init(kind: kind, message: message, phrase: phrase))
    }

    mutating func checkText(_ text: String, what: @autoclosure () -> String) {
        if DisplayTextCheck.looksUnfilled(text) {
            report(.placeholderText, "\(what()) “\(text)” contains an unfilled format placeholder; write the real text.")
        }
        if text.trimmed.isEmpty { report(.emptyName, "\(what()) is empty.") }
    }

    mutating func run() -> Checked {
        var checked = Checked()
        checkText(provider.appName, what: "The app name")
        if provider.alternativeAppNames.count > RegistrationValidator.maximumAlternativeNames {
            report(.tooManyAlternativeNames, "The app has \(provider.alternativeAppNames.count) alternative names; at most \(RegistrationValidator.maximumAlternativeNames) are allowed.")
        }
        for name in provider.alternativeAppNames { checkText(name, what: "Alternative app name") }

        for (index, type) in provider.entityTypes.enumerated() {
            if checked.entityTypeIndex[type.identifier] != nil {
                report(.duplicateTypeIdentifier, "Entity type “\(type.identifier)” is registered twice.")
            }
            checked.entityTypeIndex[type.identifier] = index
            checkText(type.title, what: "The title of entity type “\(type.identifier)”")
        }

        var enumByIdentifier: [String: EnumDefinition] = [:]
        func noteEnum(_ definition: EnumDefinition, problems: inout [ShortcutRegistrationError.Problem]) -> Bool {
            if let known = enumByIdentifier[definition.identifier] {
                if known.cases != definition.cases {
                    problems.append(.init(kind: .duplicateTypeIdentifier, message: "Two different enums are named “\(definition.identifier)”.", phrase: nil))
                }
                return false
            }
            if checked.entityTypeIndex[definition.identifier] != nil {
                problems.append(.init(kind: .duplicateTypeIdentifier, message: "“\(definition.identifier)” names both an enum and an entity type.", phrase: nil))
            }
            enumByIdentifier[definition.identifier] = definition
            return true
        }

        for (index, intent) in provider.intents.enumerated() {
            if checked.intentIndex[intent.identifier] != nil {
                report(.duplicateIntent, "Intent “\(intent.identifier)” is registered twice.")
            } else {
                checked.intentIndex[intent.identifier] = index
            }
            checkText(intent.title, what: "The title of intent “\(intent.identifier)”")
            var names: Set<String> = []
            for parameter in intent.parameters {
                if !names.insert(parameter.name).inserted {
                    report(.duplicateParameter, "Intent “\(intent.identifier)” declares parameter “\(parameter.name)” twice.")
                }
                if parameter.name == "app" {
                    report(.reservedParameterName, "Intent “\(intent.identifier)” may not name a parameter “app”: {app} is the app-name slot.")
                }
                checkText(parameter.title, what: "The title of parameter “\(parameter.name)” of “\(intent.identifier)”")
                checkText(parameter.question, what: "The question for parameter “\(parameter.name)” of “\(intent.identifier)”")
                for type in [parameter.type, parameter.answerType] {
                    switch type {
                    case .enumeration(let definition):
                        if noteEnum(definition, problems: &problems) {
                            checkText(definition.title, what: "The title of enum “\(definition.identifier)”")
                            for enumCase in definition.cases {
                                checkText(enumCase.displayName, what: "A case name of enum “\(definition.identifier)”")
                                for synonym in enumCase.synonyms { checkText(synonym, what: "A synonym in enum “\(definition.identifier)”") }
                            }
                            checked.enums.append(definition)
                        }
                    case .entity(let identifier):
                        if checked.entityTypeIndex[identifier] == nil {
                            report(.unknownEntityType, "Parameter “\(parameter.name)” of “\(intent.identifier)” uses entity type “\(identifier)”, which is not registered.")
                        }
                    case .integer, .text:
                        break
                    }
                }
            }
            checked.summaries.append(checkDialog(intent.summary, of: intent, role: "summary"))
            checked.responses.append(checkDialog(intent.response, of: intent, role: "response"))
        }

        do {
            fragments = try PhraseFragments(provider.fragments)
        } catch {
            report(.fragmentProblem, error.description)
        }
        checked.fragments = fragments
        for shortcut in provider.shortcuts {
            checked.phrases.append(checkShortcut(shortcut, intentIndex: checked.intentIndex))
        }
        return checked
    }

    mutating func checkDialog(_ source: String, of intent: IntentDefinition, role: String) -> DialogTemplate {
        checkText(source, what: "The \(role) of intent “\(intent.identifier)”")
        let dialog: DialogTemplate
        do {
            dialog = try DialogTemplate(source)
        } catch {
            report(.dialogSyntax, "The \(role) of intent “\(intent.identifier)”: \(error.description)")
            return DialogTemplate.empty
        }
        let slots = dialog.slotNames
        for name in slots.all where intent.parameter(named: name) == nil {
            report(.dialogUnknownParameter, "The \(role) “\(source)” of intent “\(intent.identifier)” names {\(name)}, which is not one of its parameters.")
        }
        for name in slots.unconditional {
            if let parameter = intent.parameter(named: name), !parameter.isRequired {
                report(.dialogOptionalOutsideBrackets, "The \(role) “\(source)” of intent “\(intent.identifier)” uses optional parameter {\(name)} outside [ ]; it could be left unfilled.")
            }
        }
        return dialog
    }

    mutating func checkShortcut(_ shortcut: AppShortcut, intentIndex: [String: Int]) -> [PhraseTemplate] {
        checkText(shortcut.title, what: "The title of a shortcut for “\(shortcut.intent)”")
        guard let index = intentIndex[shortcut.intent] else {
            report(.unknownIntent, "Shortcut “\(shortcut.title)” runs intent “\(shortcut.intent)”, which is not registered.")
            return []
        }
        let intent = provider.intents[index]
        if shortcut.phrases.count > RegistrationValidator.maximumPhrases {
            let extra = shortcut.phrases[RegistrationValidator.maximumPhrases]
            report(.tooManyPhrases, "Shortcut “\(shortcut.title)” has \(shortcut.phrases.count) phrases; at most \(RegistrationValidator.maximumPhrases) are allowed (the first over the limit is “\(extra)”). Merge phrases with ( | ) and [ ].", phrase: extra)
        }
        var templates: [PhraseTemplate] = []
        for phrase in shortcut.phrases {
            let template: PhraseTemplate
            do {
                template = try PhraseTemplate(phrase, fragments: fragments)
            } catch {
                report(.phraseSyntax, "\(error.description) (shortcut “\(shortcut.title)”)", phrase: phrase)
                continue
            }
            let before = problems.count
            checkPhrase(template, shortcut: shortcut, intent: intent)
            if problems.count == before { templates.append(template) }
        }
        return templates
    }

    mutating func checkPhrase(_ template: PhraseTemplate, shortcut: AppShortcut, intent: IntentDefinition) {
        let phrase = template.source
        let name = "Phrase “\(phrase)” of shortcut “\(shortcut.title)”"
        if !template.alwaysNamesApp {
            report(.missingAppName, "\(name) does not always name the app: every phrase needs {app} outside [ ], e.g. “… in {app}”.", phrase: phrase)
        }
        if template.maximumAppSlots > 1 {
            report(.repeatedAppName, "\(name) names the app more than once.", phrase: phrase)
        }
        if !template.hasContent {
            report(.phraseWithoutWords, "\(name) has no words besides the app name.", phrase: phrase)
        }
        let paths = template.parameterBindingsPerPath
        if paths.contains(where: { $0.values.contains { $0 > 1 } }) {
            report(.repeatedParameter, "\(name) uses the same parameter twice.", phrase: phrase)
        }
        if let crowded = paths.first(where: { $0.count > RegistrationValidator.maximumParameters }) {
            report(.tooManyParameters, "\(name) uses \(crowded.count) parameters (\(crowded.keys.sorted().joined(separator: ", "))); at most \(RegistrationValidator.maximumParameters) are allowed.", phrase: phrase)
        }
        for (parameterName, example) in template.exampleHints.sorted(by: { $0.key < $1.key }) {
            guard case .enumeration(let definition)? = intent.parameter(named: parameterName)?.type,
                  definition.cases.contains(where: { enumCase in
                      ([enumCase.displayName] + enumCase.synonyms).contains { Normalizer.tokens(of: $0) == Normalizer.tokens(of: example) }
                  }) else {
                report(.unknownEnumCase, "\(name) gives {\(parameterName):\(example)} as an example, which is not a name of an enum case of that parameter.", phrase: phrase)
                continue
            }
        }
        PhraseTemplate.visit(template.elements) { element in
            switch element {
            case .parameter(let parameterName):
                guard let parameter = intent.parameter(named: parameterName) else {
                    report(.unknownParameter, "\(name) has slot {\(parameterName)}, which is not a parameter of intent “\(intent.identifier)”.", phrase: phrase)
                    return
                }
                if parameter.type.isFree {
                    report(.freeParameterType, "\(name) has slot {\(parameterName)} of free type \(parameter.type.summary); a phrase slot must be an entity or an enum.", phrase: phrase)
                }
            case .fixedValue(let parameterName, let identifier):
                guard let parameter = intent.parameter(named: parameterName) else {
                    report(.unknownParameter, "\(name) fixes {\(parameterName)=\(identifier)}, which is not a parameter of intent “\(intent.identifier)”.", phrase: phrase)
                    return
                }
                guard case .enumeration(let definition) = parameter.type else {
                    report(.fixedValueNotEnum, "\(name) fixes {\(parameterName)=\(identifier)}, but only enum parameters can take a fixed value.", phrase: phrase)
                    return
                }
                if definition.caseIndex(identifiedBy: identifier) == nil {
                    report(.unknownEnumCase, "\(name) fixes {\(parameterName)=\(identifier)}, which is not a case of enum “\(definition.identifier)”.", phrase: phrase)
                }
            default:
                break
            }
        }
    }
}
