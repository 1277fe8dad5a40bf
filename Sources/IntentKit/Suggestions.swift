extension ShortcutRegistry {
    static let maximumSuggestions = 3
    static let suggestionTokenWindow = 16
    static let suggestionShortlist = 8

    /// The nearest example phrases for a sentence nothing accepted: one per intent, best first.
    ///
    /// Templates are first shortlisted by how many of the sentence's words they contain; for the
    /// shortlist, the distance is the word-level edit distance between the sentence and the
    /// closest sentence the template accepts (a slot matches any of its names for free; skip
    /// words cost nothing). Both are measured on the templates without the device and room
    /// parts every phrase may have, whose words say nothing about what is wanted. The
    /// suggestion is the template's rendered example.
    func suggestions(for prepared: PreparedSentence, mode: ResolutionMode, snapshot: CompiledSnapshot) -> [String] {
        let tokens = Array(prepared.tokens.prefix(ShortcutRegistry.suggestionTokenWindow))
        let words = Set(tokens.filter { $0 >= 0 && !isSkip($0) })
        let overlaps = coreTemplates.enumerated().map { index, template in
            (overlap: words.reduce(0) { $0 + (template.literalTokens.contains($1) ? 1 : 0) }, template: index)
        }
        let shortlist = overlaps.sorted { $0.overlap != $1.overlap ? $0.overlap > $1.overlap : $0.template < $1.template }
            .prefix(ShortcutRegistry.suggestionShortlist)
        // Phrases with a word in common are measured; when there are too few of them, the first
        // phrases follow (with no word in common, distances say nothing).
        var ranked = shortlist.filter { $0.overlap > 0 }.map { entry in
            (distance: editDistance(coreTemplates[entry.template], tokens, snapshot: snapshot), template: entry.template)
        }
        ranked.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.template < $1.template }
        ranked += templates.indices.map { (distance: Int.max, template: $0) }
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
        return PhraseRenderer.render(template.template, appName: appName, includeApp: includeApp, isOrdinal: ordinalSlots(of: template.intentIndex)) { slot in
            guard let parameterIndex = intent.parameters.firstIndex(where: { $0.name == slot.name }) else { return nil }
            if let hint = slot.hint { return hint }
            return firstExampleValue(intent: template.intentIndex, parameter: parameterIndex, snapshot: snapshot)
                .map { spoken($0, intent: template.intentIndex, parameter: parameterIndex, beforeWord: slot.beforeWord) }
        }
    }

    /// Which slots of the intent's phrases hold numbers that can be said as ordinals ("third").
    func ordinalSlots(of intent: Int) -> (String) -> Bool {
        { [self] name in
            guard let parameter = intents[intent].parameters.firstIndex(where: { $0.name == name }),
                  case .enumeration(let index)? = parameterSources[intent][parameter] else { return false }
            return enums[index].cases.first?.synonyms.contains { Normalizer.number(in: $0).map(Normalizer.ordinalToken) == $0 } ?? false
        }
    }

    /// An enum example as said in its place: before a noun, a number that has an ordinal reads as
    /// one ("the third disc", not "the 3 disc").
    func spoken(_ value: String, intent: Int, parameter: Int, beforeWord: Bool) -> String {
        guard beforeWord, case .enumeration(let index)? = parameterSources[intent][parameter],
              let enumCase = enums[index].cases.first(where: { $0.displayName == value }),
              let ordinal = enumCase.synonyms.first(where: { Normalizer.tokens(of: $0).count == 1 && Normalizer.number(in: $0) != nil && Normalizer.number(in: $0).map(Normalizer.ordinalToken) == $0 }),
              let spelled = NumberWords.spell(ordinal) else { return value }
        return spelled
    }

    /// The one name a suggestion fills a slot with: the first preferred entity (the current
    /// magazine), else the first entity, else the enum's first example case.
    func firstExampleValue(intent: Int, parameter: Int, snapshot: CompiledSnapshot) -> String? {
        if case .entity(let index)? = parameterSources[intent][parameter] {
            return preferredExamples(ofTypeAt: index).first ?? snapshot.entities[index].first?.displayName
        }
        return exampleValues(intent: intent, parameter: parameter, snapshot: snapshot).first
    }

    /// Display names used to fill a slot: the enum's example cases, or the entities — all of them
    /// in snapshot order, or as many as the type lists (``EntityType/listedExamples``), the
    /// preferred ones first. `preferringCurrent` puts the preferred ones first in any case (a
    /// suggestion names the current magazine).
    func exampleValues(intent: Int, parameter: Int, snapshot: CompiledSnapshot, preferringCurrent: Bool = false) -> [String] {
        switch parameterSources[intent][parameter] {
        case .enumeration(let index)?:
            let definition = enums[index]
            return definition.exampleCaseIdentifiers.compactMap { identifier in
                definition.caseIndex(identifiedBy: identifier).map { definition.cases[$0].displayName }
            }
        case .entity(let index)?:
            let all = snapshot.entities[index]
            let limit = entityTypes[index].listedExamples
            guard preferringCurrent || limit != nil else { return all.map(\.displayName) }
            var names: [String] = []
            var seen: Set<String> = []
            for name in preferredExamples(ofTypeAt: index) where seen.insert(name).inserted { names.append(name) }
            for entity in all where limit.map({ names.count < $0 }) ?? true {
                if seen.insert(entity.displayName).inserted { names.append(entity.displayName) }
            }
            return limit.map { Array(names.prefix($0)) } ?? names
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
        let insertion = tokens.map { isSkip($0) ? Int32(0) : 1 }
        distance.withUnsafeMutableBufferPointer { distance in
            template.edges.withUnsafeBufferPointer { edges in
                template.edgeStart.withUnsafeBufferPointer { edgeStart in
                    @inline(__always) func relax(_ position: Int, _ state: Int32, _ value: Int32) {
                        let index = position * states + Int(state)
                        if value < distance[index] { distance[index] = value }
                    }
                    for position in 0...count {
                        let token = position < count ? tokens[position] : -2
                        for state in 0..<states {
                            let current = distance[position * states + state]
                            guard current < unreachable else { continue }
                            if position < count { relax(position + 1, Int32(state), current + insertion[position]) }
                            for edge in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
                                let transition = edges[edge]
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
                                        relax(position + 1, transition.target, current + (token == transition.token ? 0 : 1))
                                    }
                                case .slot:
                                    relax(position, transition.target, current + 1)
                                    if position < count { relax(position + 1, transition.target, current + 1) }
                                    guard let source = transition.source, position < count else { continue }
                                    let trie = names(for: source, in: snapshot)
                                    guard trie.child(of: NameTrie.root, token: token) != nil else { continue }
                                    for (end, _) in trie.names(in: tokens, from: position) {
                                        relax(end, transition.target, current)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Int(distance[count * states + Int(template.acceptState)])
    }

}

/// Renders a phrase template as its most natural reading: the first alternative of every choice;
/// optional parts when they hold a parameter slot, or when they are an article ("the", "a")
/// before a noun that is always said ("Play the final disc", "Set the volume to 40%", but
/// "Play Road Trip", "Play disc 3", "Put on pause"); slots filled with real names, or with the
/// example the phrase gives (`{mode:off}`); a number right after an article or at the start,
/// and before a noun, read as an ordinal ("the third disc").
enum PhraseRenderer {
    /// What the renderer asks about one slot it fills.
    struct Slot {
        let name: String
        /// The phrase's own example for this slot (`{mode:off}` gives "off").
        let hint: String?
        /// Whether the slot stands where an ordinal would ("the {disc} disc").
        let beforeWord: Bool
    }

    static let articles: Set<String> = ["the", "a", "an"]
    /// Words that never take an article in front: an article before them would read "Put the on
    /// pause", "Stop the after the current track" or "Pause the a sec".
    static let functionWords: Set<String> = articles.union([
        "on", "in", "into", "to", "of", "at", "by", "with", "from", "off", "up", "down", "back", "again", "for", "and", "or",
        "out", "over", "onto", "called", "named", "titled", "please", "after", "before", "when", "once", "until", "till",
        "then", "about", "around", "through", "it", "this", "that", "my", "your", "its", "some",
    ])

    /// One thing a rendering will say next: a word that is always said, or a slot.
    private enum Item {
        case word(String)
        case slot(String)
    }

    /// The rendered sentence, or nil when a slot has no value to show. `isOrdinal` tells which
    /// slots hold numbers that read as ordinals.
    static func render(
        _ template: PhraseTemplate, appName: String, includeApp: Bool, isOrdinal: (String) -> Bool = { _ in false }, fill: (Slot) -> String?
    ) -> String? {
        let rendered = withoutActuallyEscaping(fill) { fill -> [String]? in
            withoutActuallyEscaping(isOrdinal) { isOrdinal -> [String]? in
                var renderer = Renderer(hints: template.exampleHints, appName: appName, includeApp: includeApp, isOrdinal: isOrdinal, fill: fill)
                return renderer.render(template.elements, then: []) ? renderer.pieces : nil
            }
        }
        guard let rendered else { return nil }
        let text = rendered.joined(separator: " ")
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    private struct Renderer {
        let hints: [String: String]
        let appName: String
        let includeApp: Bool
        let isOrdinal: (String) -> Bool
        let fill: (Slot) -> String?
        var pieces: [String] = []

        /// Renders `elements`; `after` are what follows them in the enclosing sequences.
        mutating func render(_ elements: [PhraseElement], then after: [ArraySlice<PhraseElement>]) -> Bool {
            for (position, element) in elements.enumerated() {
                let rest = [elements[(position + 1)...]] + after
                switch element {
                case .words(let display, _):
                    pieces.append(contentsOf: display.split(separator: " ").map(PhraseRenderer.readable))
                case .choice(let alternatives):
                    guard render(alternatives[0], then: rest) else { return false }
                case .optional(let alternatives):
                    if let withSlot = alternatives.first(where: PhraseRenderer.hasSlot) {
                        guard render(withSlot, then: rest) else { return false }
                    } else if let article = PhraseRenderer.leadingArticle(alternatives[0]), takesArticle(rest) {
                        pieces.append(article)
                    }
                case .fragment(_, let inner):
                    guard render(inner, then: rest) else { return false }
                case .appName(let connector):
                    if includeApp {
                        if let connector { pieces.append(connector) }
                        pieces.append(appName)
                    }
                case .parameter(let name):
                    let ordinal = isOrdinal(name) && afterArticleOrStart(elements[..<position]) && isNoun(PhraseRenderer.upcoming(rest, limit: 1).first)
                    guard let value = fill(Slot(name: name, hint: hints[name], beforeWord: ordinal)) else { return false }
                    pieces.append(value)
                case .fixedValue:
                    break
                }
            }
            return true
        }

        /// Whether an article reads well before what follows: a noun not followed by a number
        /// ("the disc", not "the disc 3"), or a number read as an ordinal before a noun ("the third disc").
        private func takesArticle(_ rest: [ArraySlice<PhraseElement>]) -> Bool {
            let items = PhraseRenderer.upcoming(rest, limit: 2)
            guard let first = items.first else { return false }
            switch first {
            case .word:
                guard isNoun(first) else { return false }
                if items.count > 1, case .slot = items[1] { return false }
                return true
            case .slot(let name):
                return isOrdinal(name) && items.count > 1 && isNoun(items[1])
            }
        }

        private func isNoun(_ item: Item?) -> Bool {
            guard case .word(let word)? = item else { return false }
            return !PhraseRenderer.functionWords.contains(word.lowercased())
        }

        /// Whether nothing but optional parts without slots, or an article, comes before (within
        /// this sequence): "[the] {track} track" and "<det> {track} track" read "the fourth track".
        private func afterArticleOrStart(_ before: ArraySlice<PhraseElement>) -> Bool {
            for element in before.reversed() {
                if PhraseRenderer.leadingArticle([element]) != nil { return true }
                guard case .optional(let alternatives) = element, !alternatives.contains(where: PhraseRenderer.hasSlot) else { return false }
            }
            return true
        }
    }

    /// The first `limit` things `rest` will say: choices by their first alternative, fragments
    /// inlined, optional parts only when they hold a slot.
    private static func upcoming(_ rest: [ArraySlice<PhraseElement>], limit: Int) -> [Item] {
        var items: [Item] = []
        func walk(_ elements: ArraySlice<PhraseElement>) {
            for element in elements {
                guard items.count < limit else { return }
                switch element {
                case .words(let display, _):
                    for word in display.split(separator: " ") where items.count < limit { items.append(.word(String(word))) }
                case .choice(let alternatives): walk(alternatives[0][...])
                case .optional(let alternatives):
                    if let withSlot = alternatives.first(where: hasSlot) { walk(withSlot[...]) }
                case .fragment(_, let inner): walk(inner[...])
                case .parameter(let name): items.append(.slot(name))
                case .appName, .fixedValue: break
                }
            }
        }
        for sequence in rest where items.count < limit { walk(sequence) }
        return items
    }

    /// A template's own word as a sentence shows it: a number the template spells as a digit
    /// reads as a word ("play this one from the start"), and "i" as "I".
    static func readable(_ word: Substring) -> String {
        if word == "i" || word.hasPrefix("i'") { return "I" + word.dropFirst() }
        if word.allSatisfy(\.isNumber), let spelled = NumberWords.spell(String(word)) { return spelled }
        return String(word)
    }

    /// "the" when the first way through `elements` is an article alone.
    fileprivate static func leadingArticle(_ elements: [PhraseElement]) -> String? {
        guard elements.count == 1 else { return nil }
        switch elements[0] {
        case .words(let display, _): return articles.contains(display.lowercased()) ? display : nil
        case .choice(let alternatives), .optional(let alternatives): return leadingArticle(alternatives[0])
        case .fragment(_, let inner): return leadingArticle(inner)
        default: return nil
        }
    }

    /// Whether the first way through `elements` passes a parameter slot.
    static func hasSlot(_ elements: [PhraseElement]) -> Bool {
        elements.contains { element in
            switch element {
            case .parameter: return true
            case .choice(let alternatives): return hasSlot(alternatives[0])
            case .optional(let alternatives): return alternatives.contains(where: hasSlot)
            case .fragment(_, let inner): return hasSlot(inner)
            default: return false
            }
        }
    }
}
