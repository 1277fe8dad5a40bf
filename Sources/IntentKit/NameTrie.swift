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

    /// An estimate of the bytes the vocabulary holds: each word in the list and as a dictionary
    /// key (16 bytes, plus its text when too long to be stored inline), its number, and the
    /// dictionary's spare capacity.
    var estimatedBytes: Int {
        let text = words.reduce(0) { total, word in total + (word.utf8.count > 15 ? 32 + word.utf8.count : 0) }
        let list = words.count * 16
        let table = ids.capacity * (16 + 4 + 1)
        return list + table + text
    }
}

/// A token trie of names: entity names and synonyms, or enum case synonyms.
///
/// Each node may end one or more names; the values are indices of the entities (or cases)
/// those names belong to. Lookups walk the sentence tokens from a start position.
///
/// The trie is built once (``Builder``) and then never changes. It is stored flat, for a library
/// of 100,000 songs: nodes are numbered level by level, every node's edges are one sorted run of
/// two arrays (found by binary search), and every node's values are one run of a third, so a node
/// costs 8 bytes, an edge 8 and a value 4, with no per-node allocation. A class, so the resolver's
/// inner loops pass one reference around rather than five arrays.
final class NameTrie: Sendable {
    static let root: Int32 = 0

    /// Node → index of its first edge in `edgeTokens`/`edgeNodes`; one more entry than nodes.
    private let edgeStart: [Int32]
    private let edgeTokens: [Int32]
    private let edgeNodes: [Int32]
    /// Node → index of its first value in `valueList`; one more entry than nodes.
    private let valueStart: [Int32]
    private let valueList: [Int32]

    /// An empty trie.
    convenience init() {
        self.init(edgeStart: [0, 0], edgeTokens: [], edgeNodes: [], valueStart: [0, 0], valueList: [])
    }

    private init(edgeStart: [Int32], edgeTokens: [Int32], edgeNodes: [Int32], valueStart: [Int32], valueList: [Int32]) {
        self.edgeStart = edgeStart
        self.edgeTokens = edgeTokens
        self.edgeNodes = edgeNodes
        self.valueStart = valueStart
        self.valueList = valueList
    }

    /// Bytes held by the trie's arrays.
    var memoryBytes: Int { 4 * (edgeStart.count + edgeTokens.count + edgeNodes.count + valueStart.count + valueList.count) }

