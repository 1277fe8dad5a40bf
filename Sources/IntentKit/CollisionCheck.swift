/// One shortcut phrase and the invocation it produces for a colliding sentence.
public struct CollisionSource: Sendable, Hashable {
    /// The shortcut's title.
    public let shortcutTitle: String
    /// The phrase template as written.
    public let phrase: String
    /// What the phrase makes of the sentence.
    public let invocation: IntentInvocation
    /// The intent's summary of that invocation.
    public let summary: String
}

/// A sentence that two shortcuts, or two parameter values, can produce.
public struct SentenceCollision: Sendable, Hashable {
    /// The sentence, normalised and without the app name ("play disc 3").
    public let sentence: String
    /// Every distinct reading of it, with the phrase that produces it.
    public let sources: [CollisionSource]
}

/// Two phrases of different shortcuts that differ only by skip words, slots or words that merely
/// name a parameter ("Play a disc…", "Play a disc by number…", "Play disc {number}…").
public struct NearDuplicate: Sendable, Hashable {
    /// The shortcut titles of the two phrases.
    public let shortcutTitles: [String]
    /// The two phrase templates as written.
    public let phrases: [String]
    /// An example sentence of each phrase, slots filled with real names.
    public let examples: [String]
    /// The literal skeleton both reduce to ("play disc").
    public let skeleton: String
}

/// The result of the collision check.
public struct CollisionReport: Sendable {
    /// Sentences produced by more than one reading.
    public let sentenceCollisions: [SentenceCollision]
    /// Near-duplicate phrases across shortcuts.
    public let nearDuplicates: [NearDuplicate]
    /// True when a pair of templates had more states than the search explores; its result is partial.
    public let truncated: Bool

    /// Whether nothing collides.
    public var isClean: Bool { sentenceCollisions.isEmpty && nearDuplicates.isEmpty }

    /// The report as readable lines (what `cdchanger shortcuts --check` prints).
    public var lines: [String] {
        var lines: [String] = []
        for collision in sentenceCollisions {
            lines.append("Sentence “\(collision.sentence)” has \(collision.sources.count) readings:")
            for source in collision.sources {
                lines.append("  - \(source.summary) [\(source.invocation.intent)] from “\(source.phrase)” (shortcut “\(source.shortcutTitle)”)")
            }
        }
        for duplicate in nearDuplicates {
            lines.append("Near-duplicate phrases reduce to “\(duplicate.skeleton)”:")
            for index in duplicate.phrases.indices {
                lines.append("  - “\(duplicate.examples[index])” from “\(duplicate.phrases[index])” (shortcut “\(duplicate.shortcutTitles[index])”)")
            }
        }
        if truncated { lines.append("Note: the search was cut short for some phrase pairs; results may be incomplete.") }
        lines.append("Collision check: \(sentenceCollisions.count) colliding sentence(s), \(nearDuplicates.count) near-duplicate phrase pair(s).")
        return lines
    }
}

extension ShortcutRegistry {
    // MARK: - Public checks

    /// Expands every template over the current snapshot and enum cases and reports every
    /// sentence two shortcuts or two parameter values can produce, and every near-duplicate
    /// phrase pair across shortcuts.
    ///
    /// Sentences are compared as said inside the app (the app name left out). Instead of
    /// listing every sentence, each pair of templates is intersected as automata over tokens,
    /// with slots walked through their name tries, so the cost grows with shared structure,
    /// not with the product of all names.
    public func checkCollisions() -> CollisionReport {
        let snapshot = compiledSnapshot
        var finder = CollisionFinder(registry: self, snapshot: snapshot, focus: nil)
        for first in templates.indices {
            for second in first..<templates.count {
                finder.intersect(first, second)
            }
        }
        return CollisionReport(sentenceCollisions: finder.collisions, nearDuplicates: nearDuplicates(snapshot: snapshot), truncated: finder.truncated)
    }

    /// The sentences an existing entity makes ambiguous: against phrases ("Disc 3", "Something")
    /// or against other entities of the same name. Call it after `updateShortcutParameters()`
    /// when an entity is created or renamed.
    public func collisions(forEntity id: String, ofType typeIdentifier: String) -> [SentenceCollision] {
        let snapshot = compiledSnapshot
        guard let typeIdx = entityTypeIndex[typeIdentifier],
              let index = snapshot.entities[typeIdx].firstIndex(where: { $0.id == id }) else { return [] }
        return collisions(focusType: typeIdx, focusIndex: index, snapshot: snapshot)
    }

