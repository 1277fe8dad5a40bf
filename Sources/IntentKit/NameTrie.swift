/// Interned tokens: every word a template, enum or entity name can contain gets a small number.
struct Vocabulary: Sendable {
    private(set) var ids: [String: Int32] = [:]
    private(set) var words: [String] = []

    /// The token's number, adding it when new.
    mutating func intern(_ token: String) -> Int32 {
        if let id = ids[token] { return id }
        let id = Int32(words.count)
        ids[token] = id
        words.append(token)
        return id
    }

    /// The token's number, or -1 when no template, enum or entity contains it.
    func id(of token: String) -> Int32 { ids[token] ?? -1 }

    /// The text of a token number.
    func word(_ id: Int32) -> String { id >= 0 && Int(id) < words.count ? words[Int(id)] : "?" }
}

/// A token trie of names: entity names and synonyms, or enum case synonyms.
///
/// Each node may end one or more names; the values are indices of the entities (or cases)
/// those names belong to. Lookups walk the sentence tokens from a start position.
struct NameTrie: Sendable {
    struct Edge: Sendable {
        let token: Int32
        let node: Int32
    }

    private var edges: [UInt64: Int32] = [:]
    /// Outgoing edges of every node, for enumeration by the collision check.
    private(set) var children: [[Edge]] = [[]]
    /// Value indices ending at every node.
    private(set) var values: [[Int32]] = [[]]

    static let root: Int32 = 0

    /// Adds `tokens` as a name of `value`; an empty name is ignored.
    mutating func insert(_ tokens: [Int32], value: Int32) {
        guard !tokens.isEmpty else { return }
        var node = NameTrie.root
        for token in tokens {
            if let next = child(of: node, token: token) {
                node = next
            } else {
                let next = Int32(values.count)
                values.append([])
                children.append([])
                children[Int(node)].append(Edge(token: token, node: next))
                edges[NameTrie.key(node, token)] = next
                node = next
            }
        }
        if !values[Int(node)].contains(value) { values[Int(node)].append(value) }
    }

    /// The node reached from `node` by `token`.
    @inline(__always)
    func child(of node: Int32, token: Int32) -> Int32? {
        edges[NameTrie.key(node, token)]
    }

    /// Every name that starts at `start` in `tokens`, shortest first: the position just after it
    /// and the values it names.
    func names(in tokens: [Int32], from start: Int) -> NameMatches {
        NameMatches(trie: self, tokens: tokens, end: start)
    }

    /// The node reached by the whole of `tokens` from the root.
    func node(for tokens: ArraySlice<Int32>) -> Int32? {
        var node = NameTrie.root
        for token in tokens {
            guard let next = child(of: node, token: token) else { return nil }
            node = next
        }
        return node
    }

    private static func key(_ node: Int32, _ token: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: node)) << 32 | UInt64(UInt32(bitPattern: token))
    }
}

/// The names of a trie that start at one position of a sentence (see ``NameTrie/names(in:from:)``).
/// An iterator rather than a callback, so the resolver's and the suggestions' inner loops call
/// their own code directly.
struct NameMatches: Sequence, IteratorProtocol {
    let trie: NameTrie
    let tokens: [Int32]
    private var node = NameTrie.root
    private var end: Int

    init(trie: NameTrie, tokens: [Int32], end: Int) {
        self.trie = trie
        self.tokens = tokens
        self.end = end
    }

    mutating func next() -> (end: Int, values: [Int32])? {
        while end < tokens.count, let child = trie.child(of: node, token: tokens[end]) {
            node = child
            end += 1
            let values = trie.values[Int(node)]
            if !values.isEmpty { return (end, values) }
        }
        return nil
    }
}
