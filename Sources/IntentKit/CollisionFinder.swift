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
            var builder = NameTrie.Builder()
            let entity = snapshot.entities[typeIndex][Int(entityIndex)]
            for name in entity.spokenNames {
                builder.add(Normalizer.tokens(of: name).map { snapshot.vocabulary.id(of: $0) }, value: entityIndex)
            }
            self.trie = builder.build()
        }
    }

    /// A position inside one template: resting at a state, or part-way through a slot's names.
    struct SideState: Hashable {
        var state: Int32
        /// The slot edge being walked (its index in the template's `edges`), or -1 when resting.
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
    /// The invocations each collision already lists, by its index in `collisions`.
    private var collisionInvocations: [Set<IntentInvocation>] = []
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
        template.edges[Int(edge)]
    }

    /// Moves that consume no token, with the binding they make, if any.
    private func silentMoves(_ side: SideState, _ template: CompiledTemplate, restricted: Bool) -> [(SideState, Int8, Int32)] {
        var moves: [(SideState, Int8, Int32)] = []
        if side.slotEdge < 0 {
            let leaving = template.transitions(from: side.state)
            for (edge, transition) in zip(leaving.indices, leaving) {
                switch transition.kind {
                case .epsilon, .app: moves.append((SideState(state: transition.target), -1, -1))
                case .fixed: moves.append((SideState(state: transition.target), transition.parameter, transition.caseIndex))
                case .slot: moves.append((SideState(state: side.state, slotEdge: Int32(edge), node: NameTrie.root), -1, -1))
                case .word: break
                }
            }
        } else {
            let transition = slotTransition(template, side.slotEdge)
            let names = trie(transition.source!, restricted: restricted)
            for value in names.values(at: side.node) {
                moves.append((SideState(state: transition.target), transition.parameter, value))
            }
        }
        return moves
    }

    /// Moves that consume one token.
    private func tokenMoves(_ side: SideState, _ template: CompiledTemplate, restricted: Bool) -> [(Int32, SideState)] {
        if side.slotEdge < 0 {
            return template.transitions(from: side.state).compactMap { transition in
                transition.kind == .word ? (transition.token, SideState(state: transition.target)) : nil
            }
        }
        let names = trie(slotTransition(template, side.slotEdge).source!, restricted: restricted)
        return names.edges(of: side.node).map { token, node in (token, SideState(state: side.state, slotEdge: side.slotEdge, node: node)) }
    }

    private func move(_ side: SideState, _ token: Int32, _ template: CompiledTemplate, restricted: Bool) -> [SideState] {
        if side.slotEdge < 0 {
            return template.transitions(from: side.state).compactMap { transition in
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
        let template = registry.coreTemplates[index]
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

    // MARK: Shared ends

    /// How many leading and trailing elements every template shares, when those are optional
    /// parts that bind nothing (a device or room that any phrase may be addressed to: "[<device>]
    /// next song [<where>] in {app}"). The trailing ones are counted before a final app slot.
    ///
    /// They add the same words to both sides of any colliding sentence, so the check compares the
    /// templates without them: a sentence two templates share with such a part, they share without
    /// it too, with the same readings. Leaving them out keeps the search from walking every device
    /// and room name for every pair of phrases.
    static func sharedEnds(of templates: [PhraseTemplate]) -> (leading: Int, trailing: Int) {
        guard let first = templates.first else { return (0, 0) }
        func isSilentOptional(_ element: PhraseElement) -> Bool {
            guard case .optional(let alternatives) = element else { return false }
            var binds = false
            PhraseTemplate.visit(alternatives.flatMap { $0 }) { inner in
                switch inner {
                case .parameter, .fixedValue, .appName: binds = true
                default: break
                }
            }
            return !binds
        }
        func body(_ template: PhraseTemplate) -> [PhraseElement] {
            if case .appName? = template.elements.last { return Array(template.elements.dropLast()) }
            return template.elements
        }
        var leading = 0
        while leading < first.elements.count, isSilentOptional(first.elements[leading]),
              templates.allSatisfy({ $0.elements.count > leading + 1 && $0.elements[leading] == first.elements[leading] }) {
            leading += 1
        }
        let firstBody = body(first)
        var trailing = 0
        while trailing < firstBody.count - leading, isSilentOptional(firstBody[firstBody.count - 1 - trailing]),
              templates.allSatisfy({ template in
                  let elements = body(template)
                  return elements.count - leading > trailing + 1 && elements[elements.count - 1 - trailing] == firstBody[firstBody.count - 1 - trailing]
              }) {
            trailing += 1
        }
        return (leading, trailing)
    }

    /// `template` without the shared leading and trailing parts (the final app slot kept).
    static func core(of template: PhraseTemplate, without shared: (leading: Int, trailing: Int)) -> PhraseTemplate {
        guard shared.leading + shared.trailing > 0 else { return template }
        var elements = template.elements
        var app: PhraseElement?
        if case .appName? = elements.last { app = elements.removeLast() }
        elements = Array(elements.dropFirst(shared.leading).dropLast(shared.trailing))
        if let app { elements.append(app) }
        return PhraseTemplate(source: template.source, elements: elements)
    }

    // MARK: Product search

    /// Finds sentences both templates accept with different readings.
    mutating func intersect(_ firstIndex: Int, _ secondIndex: Int) {
        let restricted = focus != nil
        let first = registry.coreTemplates[firstIndex], second = registry.coreTemplates[secondIndex]
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
            // Step along the side with fewer token moves and look each token up on the other.
            let firstMoves = tokenMoves(current.first, first, restricted: restricted)
            let secondMoves = tokenMoves(current.second, second, restricted: false)
            let leadIsFirst = firstMoves.count <= secondMoves.count
            for (token, lead) in leadIsFirst ? firstMoves : secondMoves {
                let follows = leadIsFirst
                    ? move(current.second, token, second, restricted: false)
                    : move(current.first, token, first, restricted: restricted)
                for follow in follows {
                    var state = current
                    (state.first, state.second) = leadIsFirst ? (lead, follow) : (follow, lead)
                    push(state, parent: here, token: token)
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
        let distinct = registry.distinctActions(sources.map(\.invocation), snapshot: snapshot)
        sources = distinct.map { sources[$0] }
        guard Set(sources.map(\.invocation)).count > 1 else { return }
        if let existing = collisionIndex[sentence] {
            let added = sources.filter { collisionInvocations[existing].insert($0.invocation).inserted }
            collisions[existing] = SentenceCollision(sentence: sentence, sources: collisions[existing].sources + added)
        } else {
            collisionIndex[sentence] = collisions.count
            collisions.append(SentenceCollision(sentence: sentence, sources: sources))
            collisionInvocations.append(Set(sources.map(\.invocation)))
        }
    }
}
