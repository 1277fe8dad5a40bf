/// A word automaton: states 0..<stateCount, arcs labelled with word ids (or -1 for epsilon),
/// one start state, any number of final states.
///
/// The grammar is built as a nondeterministic graph straight from the phrase templates (each slot
/// a trie of its names), then made deterministic and minimal, so every name list appears once per
/// distinct context instead of once per template that mentions it. PocketSphinx's FSG search
/// builds a phone tree per state, so fewer states is less memory and a faster `ps_set_fsg`.
public struct WordGraph: Sendable {
    /// The epsilon label.
    public static let epsilon: Int32 = -1

    public struct Arc: Sendable, Hashable {
        public var label: Int32
        public var target: Int32
    }

    /// Outgoing arcs per state.
    public private(set) var arcs: [[Arc]] = []
    /// Whether each state is final.
    public private(set) var isFinal: [Bool] = []
    public var start: Int32 = 0

    public init() {}

    public var stateCount: Int { arcs.count }
    public var arcCount: Int { arcs.reduce(0) { $0 + $1.count } }

    /// A new state.
    public mutating func addState(final: Bool = false) -> Int32 {
        arcs.append([])
        isFinal.append(final)
        return Int32(arcs.count - 1)
    }

    public mutating func addArc(from source: Int32, label: Int32, to target: Int32) {
        arcs[Int(source)].append(Arc(label: label, target: target))
    }

    public mutating func setFinal(_ state: Int32) { isFinal[Int(state)] = true }

    /// Adds the word sequences `phrases` as a trie from `source` to `target` (no epsilons inside).
    public mutating func addTrie(_ phrases: [[Int32]], from source: Int32, to target: Int32) {
        var children: [Int64: Int32] = [:]   // (state << 32 | label) → child
        for phrase in phrases where !phrase.isEmpty {
            var state = source
            for (index, word) in phrase.enumerated() {
                if index == phrase.count - 1 {
                    addArc(from: state, label: word, to: target)
                } else {
                    let key = Int64(state) << 32 | Int64(UInt32(bitPattern: word))
                    if let child = children[key] {
                        state = child
                    } else {
                        let child = addState()
                        addArc(from: state, label: word, to: child)
                        children[key] = child
                        state = child
                    }
                }
            }
        }
    }

    /// The equivalent deterministic graph without epsilons (subset construction).
    public func determinized() -> WordGraph {
        var closures: [[Int32]?] = Array(repeating: nil, count: stateCount)
        func closure(_ state: Int32) -> [Int32] {
            if let known = closures[Int(state)] { return known }
            var seen: Set<Int32> = [state]
            var stack = [state]
            while let current = stack.popLast() {
                for arc in arcs[Int(current)] where arc.label == Self.epsilon && seen.insert(arc.target).inserted {
                    stack.append(arc.target)
                }
            }
            let result = seen.sorted()
            closures[Int(state)] = result
            return result
        }

        var result = WordGraph()
        var ids: [[Int32]: Int32] = [:]
        var pending: [[Int32]] = []
        func id(of set: [Int32]) -> Int32 {
            if let known = ids[set] { return known }
            let state = result.addState(final: set.contains { isFinal[Int($0)] })
            ids[set] = state
            pending.append(set)
            return state
        }
        result.start = id(of: closure(start))
        var cursor = 0
        while cursor < pending.count {
            let set = pending[cursor]
            let source = ids[set]!
            cursor += 1
            var moves: [Int32: Set<Int32>] = [:]
            for state in set {
                for arc in arcs[Int(state)] where arc.label != Self.epsilon {
                    moves[arc.label, default: []].formUnion(closure(arc.target))
                }
            }
            for label in moves.keys.sorted() {
                result.addArc(from: source, label: label, to: id(of: moves[label]!.sorted()))
            }
        }
        return result
    }