    /// The sentences a proposed name would make ambiguous, before anything is saved: the
    /// entity `replacing` renamed (or a new entity added) under the current snapshot.
    public func collisions(forProposedName name: String, synonyms: [String] = [], ofType typeIdentifier: String, replacing id: String? = nil) -> [SentenceCollision] {
        guard let typeIdx = entityTypeIndex[typeIdentifier] else { return [] }
        var list = compiledSnapshot.entities[typeIdx]
        let proposed = Entity(id: id ?? "proposed-\(list.count)", displayName: name, synonyms: synonyms)
        let index: Int
        if let id, let existing = list.firstIndex(where: { $0.id == id }) {
            list[existing] = proposed
            index = existing
        } else {
            list.append(proposed)
            index = list.count - 1
        }
        let snapshot = hypotheticalSnapshot(replacing: typeIdx, with: list)
        return collisions(focusType: typeIdx, focusIndex: index, snapshot: snapshot)
    }

    private func collisions(focusType: Int, focusIndex: Int, snapshot: CompiledSnapshot) -> [SentenceCollision] {
        let focus = CollisionFinder.Focus(typeIndex: focusType, entityIndex: Int32(focusIndex), snapshot: snapshot, registry: self)
        var finder = CollisionFinder(registry: self, snapshot: snapshot, focus: focus)
        for (first, template) in templates.enumerated() where template.usesEntityType(focusType) {
            for second in templates.indices { finder.intersect(first, second) }
        }
        return finder.collisions
    }

    // MARK: - Near duplicates

    func nearDuplicates(snapshot: CompiledSnapshot) -> [NearDuplicate] {
        struct Entry {
            let template: Int
            let literal: [String]
            let marked: [String]
            let hasSlot: Bool
        }
        var index: [[String]: [Entry]] = [:]
        var keyOrder: [[String]] = []
        for (templateIdx, template) in templates.enumerated() {
            let namingWords = parameterNamingWords(of: template.intentIndex)
            var seen: Set<[String]> = []
            for literal in SkeletonExpander.expand(template.template.elements) {
                let words = literal.filter { !skipWords.contains($0) }
                let marked = SkeletonExpander.removingQualifiers(words, namingWords: namingWords).map { $0.hasPrefix("{") ? "{}" : $0 }
                guard seen.insert(marked).inserted else { continue }
                let plain = marked.filter { $0 != "{}" }
                if index[plain] == nil { keyOrder.append(plain) }
                index[plain, default: []].append(Entry(template: templateIdx, literal: literal, marked: marked, hasSlot: marked.count != plain.count))
            }
        }
        var reportedPairs: Set<[Int]> = []
        var result: [NearDuplicate] = []
        for key in keyOrder {
            let entries = index[key]!
            for (offset, first) in entries.enumerated() {
                for second in entries[(offset + 1)...] {
                    let a = templates[first.template], b = templates[second.template]
                    guard a.shortcutIndex != b.shortcutIndex else { continue }
                    if first.hasSlot && second.hasSlot { continue }
                    if first.literal == second.literal { continue }
                    let pair = [min(first.template, second.template), max(first.template, second.template)]
                    guard reportedPairs.insert(pair).inserted else { continue }
                    result.append(NearDuplicate(
                        shortcutTitles: [shortcuts[a.shortcutIndex].title, shortcuts[b.shortcutIndex].title],
                        phrases: [a.template.source, b.template.source],
                        examples: [exampleSentence(first.literal, template: a, snapshot: snapshot), exampleSentence(second.literal, template: b, snapshot: snapshot)],
                        skeleton: key.joined(separator: " ")
                    ))
                }
            }
        }
        return result
    }

    /// Words that only name a parameter of the intent ("number" in "by number").
    private func parameterNamingWords(of intent: Int) -> Set<String> {
        var words: Set<String> = []
        for parameter in intents[intent].parameters {
            var names = [parameter.name, parameter.title]
            switch parameter.type {
            case .enumeration(let definition): names.append(definition.title)
            case .entity(let identifier): names += entityTypes.filter { $0.identifier == identifier }.map(\.title)
            case .integer, .text: break
            }
            for name in names { words.formUnion(Normalizer.tokens(of: name)) }
        }
        return words
    }

