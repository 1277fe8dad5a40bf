import OrderedJSON

extension ShortcutRegistry {
    /// A JSON description of the app's intents, parameters, enums, entity types, phrases and the
    /// last snapshot: what iOS keeps in Metadata.appintents.
    ///
    /// Top-level keys, in order: `app`, `intents`, `enums`, `entityTypes`, `shortcuts`,
    /// `skipWords`, `snapshot`. Phrase templates and dialog templates appear as written (with
    /// `{app}` and `{parameter}` slots); every name and example is real text.
    public func metadata() -> JSONValue {
        let snapshot = compiledSnapshot
        let intentsJSON = intents.map { intent -> JSONValue in
            .object([
                "identifier": .string(intent.identifier),
                "title": .string(intent.title),
                "parameters": .array(intent.parameters.map { parameter in
                    .object([
                        "name": .string(parameter.name),
                        "title": .string(parameter.title),
                        "type": ShortcutRegistry.typeJSON(parameter.type),
                        "required": .bool(parameter.isRequired),
                        "question": .string(parameter.question),
                        "answerType": ShortcutRegistry.typeJSON(parameter.answerType),
                    ])
                }),
                "summary": .string(intent.summary),
                "response": .string(intent.response),
            ])
        }
        let enumsJSON = enums.map { definition -> JSONValue in
            .object([
                "identifier": .string(definition.identifier),
                "title": .string(definition.title),
                "cases": .array(definition.cases.map { enumCase in
                    .object([
                        "value": enumCase.value.json,
                        "displayName": .string(enumCase.displayName),
                        "synonyms": .array(enumCase.synonyms.map(JSONValue.string)),
                    ])
                }),
            ])
        }
        let shortcutsJSON = shortcuts.enumerated().map { shortcutIndex, shortcut -> JSONValue in
            let phrases = templates.filter { $0.shortcutIndex == shortcutIndex }.map { template -> JSONValue in
                let example = exampleText(of: template, includeApp: true, snapshot: snapshot)
                return .object([
                    "template": .string(template.template.source),
                    "example": example.map(JSONValue.string) ?? .null,
                ])
            }
            return .object([
                "title": .string(shortcut.title),
                "symbol": .string(shortcut.symbol),
                "intent": .string(shortcut.intent),
                "phrases": .array(phrases),
            ])
        }
        var snapshotEntities: JSONObject = [:]
        for (index, type) in entityTypes.enumerated() {
            snapshotEntities.append(type.identifier, .array(snapshot.entities[index].map { entity in
                .object([
                    "id": .string(entity.id),
                    "displayName": .string(entity.displayName),
                    "synonyms": .array(entity.synonyms.map(JSONValue.string)),
                ])
            }))
        }
        return .object([
            "app": .object([
                "name": .string(appName),
                "alternativeNames": .array(alternativeAppNames.map(JSONValue.string)),
            ]),
            "intents": .array(intentsJSON),
            "enums": .array(enumsJSON),
            "entityTypes": .array(entityTypes.map { .object(["identifier": .string($0.identifier), "title": .string($0.title)]) }),
            "shortcuts": .array(shortcutsJSON),
            "skipWords": .array(skipWords.map(JSONValue.string)),
            "snapshot": .object([
                "generation": .integer(snapshot.generation),
                "entities": .object(snapshotEntities),
            ]),
        ])
    }

    private static func typeJSON(_ type: ParameterType) -> JSONValue {
        switch type {
        case .entity(let identifier): return .object(["kind": .string("entity"), "identifier": .string(identifier)])
        case .enumeration(let definition): return .object(["kind": .string("enum"), "identifier": .string(definition.identifier)])
        case .integer(let range): return .object(["kind": .string("integer"), "minimum": .integer(range.lowerBound), "maximum": .integer(range.upperBound)])
        case .text: return .object(["kind": .string("text")])
        }
    }
}