    /// The same deterministic graph without the sentences in which a word comes right before
    /// one of the words `notFollowedBy` maps it to, a word of `neverLast` ends, or a word of
    /// `firstFollowedOnlyBy` begins and is followed by a word other than those it maps to: an arc
    /// with such a word leads instead to a copy of its target without those arcs (and not final if
    /// the word may not end), or nowhere when the copy would lead nowhere; states that then lead
    /// to no final state lose their incoming arcs. A placeholder arc (label below -1) stands for
    /// phrases of its own: after a word with such a rule, `narrowed(label, notFollowedBy[word])`
    /// gives the placeholder of those phrases that may follow it, the same label when all may, or
    /// nil when none may.
    public func withoutSentences(
        notFollowedBy: [Int32: Set<Int32>], neverLast: Set<Int32>, firstFollowedOnlyBy: [Int32: Set<Int32>] = [:],
        narrowed: (Int32, Set<Int32>) -> Int32? = { label, _ in label }
    ) -> WordGraph {
        var result = self
        struct Place: Hashable { let target: Int32, word: Int32 }
        enum Change { case keep, drop, redirect(Int32) }
        var changes: [Place: Change] = [:]
        for state in 0..<stateCount {
            for arc in arcs[state] where notFollowedBy[arc.label] != nil || neverLast.contains(arc.label) {
                let place = Place(target: arc.target, word: arc.label)
                guard changes[place] == nil else { continue }
                let followers = notFollowedBy[arc.label] ?? []
                let kept = arcs[Int(arc.target)].compactMap { next -> Arc? in
                    if followers.contains(next.label) { return nil }
                    guard next.label < WordGraph.epsilon else { return next }
                    return narrowed(next.label, followers).map { Arc(label: $0, target: next.target) }
                }
                let final = isFinal[Int(arc.target)] && !neverLast.contains(arc.label)
                if kept == arcs[Int(arc.target)] && final == isFinal[Int(arc.target)] {
                    changes[place] = .keep
                } else if kept.isEmpty && !final {
                    changes[place] = .drop
                } else {
                    let copy = result.addState(final: final)
                    result.arcs[Int(copy)] = kept
                    changes[place] = .redirect(copy)
                }
            }
        }
        for state in 0..<result.stateCount {
            result.arcs[state] = result.arcs[state].compactMap { arc in
                switch changes[Place(target: arc.target, word: arc.label)] ?? .keep {
                case .keep: return arc
                case .drop: return nil
                case .redirect(let copy): return Arc(label: arc.label, target: copy)
                }
            }
        }
        // An acyclic graph never comes back to its start, so a first word is an arc from it.
        result.arcs[Int(start)] = result.arcs[Int(start)].compactMap { arc in
            guard let allowed = firstFollowedOnlyBy[arc.label] else { return arc }
            let kept = result.arcs[Int(arc.target)].filter { allowed.contains($0.label) }
            guard !kept.isEmpty || result.isFinal[Int(arc.target)] else { return nil }
            let copy = result.addState(final: result.isFinal[Int(arc.target)])
            result.arcs[Int(copy)] = kept
            return Arc(label: arc.label, target: copy)
        }
        // Acyclic: a state leads to a final state if it is one or an arc leads to one that does.
        var leads = [Bool?](repeating: nil, count: result.stateCount)
        func leadsToFinal(_ state: Int32) -> Bool {
            if let known = leads[Int(state)] { return known }
            let answer = result.isFinal[Int(state)] || result.arcs[Int(state)].contains { leadsToFinal($0.target) }
            leads[Int(state)] = answer
            return answer
        }
        for state in 0..<result.stateCount {
            result.arcs[state] = result.arcs[state].filter { leadsToFinal($0.target) }
        }
        return result
    }

    /// The minimal equivalent graph of a deterministic, acyclic graph: states with the same
    /// finality and the same arcs into equivalent states are merged, from the leaves up.
    public func minimizedAcyclic() -> WordGraph {
        // Post-order: every state after all the states it leads to.
        var order: [Int32] = []
        var visited = [Bool](repeating: false, count: stateCount)
        var stack: [(state: Int32, next: Int)] = [(start, 0)]
        visited[Int(start)] = true
        while let top = stack.last {
            let outgoing = arcs[Int(top.state)]
            if top.next < outgoing.count {
                stack[stack.count - 1].next += 1
                let target = outgoing[top.next].target
                if !visited[Int(target)] {
                    visited[Int(target)] = true
                    stack.append((target, 0))
                }
            } else {
                order.append(top.state)
                stack.removeLast()
            }
        }
        struct Signature: Hashable {
            let final: Bool
            let arcs: [Arc]
        }
        var classes = [Int32](repeating: -1, count: stateCount)
        var registry: [Signature: Int32] = [:]
        var result = WordGraph()
        for state in order {
            let mapped = arcs[Int(state)].map { Arc(label: $0.label, target: classes[Int($0.target)]) }
                .sorted { $0.label < $1.label }
            let signature = Signature(final: isFinal[Int(state)], arcs: mapped)
            if let existing = registry[signature] {
                classes[Int(state)] = existing
            } else {
                let fresh = result.addState(final: signature.final)
                for arc in mapped { result.addArc(from: fresh, label: arc.label, to: arc.target) }
                registry[signature] = fresh
                classes[Int(state)] = fresh
            }
        }
        result.start = classes[Int(start)]
        return result
    }