    private func exampleSentence(_ literal: [String], template: CompiledTemplate, snapshot: CompiledSnapshot) -> String {
        let intent = intents[template.intentIndex]
        return literal.map { word -> String in
            guard word.hasPrefix("{"), word.hasSuffix("}") else { return word }
            let name = String(word.dropFirst().dropLast())
            guard let parameterIdx = intent.parameters.firstIndex(where: { $0.name == name }) else { return intent.parameters.first?.title ?? "" }
            return exampleValues(intent: template.intentIndex, parameter: parameterIdx, snapshot: snapshot).first
                ?? intent.parameters[parameterIdx].title.lowercased()
        }.joined(separator: " ")
    }
}

extension CompiledTemplate {
    func usesEntityType(_ typeIndex: Int) -> Bool {
        transitions.contains { $0.contains { $0.kind == .slot && $0.source == .entity(typeIndex) } }
    }
}

/// Expands a template's structure (not its slot values) into literal word sequences.
enum SkeletonExpander {
    static let maximumVariants = 100_000
    static let qualifierConnectors: Set<String> = ["by", "with", "using"]

    /// Every word sequence the template's structure allows; slots appear as "{name}", the app
    /// name and fixed values as nothing.
    static func expand(_ elements: [PhraseElement]) -> [[String]] {
        var results: [[String]] = [[]]
        for element in elements {
            let options: [[String]]
            switch element {
            case .words(_, let tokens): options = [tokens]
            case .choice(let alternatives): options = dedupe(alternatives.flatMap(expand))
            case .optional(let alternatives): options = dedupe([[]] + alternatives.flatMap(expand))
            case .appName, .fixedValue: options = [[]]
            case .parameter(let name): options = [["{\(name)}"]]
            }
            var next: [[String]] = []
            next.reserveCapacity(min(results.count * options.count, maximumVariants))
            outer: for prefix in results {
                for option in options {
                    next.append(prefix + option)
                    if next.count >= maximumVariants { break outer }
                }
            }
            results = next
        }
        return results
    }

    private static func dedupe(_ sequences: [[String]]) -> [[String]] {
        var seen: Set<[String]> = []
        return sequences.filter { seen.insert($0).inserted }
    }

    /// Drops "by number", "with disc number"…: a connector followed by words naming a parameter.
    static func removingQualifiers(_ words: [String], namingWords: Set<String>) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            if qualifierConnectors.contains(words[index]) {
                var end = index + 1
                while end < words.count, namingWords.contains(words[end]) { end += 1 }
                if end > index + 1 {
                    index = end
                    continue
                }
            }
            result.append(words[index])
            index += 1
        }
        return result
    }
}

/// Intersects pairs of template automata to find sentences with more than one reading.
struct CollisionFinder {
    /// Restricts the first template of each pair to one entity, for the single-entity check.
    struct Focus {
        let typeIndex: Int
        let entityIndex: Int32
        let trie: NameTrie

        init(typeIndex: Int, entityIndex: Int32, snapshot: CompiledSnapshot, registry: ShortcutRegistry) {
            self.typeIndex = typeIndex
            self.entityIndex = entityIndex
            var trie = NameTrie()
            let entity = snapshot.entities[typeIndex][Int(entityIndex)]
            for name in [entity.displayName] + entity.synonyms {
                trie.insert(Normalizer.tokens(of: name).map { snapshot.vocabulary.id(of: $0) }, value: entityIndex)
            }
            self.trie = trie
        }
    }

    /// A position inside one template: resting at a state, or part-way through a slot's names.
    struct SideState: Hashable {
        var state: Int32
        /// The slot edge being walked (state × 256 + edge index), or -1 when resting.
        var slotEdge: Int32 = -1
        var node: Int32 = 0
    }

    struct ProductState: Hashable {
        var first: SideState
        var second: SideState
        var firstBindings: Bindings
        var secondBindings: Bindings
        var focusUsed: Bool
    }

    static let maximumStatesPerPair = 200_000
    static let maximumWitnessesPerPair = 64

    let registry: ShortcutRegistry
    let snapshot: CompiledSnapshot
    let focus: Focus?
    private(set) var collisions: [SentenceCollision] = []
    private(set) var truncated = false
    private var collisionIndex: [String: Int] = [:]
    private var firstTokens: [Int: Set<Int32>] = [:]

    init(registry: ShortcutRegistry, snapshot: CompiledSnapshot, focus: Focus?) {
        self.registry = registry
        self.snapshot = snapshot
        self.focus = focus
    }

    // MARK: Side automata

