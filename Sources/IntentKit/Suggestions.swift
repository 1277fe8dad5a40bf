extension ShortcutRegistry {
    static let maximumSuggestions = 3
    static let suggestionTokenWindow = 16
    static let suggestionShortlist = 16

    /// The nearest example phrases for a sentence nothing accepted: one per intent, best first.
    ///
    /// Templates are first shortlisted by how many of the sentence's words they contain; for the
    /// shortlist, the distance is the word-level edit distance between the sentence and the
    /// closest sentence the template accepts (a slot matches any of its names for free; skip
    /// words cost nothing). The suggestion is the template's rendered example.
    func suggestions(for prepared: PreparedSentence, mode: ResolutionMode, snapshot: CompiledSnapshot) -> [String] {
        let tokens = Array(prepared.tokens.prefix(ShortcutRegistry.suggestionTokenWindow))
        let words = Set(tokens.filter { $0 >= 0 && !(Int($0) < skipFlags.count && skipFlags[Int($0)]) })
        let overlaps = templates.enumerated().map { index, template in
            (overlap: words.reduce(0) { $0 + (template.literalTokens.contains($1) ? 1 : 0) }, template: index)
        }
        let shortlist = overlaps.sorted { $0.overlap != $1.overlap ? $0.overlap > $1.overlap : $0.template < $1.template }
            .prefix(ShortcutRegistry.suggestionShortlist)
        var ranked: [(distance: Int, template: Int)] = []
        if shortlist.first?.overlap ?? 0 == 0 {
            // No word in common with any phrase: distances say nothing; offer the first phrases.
            ranked = templates.indices.map { (0, $0) }
        } else {
            for entry in shortlist {
                ranked.append((editDistance(templates[entry.template], tokens, snapshot: snapshot), entry.template))
            }
        }
        ranked.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.template < $1.template }
        var seenIntents: Set<Int> = []
        var suggestions: [String] = []
        for entry in ranked where suggestions.count < ShortcutRegistry.maximumSuggestions {
            let template = templates[entry.template]
            guard !seenIntents.contains(template.intentIndex) else { continue }
            guard let text = exampleText(of: template, includeApp: mode == .siri, snapshot: snapshot) else { continue }
            seenIntents.insert(template.intentIndex)
            suggestions.append(text)
        }
        return suggestions
    }

    /// The template's example with the first example value of every slot.
    func exampleText(of template: CompiledTemplate, includeApp: Bool, snapshot: CompiledSnapshot) -> String? {
        let intent = intents[template.intentIndex]
        return PhraseRenderer.render(template.template, appName: appName, includeApp: includeApp) { name in
            guard let parameterIndex = intent.parameters.firstIndex(where: { $0.name == name }) else { return nil }
            return exampleValues(intent: template.intentIndex, parameter: parameterIndex, snapshot: snapshot).first
        }
    }

    /// Display names used to fill a slot in listings: every entity, or the enum's example cases.
    func exampleValues(intent: Int, parameter: Int, snapshot: CompiledSnapshot) -> [String] {
        switch parameterSources[intent][parameter] {
        case .enumeration(let index)?:
            let definition = enums[index]
            return definition.exampleCaseIdentifiers.compactMap { identifier in
                definition.caseIndex(identifiedBy: identifier).map { definition.cases[$0].displayName }
            }
        case .entity(let index)?:
            return snapshot.entities[index].map(\.displayName)
        case nil:
            return []
        }
    }

    /// Word-level edit distance between `tokens` and the nearest sentence `template` accepts.
    func editDistance(_ template: CompiledTemplate, _ tokens: [Int32], snapshot: CompiledSnapshot) -> Int {
        let count = tokens.count
        let states = template.stateCount
        let unreachable = Int32.max / 2
        var distance = [Int32](repeating: unreachable, count: (count + 1) * states)
        distance[0] = 0
        func relax(_ position: Int, _ state: Int32, _ value: Int32) {
            let index = position * states + Int(state)
            if value < distance[index] { distance[index] = value }
        }
        func isSkip(_ token: Int32) -> Bool {
            token >= 0 && Int(token) < skipFlags.count && skipFlags[Int(token)]
        }
        for position in 0...count {
            for state in 0..<states {
                let current = distance[position * states + state]
                guard current < unreachable else { continue }
                if position < count { relax(position + 1, Int32(state), current + (isSkip(tokens[position]) ? 0 : 1)) }
                for transition in template.transitions[state] {
                    switch transition.kind {
                    case .epsilon, .fixed:
                        relax(position, transition.target, current)
                    case .app:
                        relax(position, transition.target, current)
                        for name in appNameTokens where position + name.count <= count {
                            if tokens[position..<(position + name.count)].elementsEqual(name) {
                                relax(position + name.count, transition.target, current)
                            }
                        }
                    case .word:
                        relax(position, transition.target, current + (transition.counts ? 1 : 0))
                        if position < count {
                            relax(position + 1, transition.target, current + (tokens[position] == transition.token ? 0 : 1))
                        }
                    case .slot:
                        relax(position, transition.target, current + 1)
                        if position < count { relax(position + 1, transition.target, current + 1) }
                        guard let source = transition.source else { continue }
                        for (end, _) in names(for: source, in: snapshot).names(in: tokens, from: position) {
                            relax(end, transition.target, current)
                        }
                    }
                }
            }
        }
        return Int(distance[count * states + Int(template.acceptState)])
    }
}

/// Renders a phrase template as a readable example: the first alternative of every choice,
/// optional parts only when they hold a parameter slot, slots filled with real names.
enum PhraseRenderer {
    /// The rendered sentence, or nil when a slot has no value to show.
    static func render(_ template: PhraseTemplate, appName: String, includeApp: Bool, fill: (String) -> String?) -> String? {
        guard let pieces = render(template.elements, appName: appName, includeApp: includeApp, fill: fill) else { return nil }
        let text = pieces.joined(separator: " ")
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    private static func render(_ elements: [PhraseElement], appName: String, includeApp: Bool, fill: (String) -> String?) -> [String]? {
        var pieces: [String] = []
        for element in elements {
            switch element {
            case .words(let display, _):
                pieces.append(display)
            case .choice(let alternatives):
                guard let inner = render(alternatives[0], appName: appName, includeApp: includeApp, fill: fill) else { return nil }
                pieces += inner
            case .optional(let alternatives):
                if let withSlot = alternatives.first(where: hasSlot) {
                    guard let inner = render(withSlot, appName: appName, includeApp: includeApp, fill: fill) else { return nil }
                    pieces += inner
                }
            case .appName(let connector):
                if includeApp {
                    if let connector { pieces.append(connector) }
                    pieces.append(appName)
                }
            case .parameter(let name):
                guard let value = fill(name) else { return nil }
                pieces.append(value)
            case .fixedValue:
                break
            }
        }
        return pieces
    }

    /// Whether the first way through `elements` passes a parameter slot.
    static func hasSlot(_ elements: [PhraseElement]) -> Bool {
        elements.contains { element in
            switch element {
            case .parameter: return true
            case .choice(let alternatives): return hasSlot(alternatives[0])
            case .optional(let alternatives): return alternatives.contains(where: hasSlot)
            default: return false
            }
        }
    }
}