    /// For each state, how many other states epsilon arcs reach from it (through any number of
    /// them), and whether one of those or the state itself is final.
    public func epsilonReach() -> (counts: [Int], reachesFinal: [Bool]) {
        var counts = [Int](repeating: 0, count: stateCount)
        var reachesFinal = isFinal
        for state in 0..<stateCount where arcs[state].contains(where: { $0.label == Self.epsilon }) {
            let reached = close([Int32(state)])
            counts[state] = reached.count - 1
            reachesFinal[state] = reached.contains { isFinal[Int($0)] }
        }
        return (counts, reachesFinal)
    }

    /// Copies `other` into this graph; returns the copy's start and its final states (which are
    /// not final here: the caller joins them onward).
    public mutating func appendCopy(of other: WordGraph) -> (start: Int32, finals: [Int32]) {
        let offset = Int32(stateCount)
        var finals: [Int32] = []
        for state in 0..<other.stateCount {
            _ = addState()
            if other.isFinal[state] { finals.append(offset + Int32(state)) }
        }
        for state in 0..<other.stateCount {
            for arc in other.arcs[state] {
                addArc(from: offset + Int32(state), label: arc.label, to: offset + arc.target)
            }
        }
        return (offset + other.start, finals)
    }

    /// Removes every arc whose label satisfies `predicate`.
    public mutating func removeArcs(where predicate: (Int32) -> Bool) {
        for state in 0..<stateCount { arcs[state].removeAll { predicate($0.label) } }
    }

    /// A trie of `phrases` from a new start to one final state, made minimal (shared suffixes).
    public static func phraseGraph(_ phrases: [[Int32]]) -> WordGraph {
        var graph = WordGraph()
        graph.start = graph.addState()
        let final = graph.addState(final: true)
        graph.addTrie(phrases, from: graph.start, to: final)
        return graph.determinized().minimizedAcyclic()
    }

    /// Every word sequence the graph accepts, up to `limit` of them (for tests and samples).
    public func sentences(limit: Int) -> [[Int32]] {
        var found: [[Int32]] = []
        func walk(_ state: Int32, _ prefix: [Int32]) {
            if found.count >= limit { return }
            if isFinal[Int(state)] { found.append(prefix) }
            for arc in arcs[Int(state)] {
                walk(arc.target, arc.label == Self.epsilon ? prefix : prefix + [arc.label])
            }
        }
        walk(start, [])
        return found
    }

    /// Whether the graph accepts `words` (deterministic graphs only need one path; this also
    /// follows epsilons, so it works on any graph).
    public func accepts(_ words: [Int32]) -> Bool {
        reached(after: words).contains { isFinal[Int($0)] }
    }

    /// The word sequences that finish a sentence starting with `words` (the empty one when
    /// `words` is a sentence), at most `limit` of them: nil when there are more, or when no
    /// sentence starts so.
    public func completions(of words: [Int32], limit: Int) -> [[Int32]]? {
        let states = reached(after: words)
        guard !states.isEmpty else { return nil }
        var found: Set<[Int32]> = []
        var tooMany = false
        func walk(_ state: Int32, _ suffix: [Int32]) {
            guard !tooMany else { return }
            if isFinal[Int(state)] {
                found.insert(suffix)
                if found.count > limit { tooMany = true; return }
            }
            for arc in arcs[Int(state)] {
                walk(arc.target, arc.label == Self.epsilon ? suffix : suffix + [arc.label])
            }
        }
        for state in states { walk(state, []) }
        return tooMany ? nil : found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The states (epsilon closure included) reached from the start by `words`.
    private func reached(after words: [Int32]) -> Set<Int32> {
        var current = close([start])
        for word in words {
            current = step(current, word)
            if current.isEmpty { break }
        }
        return current
    }

    /// The states (epsilon closure included) reached from `states` by the word `word`.
    private func step(_ states: Set<Int32>, _ word: Int32) -> Set<Int32> {
        var next: Set<Int32> = []
        for state in states { for arc in arcs[Int(state)] where arc.label == word { next.insert(arc.target) } }
        return close(next)
    }

    /// `states` and every state epsilon arcs reach from them.
    private func close(_ states: Set<Int32>) -> Set<Int32> {
        var result = states
        var stack = Array(states)
        while let state = stack.popLast() {
            for arc in arcs[Int(state)] where arc.label == Self.epsilon && result.insert(arc.target).inserted {
                stack.append(arc.target)
            }
        }
        return result
    }
}