    /// The names of a slot; for the focused side, the focused entity's names in place of its type's.
    private func trie(_ source: SlotSource, restricted: Bool) -> NameTrie {
        if restricted, let focus, source == .entity(focus.typeIndex) { return focus.trie }
        return registry.names(for: source, in: snapshot)
    }

    private func slotTransition(_ template: CompiledTemplate, _ edge: Int32) -> Transition {
        template.transitions[Int(edge / 256)][Int(edge % 256)]
    }

    /// Moves that consume no token, with the binding they make, if any.
    private func silentMoves(_ side: SideState, _ template: CompiledTemplate, restricted: Bool) -> [(SideState, Int8, Int32)] {
        var moves: [(SideState, Int8, Int32)] = []
        if side.slotEdge < 0 {
            for (offset, transition) in template.transitions[Int(side.state)].enumerated() {
                switch transition.kind {
                case .epsilon, .app: moves.append((SideState(state: transition.target), -1, -1))
                case .fixed: moves.append((SideState(state: transition.target), transition.parameter, transition.caseIndex))
                case .slot: moves.append((SideState(state: side.state, slotEdge: side.state * 256 + Int32(offset), node: NameTrie.root), -1, -1))
                case .word: break
                }
            }
        } else {
            let transition = slotTransition(template, side.slotEdge)
            let names = trie(transition.source!, restricted: restricted)
            for value in names.values[Int(side.node)] {
                moves.append((SideState(state: transition.target), transition.parameter, value))
            }
        }
        return moves
    }

    /// Moves that consume one token.
    private func tokenMoves(_ side: SideState, _ template: CompiledTemplate, restricted: Bool) -> [(Int32, SideState)] {
        if side.slotEdge < 0 {
            return template.transitions[Int(side.state)].compactMap { transition in
                transition.kind == .word ? (transition.token, SideState(state: transition.target)) : nil
            }
        }
        let names = trie(slotTransition(template, side.slotEdge).source!, restricted: restricted)
        return names.children[Int(side.node)].map { ($0.token, SideState(state: side.state, slotEdge: side.slotEdge, node: $0.node)) }
    }

    private func move(_ side: SideState, _ token: Int32, _ template: CompiledTemplate, restricted: Bool) -> [SideState] {
        if side.slotEdge < 0 {
            return template.transitions[Int(side.state)].compactMap { transition in
                transition.kind == .word && transition.token == token ? SideState(state: transition.target) : nil
            }
        }
        let names = trie(slotTransition(template, side.slotEdge).source!, restricted: restricted)
        guard let next = names.child(of: side.node, token: token) else { return [] }
        return [SideState(state: side.state, slotEdge: side.slotEdge, node: next)]
    }

    /// Tokens a sentence accepted by the template can start with.
    private mutating func startTokens(_ index: Int, restricted: Bool) -> Set<Int32> {
        let key = restricted ? -index - 1 : index
        if let known = firstTokens[key] { return known }
        let template = registry.templates[index]
        var tokens: Set<Int32> = []
        var stack = [SideState(state: 0)]
        var seen: Set<SideState> = []
        while let side = stack.popLast() {
            guard seen.insert(side).inserted else { continue }
            for (token, _) in tokenMoves(side, template, restricted: restricted) { tokens.insert(token) }
            for (next, _, _) in silentMoves(side, template, restricted: restricted) { stack.append(next) }
        }
        firstTokens[key] = tokens
        return tokens
    }

    // MARK: Product search