    /// The node reached from `node` by `token`.
    @inline(__always)
    func child(of node: Int32, token: Int32) -> Int32? {
        var low = Int(edgeStart[Int(node)])
        var high = Int(edgeStart[Int(node) + 1])
        while low < high {
            let middle = (low + high) >> 1
            let found = edgeTokens[middle]
            if found == token { return edgeNodes[middle] }
            if found < token { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The values of the names that end at `node`.
    @inline(__always)
    func values(at node: Int32) -> ArraySlice<Int32> {
        valueList[Int(valueStart[Int(node)])..<Int(valueStart[Int(node) + 1])]
    }

    /// The outgoing edges of `node` (token, child), in token order: for the collision check.
    func edges(of node: Int32) -> Zip2Sequence<ArraySlice<Int32>, ArraySlice<Int32>> {
        let range = Int(edgeStart[Int(node)])..<Int(edgeStart[Int(node) + 1])
        return zip(edgeTokens[range], edgeNodes[range])
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

    /// Collects names, then builds the trie in one pass per name length.
    struct Builder {
        private var tokens: [Int32] = []
        private var starts: [Int32] = [0]
        private var values: [Int32] = []

        init() {}

        /// Adds `name` as a name of `value`; an empty name is ignored.
        mutating func add<Name: Collection<Int32>>(_ name: Name, value: Int32) {
            guard !name.isEmpty else { return }
            tokens.append(contentsOf: name)
            starts.append(Int32(tokens.count))
            values.append(value)
        }

        /// The trie of every name added.
        ///
        /// Level by level: each name still longer than the level is keyed by (the node it has
        /// reached, its next token); sorting the keys numbers the next level's nodes in order, so
        /// every node's edges come out as one sorted run.
        func build() -> NameTrie {
            let count = values.count
            var reached = [Int32](repeating: NameTrie.root, count: count)
            var active = Array(0..<count)
            var nodeCount: Int32 = 1
            var edgeParents: [Int32] = []
            var edgeTokens: [Int32] = []
            var edgeNodes: [Int32] = []
            var ends: [UInt64] = []
            ends.reserveCapacity(count)
            var depth: Int32 = 0
            var keyed: [(key: UInt64, name: Int32)] = []
            // When every number fits, (node, token, name) packs into one 64-bit key and a plain
            // sort of integers does the work (nodes < 2^24, tokens and names < 2^20).
            let packs = count < 1 << 20 && tokens.count < 1 << 24 && (tokens.max() ?? 0) < 1 << 20
            var packed: [UInt64] = []
            while !active.isEmpty {
                keyed.removeAll(keepingCapacity: true)
                if packs {
                    packed.removeAll(keepingCapacity: true)
                    for name in active {
                        let token = tokens[Int(starts[name] + depth)]
                        packed.append(UInt64(UInt32(bitPattern: reached[name])) << 40 | UInt64(UInt32(bitPattern: token)) << 20 | UInt64(name))
                    }
                    packed.sort()
                    for key in packed {
                        let node = key >> 40, token = (key >> 20) & 0xF_FFFF
                        keyed.append((node << 32 | token, Int32(key & 0xF_FFFF)))
                    }
                } else {
                    for name in active {
                        let token = tokens[Int(starts[name] + depth)]
                        keyed.append((UInt64(UInt32(bitPattern: reached[name])) << 32 | UInt64(UInt32(bitPattern: token)), Int32(name)))
                    }
                    keyed.sort { $0.key < $1.key }
                }
                var next: [Int] = []
                var lastKey = UInt64.max
                var current: Int32 = -1
                for (key, name) in keyed {
                    if key != lastKey {
                        current = nodeCount
                        nodeCount += 1
                        edgeParents.append(Int32(truncatingIfNeeded: key >> 32))
                        edgeTokens.append(Int32(bitPattern: UInt32(truncatingIfNeeded: key)))
                        edgeNodes.append(current)
                        lastKey = key
                    }
                    let index = Int(name)
                    reached[index] = current
                    if starts[index] + depth + 1 == starts[index + 1] {
                        ends.append(UInt64(UInt32(bitPattern: current)) << 32 | UInt64(UInt32(bitPattern: values[index])))
                    } else {
                        next.append(index)
                    }
                }
                active = next
                depth += 1
            }
            var edgeStart = [Int32](repeating: 0, count: Int(nodeCount) + 1)
            for parent in edgeParents { edgeStart[Int(parent) + 1] += 1 }
            for node in 0..<Int(nodeCount) { edgeStart[node + 1] += edgeStart[node] }

            ends.sort()
            var valueStart = [Int32](repeating: 0, count: Int(nodeCount) + 1)
            var valueList: [Int32] = []
            valueList.reserveCapacity(ends.count)
            var previous = UInt64.max
            for end in ends where end != previous {
                previous = end
                valueStart[Int(end >> 32) + 1] += 1
                valueList.append(Int32(bitPattern: UInt32(truncatingIfNeeded: end)))
            }
            for node in 0..<Int(nodeCount) { valueStart[node + 1] += valueStart[node] }
            return NameTrie(edgeStart: edgeStart, edgeTokens: edgeTokens, edgeNodes: edgeNodes, valueStart: valueStart, valueList: valueList)
        }
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

    mutating func next() -> (end: Int, values: ArraySlice<Int32>)? {
        while end < tokens.count, let child = trie.child(of: node, token: tokens[end]) {
            node = child
            end += 1
            let values = trie.values(at: node)
            if !values.isEmpty { return (end, values) }
        }
        return nil
    }
}