    /// Finds sentences both templates accept with different readings.
    mutating func intersect(_ firstIndex: Int, _ secondIndex: Int) {
        let restricted = focus != nil
        let first = registry.templates[firstIndex], second = registry.templates[secondIndex]
        let firstStart = startTokens(firstIndex, restricted: restricted)
        let secondStart = startTokens(secondIndex, restricted: false)
        guard !firstStart.isDisjoint(with: secondStart) else { return }
        let sameIntent = first.intentIndex == second.intentIndex

        var states: [ProductState] = []
        var parents: [(parent: Int32, token: Int32)] = []
        var visited: [ProductState: Int32] = [:]
        var witnesses = 0

        func push(_ state: ProductState, parent: Int32, token: Int32) {
            var state = state
            if sameIntent { CollisionFinder.cancelShared(&state) }
            guard visited[state] == nil else { return }
            visited[state] = Int32(states.count)
            states.append(state)
            parents.append((parent, token))
        }

        push(ProductState(first: SideState(state: 0), second: SideState(state: 0), firstBindings: .empty, secondBindings: .empty, focusUsed: false), parent: -1, token: -1)
        var cursor = 0
        while cursor < states.count {
            if states.count > CollisionFinder.maximumStatesPerPair {
                truncated = true
                break
            }
            let current = states[cursor]
            let here = Int32(cursor)
            cursor += 1
            if current.first == SideState(state: first.acceptState), current.second == SideState(state: second.acceptState) {
                let differs = !sameIntent || current.firstBindings != .empty || current.secondBindings != .empty
                if differs && (focus == nil || current.focusUsed) {
                    recordWitness(tokens: CollisionFinder.path(to: here, parents), templates: [firstIndex, secondIndex])
                    witnesses += 1
                    if witnesses >= CollisionFinder.maximumWitnessesPerPair { break }
                }
                continue
            }
            for (next, parameter, value) in silentMoves(current.first, first, restricted: restricted) {
                var state = current
                state.first = next
                if parameter >= 0 {
                    state.firstBindings = state.firstBindings.adding(parameter, value)
                    if let focus, registry.parameterSources[first.intentIndex][Int(parameter)] == .entity(focus.typeIndex), value == focus.entityIndex {
                        state.focusUsed = true
                    }
                }
                push(state, parent: here, token: -1)
            }
            for (next, parameter, value) in silentMoves(current.second, second, restricted: false) {
                var state = current
                state.second = next
                if parameter >= 0 { state.secondBindings = state.secondBindings.adding(parameter, value) }
                push(state, parent: here, token: -1)
            }
            let firstMoves = tokenMoves(current.first, first, restricted: restricted)
            let secondMoves = tokenMoves(current.second, second, restricted: false)
            if firstMoves.count <= secondMoves.count {
                for (token, next) in firstMoves {
                    for other in move(current.second, token, second, restricted: false) {
                        var state = current
                        state.first = next
                        state.second = other
                        push(state, parent: here, token: token)
                    }
                }
            } else {
                for (token, other) in secondMoves {
                    for next in move(current.first, token, first, restricted: restricted) {
                        var state = current
                        state.first = next
                        state.second = other
                        push(state, parent: here, token: token)
                    }
                }
            }
        }
    }

    /// For two templates of one intent, drops bindings both sides made alike: what is left
    /// tells whether the readings differ.
    private static func cancelShared(_ state: inout ProductState) {
        for pair in state.firstBindings.pairs where state.secondBindings.value(of: Int8(pair.parameter)) == pair.value {
            state.firstBindings = state.firstBindings.removing(Int8(pair.parameter))
            state.secondBindings = state.secondBindings.removing(Int8(pair.parameter))
        }
    }

    private static func path(to index: Int32, _ parents: [(parent: Int32, token: Int32)]) -> [Int32] {
        var tokens: [Int32] = []
        var cursor = index
        while cursor >= 0 {
            let step = parents[Int(cursor)]
            if step.token >= 0 { tokens.append(step.token) }
            cursor = step.parent
        }
        return tokens.reversed()
    }

    /// Reads the witness sentence with the two templates and records its distinct readings.
    private mutating func recordWitness(tokens: [Int32], templates pair: [Int]) {
        let words = tokens.map { snapshot.vocabulary.word($0) }
        let sentence = words.joined(separator: " ")
        let prepared = PreparedSentence(words: words, tokens: tokens, appAddressed: true, tooLong: false)
        let readings = registry.readings(of: prepared, appOptional: true, allowSkipping: false, snapshot: snapshot, only: Set(pair))
        var sources: [CollisionSource] = []
        for reading in readings {
            let template = registry.templates[reading.template]
            let invocation = registry.invocation(intent: reading.intent, bindings: reading.bindings, snapshot: snapshot)
            sources.append(CollisionSource(
                shortcutTitle: registry.shortcuts[template.shortcutIndex].title,
                phrase: template.template.source,
                invocation: invocation,
                summary: registry.summary(of: invocation)
            ))
        }
        guard Set(sources.map(\.invocation)).count > 1 else { return }
        if let existing = collisionIndex[sentence] {
            let merged = collisions[existing].sources + sources.filter { source in
                !collisions[existing].sources.contains { $0.invocation == source.invocation }
            }
            collisions[existing] = SentenceCollision(sentence: sentence, sources: merged)
        } else {
            collisionIndex[sentence] = collisions.count
            collisions.append(SentenceCollision(sentence: sentence, sources: sources))
        }
    }
}
