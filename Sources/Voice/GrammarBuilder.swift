import ChangerIntents
import IntentKit
import Synchronization
import SystemSupport

/// What the generator adds around the phrase templates.
public struct GrammarOptions: Sendable, Hashable {
    /// Whether "in CD Changer" (any app connector + any app name) may end a sentence.
    public var appClause: Bool = true
    /// Entity types whose names are left out of the grammar (their slots hear nothing): a large
    /// library's songs would make the grammar too big to rebuild quickly (docs/voice.md).
    public var unspokenEntityTypes: Set<String> = []
    /// Entity types of which the grammar holds only the names its caller lists with each build
    /// (`VoiceRecognizer.setListedNames`): the songs of the discs loaded now, out of a library's
    /// thousands. Until names are listed, such a type's slots hear nothing.
    public var listedEntityTypes: Set<String> = []
    /// Named fragments left out of every phrase, as if the phrase did not have them: the ones
    /// that only address a device or room ("tv, next song in the kitchen") make the grammar many
    /// times larger and give the recognizer more to confuse, for nothing a driver says.
    public var unspokenFragments: Set<String> = []
    /// Fragment bodies that replace the registry's in the grammar: a smaller spoken vocabulary
    /// ("(track|song|tune)" where typing also takes "piece" and "cut", which sound like "disc").
    /// Each must say a part of what the registry's body says, so whatever is heard is understood.
    public var spokenFragments: [String: String] = [:]
    /// Answers to a follow-up question, heard besides the commands (phrase syntax, no
    /// parameters): "four", "the second one", "yes", "never mind". Alone they command nothing;
    /// the conversation reads them as the answer to its open question.
    public var answerPhrases: [String] = []
    /// For number enums (by identifier), the values the grammar hears; the others are left out.
    /// Numbers that sound alike ("seventy" and "seventeen", "forty" and "fourteen") are the
    /// recognizer's surest way to act wrongly, so each list keeps only one of such a pair.
    public var spokenIntegers: [String: Set<Int>] = [:]
    /// Phrase templates (exactly as registered) left out: each sounds like another command's.
    public var unspokenPhrases: Set<String> = []
    /// Enum case names and synonyms (by enum identifier) left out, for the same reason.
    public var unspokenEnumPhrases: [String: Set<String>] = [:]
    /// Alternatives (by intent identifier) left out of the choices and optional parts of that
    /// intent's phrases, fragments included: "swap" in "(change|switch|swap|skip) <disc>".
    public var unspokenAlternatives: [String: Set<String>] = [:]
    /// Word salad the typed phrases' optional parts make and the resolver reads past, left out:
    /// a word of this map is never heard right before one of the words it maps to ("the it",
    /// "my to", "the over"), …
    public var wordsNotFollowedBy: [String: Set<String>] = [:]
    /// … and a word of this set never ends a sentence ("how long until the end for", "… the
    /// end the"). To the recognizer each such sentence is one more place for speech outside the
    /// grammar to land: "how long until we get there" was acted on as "how long until the end the".
    public var wordsNeverLast: Set<String> = []
    /// … and a word of this map that begins a sentence is followed only by the words it maps to
    /// ("it is too loud", but not "it up" or "it way less a little", which leave out the verb of
    /// "[turn] it up").
    public var firstWordsFollowedOnlyBy: [String: Set<String>] = [:]

    public init(
        appClause: Bool = true,
        unspokenEntityTypes: Set<String> = [], listedEntityTypes: Set<String> = [], unspokenFragments: Set<String> = [], spokenFragments: [String: String] = [:],
        answerPhrases: [String] = [], spokenIntegers: [String: Set<Int>] = [:],
        unspokenPhrases: Set<String> = [], unspokenEnumPhrases: [String: Set<String>] = [:],
        unspokenAlternatives: [String: Set<String>] = [:],
        wordsNotFollowedBy: [String: Set<String>] = [:], wordsNeverLast: Set<String> = [], firstWordsFollowedOnlyBy: [String: Set<String>] = [:]
    ) {
        self.appClause = appClause
        self.unspokenEntityTypes = unspokenEntityTypes
        self.listedEntityTypes = listedEntityTypes
        self.unspokenFragments = unspokenFragments
        self.spokenFragments = spokenFragments
        self.answerPhrases = answerPhrases
        self.spokenIntegers = spokenIntegers
        self.unspokenPhrases = unspokenPhrases
        self.unspokenEnumPhrases = unspokenEnumPhrases
        self.unspokenAlternatives = unspokenAlternatives
        self.wordsNotFollowedBy = wordsNotFollowedBy
        self.wordsNeverLast = wordsNeverLast
        self.firstWordsFollowedOnlyBy = firstWordsFollowedOnlyBy
    }
}

/// A generated grammar: the minimal word graph, its words and their pronunciations.
public struct Grammar: Sendable {
    /// The word graph: the minimal skeleton with the slots' graphs joined in by epsilon arcs
    /// (`Decoder.useGraph` hands it to `ps_set_fsg`).
    public let graph: WordGraph
    /// Word id → grammar word.
    public let words: [String]
    /// Every word of the grammar with its pronunciations (the decoder's dictionary).
    public let lexicon: [LexiconEntry]
    /// Spoken word sequences of names that the resolver's normaliser does not read back as the
    /// written name ("blink one hundred eighty two" → "Blink-182"); applied to a hypothesis.
    public let rewrites: [[String]: String]
    /// Names left out because a word of theirs has no pronunciation (each reported, never silent).
    public let leftOut: [(name: String, problem: UnpronounceableWord)]
    /// How many names and enum phrases the slots hold.
    public let slotPhraseCount: Int
    /// Grammar word → word id.
    private let wordIDs: [String: Int32]

    init(graph: WordGraph, words: [String], lexicon: [LexiconEntry], rewrites: [[String]: String],
         leftOut: [(name: String, problem: UnpronounceableWord)], slotPhraseCount: Int) {
        self.graph = graph
        self.words = words
        self.lexicon = lexicon
        self.rewrites = rewrites
        self.leftOut = leftOut
        self.slotPhraseCount = slotPhraseCount
        wordIDs = Dictionary(words.enumerated().map { ($0.element, Int32($0.offset)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Word id → number of pronunciations in the lexicon (1 when the word has no entry).
    public var pronunciationCounts: [Int] {
        let counts = Dictionary(lexicon.map { ($0.word, $0.pronunciations.count) }, uniquingKeysWith: { first, _ in first })
        return words.map { counts[$0] ?? 1 }
    }

    /// The word sequences that finish a sentence starting with the grammar words `words`
    /// (`WordGraph.completions`); nil for more than `limit`, or for words no sentence starts with.
    public func completions(of words: [String], limit: Int) -> [[String]]? {
        var ids: [Int32] = []
        for word in words {
            guard let id = wordIDs[word] else { return nil }
            ids.append(id)
        }
        return graph.completions(of: ids, limit: limit)?.map { $0.map { self.words[Int($0)] } }
    }

    /// `hypothesis` with names spoken differently from their written form put back
    /// ("play blink one hundred eighty two" → "play Blink-182"), longest match first.
    public func rewriting(_ hypothesis: String) -> String {
        guard !rewrites.isEmpty else { return hypothesis }
        let words = hypothesis.split(separator: " ").map(String.init)
        let longest = rewrites.keys.map(\.count).max() ?? 0
        var output: [String] = []
        var index = 0
        outer: while index < words.count {
            for length in stride(from: min(longest, words.count - index), through: 1, by: -1) {
                if let name = rewrites[Array(words[index..<index + length])] {
                    output.append(name)
                    index += length
                    continue outer
                }
            }
            output.append(words[index])
            index += 1
        }
        return output.joined(separator: " ")
    }
}

/// Generates the recognizer's grammar from the registry's phrase templates (IntentKit's
/// `PhraseTemplate` trees), enum synonyms, app names and the snapshot's entity names.
///
/// Templates and enums are compiled once; `grammar(for:)` adds the current names and makes the
/// graph deterministic and minimal.
public struct GrammarBuilder: Sendable {
    /// A template part with its words already numbered.
    indirect enum Node: Sendable {
        case words([Int32])
        case choice([[Node]])
        case optional([[Node]])
        case app
        case enumeration(Int)     // index into enumPhrases
        case entity(String)       // entity type identifier
        /// A fragment said in many places, as a placeholder (index into `fragmentGraphs`) in
        /// the skeleton; `nodes` is its body, for the samplers.
        case fragment(Int, [Node])
    }

    public let options: GrammarOptions
    private let lexicon: Lexicon
    private let templates: [(intent: String, nodes: [Node])]
    /// Each enum slot's spoken phrases, with the case each one says (`values`, parallel to `phrases`).
    private let enumPhrases: [(identifier: String, phrases: [[Int32]], values: [String])]
    private let enumGraphs: [WordGraph]
    private let appPhrases: [[Int32]]
    /// Fragments of nothing but words ("(track|song|tune)") that no word rule involves, each as a
    /// graph: the skeleton has a placeholder for each, so their words appear once per place they
    /// lead to rather than once per place they come from (docs/voice.md, "Speed and memory").
    private let fragmentGraphs: [WordGraph]
    /// The app clause ("in cd changer"…) as graphs: the skeleton has a placeholder for it, as
    /// for a slot (labels after the entity types'), so the clause's words are not repeated after
    /// each of the two hundred places a sentence may end (docs/voice.md, "Speed and memory").
    /// The first is the whole clause; the others leave out connectors that may not follow the
    /// word before them ("play the in cd changer", `GrammarOptions.wordsNotFollowedBy`).
    private let appGraphs: [WordGraph]
    /// The placeholder label of the whole app clause; each narrowed one is one lower.
    private let appLabel: Int32
    /// The connectors each app clause placeholder allows (`appLabel - label` → set).
    private let appConnectorSets: [Set<Int32>]
    private let staticWords: [String]            // word id → word
    private let staticSources: [String]          // word id → written source
    private let entityTypes: [String]
    /// The templates as a minimal graph in which each slot is one arc with a placeholder label
    /// (`slotLabel`); `grammar(for:)` puts the slot's phrase graph in its place.
    private let skeleton: WordGraph
    /// Names as the grammar says them, kept from one snapshot to the next: a rename respells one
    /// name, not the library's thousand (most of a rebuild's time before).
    private let spokenNames = SpokenNames()

    /// The intent name the answer phrases are filed under (they command nothing alone).
    static let answerIntent = ""

    /// The placeholder label of slot `index` (enums first, then entity types).
    static func slotLabel(_ index: Int) -> Int32 { -2 - Int32(index) }

    /// How often `sampleSentences` draws from a template for one sentence the grammar has.
    static let drawsPerSample = 20

    /// Compiles every shortcut's phrases of `registry`; throws if a template does not parse.
    public init(registry: ShortcutRegistry, lexicon: Lexicon, options: GrammarOptions = GrammarOptions()) throws(DecoderError) {
        self.options = options
        self.lexicon = lexicon
        var table = WordTable()
        let dictionary = lexicon.dictionary
        func spoken(_ text: String) -> [Int32] {
            let form = SpokenForm(text, hasApostropheForm: dictionary.contains)
            return zip(form.words, form.sources).map { table.id(of: $0.0, source: $0.1) }
        }
        var enumIndex: [String: Int] = [:]
        var enumPhrases: [(String, [[Int32]], [String])] = []
        var entityTypes: [String] = []
        var templates: [(String, [Node])] = []
        let fragments: PhraseFragments
        do {
            fragments = options.spokenFragments.isEmpty ? registry.fragments
                : try PhraseFragments(registry.fragments.sources.merging(options.spokenFragments) { $1 })
        } catch {
            throw DecoderError("the spoken fragments do not parse: \(error)")
        }

        // Fragments kept as placeholders: only words and choices of them, none of them a word of
        // the salad rules (which look at the words on either side of each word), never empty.
        let ruleWords = Set(options.wordsNotFollowedBy.flatMap { [$0.key] + $0.value } + options.wordsNeverLast
            + options.firstWordsFollowedOnlyBy.flatMap { [$0.key] + $0.value })
        func onlyFreeWords(_ elements: [PhraseElement]) -> Bool {
            elements.allSatisfy { element in
                switch element {
                case .words(let display, _):
                    return SpokenForm(display, hasApostropheForm: dictionary.contains).words.allSatisfy { !ruleWords.contains($0) }
                case .choice(let alternatives): return alternatives.allSatisfy(onlyFreeWords)
                case .fragment(let name, let inner): return options.unspokenFragments.contains(name) || onlyFreeWords(inner)
                case .optional, .appName, .parameter, .fixedValue: return false
                }
            }
        }
        var fragmentGraphs: [WordGraph] = []
        var fragmentIndex: [String: Int?] = [:]
        func sharedFragment(_ name: String, _ body: [PhraseElement], dropping: Set<String>) -> Int? {
            // The alternatives left out for an intent make a fragment of their own.
            var words: Set<String> = []
            PhraseTemplate.visit(body) { element in if case .words(let display, _) = element { words.insert(display.lowercased()) } }
            let key = ([name] + dropping.intersection(words).sorted()).joined(separator: "|")
            if let known = fragmentIndex[key] { return known }
            var index: Int?
            if onlyFreeWords(body) {
                let nodes = Self.nodes(body, spoken: spoken, skipping: options.unspokenFragments, dropping: dropping, slot: { _, _ in nil })
                var graph = WordGraph()
                graph.start = graph.addState()
                Self.compile(nodes, from: graph.start, to: graph.addState(final: true), into: &graph, slotIndex: { _ in -1 })
                let minimal = graph.determinized().minimizedAcyclic()
                if !minimal.isFinal[Int(minimal.start)], minimal.stateCount > 1 {
                    fragmentGraphs.append(minimal)
                    index = fragmentGraphs.count - 1
                }
            }
            fragmentIndex[key] = index
            return index
        }
        for shortcut in registry.shortcuts {
            guard let intent = registry.intents.first(where: { $0.identifier == shortcut.intent }) else { continue }
            for phrase in shortcut.phrases where !options.unspokenPhrases.contains(phrase) {
                let template: PhraseTemplate
                do { template = try PhraseTemplate(phrase, fragments: fragments) } catch {
                    throw DecoderError("phrase “\(phrase)” does not parse: \(error)")
                }
                let slot = { (name: String, beforeCountedNoun: Bool) -> Node? in
                    switch intent.parameter(named: name)?.type {
                    case .enumeration(let definition):
                        // A number names its thing as a cardinal after it ("track three") and as an
                        // ordinal before it ("the third track"): "track ninth" sounds like "track
                        // five", "select seven cartridge" like "select certain cartridge", and nobody
                        // says either.
                        let hasOrdinals = definition.cases.contains { Self.ordinal(of: $0).map($0.synonyms.contains) == true }
                        let numberForm = !hasOrdinals ? "" : beforeCountedNoun ? " ordinals" : " cardinals"
                        let key = definition.identifier + numberForm
                        if let index = enumIndex[key] { return .enumeration(index) }
                        var seen: Set<[Int32]> = []
                        var phrases: [[Int32]] = []
                        var values: [String] = []
                        var spokenValues: Set<EnumCaseValue> = []
                        let unspoken = options.unspokenEnumPhrases[definition.identifier] ?? []
                        for enumCase in definition.cases {
                            if case .integer(let number) = enumCase.value, let allowed = options.spokenIntegers[definition.identifier] {
                                // One case per value: a second one only adds readings the voice does not need.
                                guard allowed.contains(number), spokenValues.insert(enumCase.value).inserted else { continue }
                            }
                            let ordinal = Self.ordinal(of: enumCase)
                            for text in [enumCase.displayName] + enumCase.synonyms where !unspoken.contains(text) {
                                switch numberForm {
                                case " cardinals" where text == ordinal: continue
                                case " ordinals" where text != ordinal: continue
                                default: break
                                }
                                let form = SpokenForm(text, hasApostropheForm: dictionary.contains)
                                // Said aloud, "20 second" is "twenty second", which reads back as 22nd.
                                guard !form.words.isEmpty, Normalizer.tokens(of: form.text) == Normalizer.tokens(of: text) else { continue }
                                let words = spoken(text)
                                if seen.insert(words).inserted {
                                    phrases.append(words)
                                    values.append(enumCase.displayName)
                                }
                            }
                            // "a hundred" normalises to 100 and would come back as "one hundred".
                            if case .integer(100) = enumCase.value {
                                let words = [table.id(of: "a", source: "a"), table.id(of: "hundred", source: "hundred")]
                                if seen.insert(words).inserted {
                                    phrases.append(words)
                                    values.append(enumCase.displayName)
                                }
                            }
                        }
                        enumIndex[key] = enumPhrases.count
                        enumPhrases.append((definition.identifier, phrases, values))
                        return .enumeration(enumPhrases.count - 1)
                    case .entity(let type):
                        if !entityTypes.contains(type) { entityTypes.append(type) }
                        return .entity(type)
                    default:
                        return nil
                    }
                }
                let dropping = options.unspokenAlternatives[shortcut.intent] ?? []
                templates.append((shortcut.intent, Self.nodes(
                    template.elements, spoken: spoken, skipping: options.unspokenFragments, dropping: dropping, slot: slot,
                    shared: { name, body in sharedFragment(name, body, dropping: dropping) }
                )))
            }
        }
        for phrase in options.answerPhrases {
            do {
                let template = try PhraseTemplate(phrase, fragments: fragments)
                templates.append((Self.answerIntent, Self.nodes(template.elements, spoken: spoken, slot: { _, _ in nil })))
            } catch {
                throw DecoderError("answer phrase “\(phrase)” does not parse: \(error)")
            }
        }
        let appNames = ([registry.appName] + registry.alternativeAppNames).map(spoken)
        appPhrases = PhraseTemplate.appConnectors.sorted().flatMap { connector in
            appNames.map { spoken(connector) + $0 }
        }
        self.templates = templates
        self.enumPhrases = enumPhrases
        self.entityTypes = entityTypes
        staticWords = table.words
        staticSources = table.sources
        enumGraphs = enumPhrases.map { WordGraph.phraseGraph($0.1) }
        self.fragmentGraphs = fragmentGraphs

        var nfa = WordGraph()
        nfa.start = nfa.addState()
        let final = nfa.addState(final: true)
        let slotIndex: (Node) -> Int = { node in
            switch node {
            case .enumeration(let index): return index
            case .entity(let type): return enumPhrases.count + entityTypes.firstIndex(of: type)!
            case .fragment(let index, _): return enumPhrases.count + entityTypes.count + index
            case .app: return options.appClause ? enumPhrases.count + entityTypes.count + fragmentGraphs.count : -1
            default: return -1
            }
        }
        for template in templates {
            Self.compile(template.1, from: nfa.start, to: final, into: &nfa, slotIndex: slotIndex)
        }
        // A word rule in grammar word ids; words the grammar does not have are left out.
        func ids(_ rule: [String: Set<String>]) -> [Int32: Set<Int32>] {
            var result: [Int32: Set<Int32>] = [:]
            for (word, followers) in rule {
                if let id = table.existingID(of: word) { result[id] = Set(followers.compactMap(table.existingID)) }
            }
            return result
        }
        // The app clause's placeholders: the whole clause, then one per set of connectors that
        // may follow some word, made as the rules ask for them.
        let appLabel = Self.slotLabel(enumPhrases.count + entityTypes.count + fragmentGraphs.count)
        self.appLabel = appLabel
        let connectors = Set(appPhrases.compactMap(\.first))   // e.g. "in", "on", "via"…
        var appConnectorSets: [Set<Int32>] = [connectors]
        func narrowed(_ label: Int32, _ forbidden: Set<Int32>) -> Int32? {
            guard label <= appLabel else { return label }   // a slot's or a fragment's: no word rule reaches it
            let allowed = appConnectorSets[Int(appLabel - label)].subtracting(forbidden)
            if allowed.isEmpty { return nil }
            if let known = appConnectorSets.firstIndex(of: allowed) { return appLabel - Int32(known) }
            appConnectorSets.append(allowed)
            return appLabel - Int32(appConnectorSets.count - 1)
        }
        skeleton = nfa.determinized().withoutSentences(
            notFollowedBy: ids(options.wordsNotFollowedBy), neverLast: Set(options.wordsNeverLast.compactMap(table.existingID)),
            firstFollowedOnlyBy: ids(options.firstWordsFollowedOnlyBy), narrowed: narrowed
        ).minimizedAcyclic()
        let clause = appPhrases
        self.appConnectorSets = appConnectorSets
        appGraphs = appConnectorSets.map { allowed in WordGraph.phraseGraph(clause.filter { allowed.contains($0[0]) }) }
        for (word, source) in zip(staticWords, staticSources) where lexicon.entry(for: word, source: source) == nil {
            throw DecoderError("the phrase word “\(word)” (from “\(source)”) has no pronunciation")
        }
    }

    /// `slot(name, beforeCountedNoun)` makes a parameter's node; `beforeCountedNoun` says whether
    /// the slot comes right before a word for what is counted (`isCountedNoun`). Fragments named
    /// in `skipping` are left out, and so are alternatives that are just one of the words of `dropping`.
    /// `shared(name, body)` gives the index of a fragment kept as a placeholder, or nil to say
    /// it in place.
    static func nodes(
        _ elements: [PhraseElement], spoken: (String) -> [Int32], skipping: Set<String> = [], dropping: Set<String> = [],
        slot: (String, Bool) -> Node?, shared: (String, [PhraseElement]) -> Int? = { _, _ in nil }
    ) -> [Node] {
        func kept(_ alternatives: [[PhraseElement]]) -> [[Node]] {
            alternatives.filter { alternative in
                guard alternative.count == 1, case .words(let display, _) = alternative[0] else { return true }
                return !dropping.contains(display.lowercased())
            }.map { nodes($0, spoken: spoken, skipping: skipping, dropping: dropping, slot: slot, shared: shared) }
        }
        var result: [Node] = []
        for (position, element) in elements.enumerated() {
            switch element {
            case .words(let display, _):
                let words = spoken(display)
                if !words.isEmpty { result.append(.words(words)) }
            case .choice(let alternatives):
                result.append(.choice(kept(alternatives)))
            case .optional(let alternatives):
                result.append(.optional(kept(alternatives)))
            case .appName:
                result.append(.app)
            case .parameter(let name):
                let next = elements.index(after: position)
                if let node = slot(name, next < elements.count && isCountedNoun(elements[next])) { result.append(node) }
            case .fragment(let name, let inner):
                // A fragment is said exactly as if its body were written in its place.
                guard !skipping.contains(name) else { continue }
                if let index = shared(name, inner) {
                    result.append(.fragment(index, nodes(inner, spoken: spoken, skipping: skipping, dropping: dropping, slot: slot)))
                } else {
                    result += nodes(inner, spoken: spoken, skipping: skipping, dropping: dropping, slot: slot, shared: shared)
                }
            case .fixedValue:
                continue
            }
        }
        return result
    }

    /// The ordinal a number case may be said as ("3rd"), nil for other cases.
    static func ordinal(of enumCase: EnumCase) -> String? {
        guard case .integer(let number) = enumCase.value, number > 0 else { return nil }
        return Normalizer.ordinalToken(number)
    }

    /// The fragments and words that name what a number counts.
    static let countedNouns: Set<String> = ["track", "disc", "slot", "magazine", "bay"]

    /// Whether `element` is (or every alternative of it starts with) a word for what a number
    /// counts: `<track>`, `(<disc>|slot)`.
    static func isCountedNoun(_ element: PhraseElement) -> Bool {
        switch element {
        case .fragment(let name, _): return countedNouns.contains(name)
        case .words(let display, _): return countedNouns.contains(display.lowercased())
        case .choice(let alternatives): return alternatives.allSatisfy { $0.first.map(isCountedNoun) ?? false }
        default: return false
        }
    }

    /// Whether `name` is another of `names` said as an owner ("Amber Lane's" of "Amber Lane"):
    /// typed, such a form reads "play Amber Lane's album"; heard, it would double the grammar's
    /// artists for a form the words around it already say (docs/voice.md).
    static func isOwnersForm(_ name: String, amongst names: [String]) -> Bool {
        name.hasSuffix("'s") && names.contains(String(name.dropLast(2)))
    }

    /// The names of `snapshot` as word sequences per entity type, with the new words numbered,
    /// rewrites for names the normaliser would not read back, and the names left out. Of a
    /// listed type (`GrammarOptions.listedEntityTypes`), only the entities named in `listed`.
    private func names(for snapshot: ParameterSnapshot, listed: [String: Set<String>], table: inout WordTable)
        -> (byType: [String: [[Int32]]], rewrites: [[String]: String], leftOut: [(String, UnpronounceableWord)]) {
        var byType: [String: [[Int32]]] = [:]
        var rewrites: [[String]: String] = [:]
        var leftOut: [(String, UnpronounceableWord)] = []
        let dictionary = lexicon.dictionary
        for type in entityTypes where !options.unspokenEntityTypes.contains(type) {
            var seen: Set<[Int32]> = []
            var phrases: [[Int32]] = []
            let only = options.listedEntityTypes.contains(type) ? listed[type] ?? [] : nil
            for entity in snapshot.entities[type] ?? [] where only?.contains(entity.displayName) ?? true {
                let entityNames = [entity.displayName] + entity.synonyms
                for name in entityNames where !Self.isOwnersForm(name, amongst: entityNames) {
                    let spoken = spokenNames.spoken(name) {
                        let form = SpokenForm(name, hasApostropheForm: dictionary.contains)
                        let bad = zip(form.words, form.sources).first { lexicon.entry(for: $0.0, source: $0.1) == nil }
                        return SpokenName(words: form.words, sources: form.sources, unpronounceable: bad.map { UnpronounceableWord(word: $0.0, source: $0.1) },
                                          readsBack: Normalizer.tokens(of: form.text) == Normalizer.tokens(of: name))
                    }
                    guard !spoken.words.isEmpty else { continue }
                    if let bad = spoken.unpronounceable {
                        leftOut.append((name, bad))
                        continue
                    }
                    let words = zip(spoken.words, spoken.sources).map { table.id(of: $0.0, source: $0.1) }
                    if !spoken.readsBack { rewrites[spoken.words] = name }
                    if seen.insert(words).inserted { phrases.append(words) }
                }
            }
            byType[type] = phrases
        }
        return (byType, rewrites, leftOut)
    }

    /// The grammar for the names of `snapshot` (the registry's current one, typically); of a
    /// listed type, the names in `listed` (entity type → display names).
    public func grammar(for snapshot: ParameterSnapshot, listed: [String: Set<String>] = [:]) -> Grammar {
        var table = WordTable(words: staticWords, sources: staticSources)
        let (names, rewrites, leftOut) = names(for: snapshot, listed: listed, table: &table)

        let slotGraphs = enumGraphs + entityTypes.map { WordGraph.phraseGraph(names[$0] ?? []) } + fragmentGraphs + appGraphs
        let graph = Self.expandingSlots(of: skeleton, with: slotGraphs, shared: Set(enumGraphs.count..<enumGraphs.count + entityTypes.count))
        let words = table.words
        let sources = table.sources
        var entries: [LexiconEntry] = []
        entries.reserveCapacity(words.count)
        for (word, source) in zip(words, sources) {
            if let entry = lexicon.entry(for: word, source: source) {
                entries.append(entry)
            }
        }
        let slotPhrases = names.values.reduce(0) { $0 + $1.count } + enumPhrases.reduce(0) { $0 + $1.phrases.count }
        lexicon.dictionary.releasePages()
        return Grammar(graph: graph, words: words, lexicon: entries, rewrites: rewrites, leftOut: leftOut,
                       slotPhraseCount: slotPhrases)
    }

    /// Adds the template parts `nodes` between `source` and `target`: words as arcs, choices
    /// and optional parts as parallel paths (epsilon for "nothing"), slots as placeholder arcs.
    static func compile(
        _ nodes: [Node], from source: Int32, to target: Int32, into graph: inout WordGraph,
        slotIndex: (Node) -> Int
    ) {
        var current = source
        for (index, node) in nodes.enumerated() {
            let next = index == nodes.count - 1 ? target : graph.addState()
            switch node {
            case .words(let words):
                var state = current
                for (position, word) in words.enumerated() {
                    let to = position == words.count - 1 ? next : graph.addState()
                    graph.addArc(from: state, label: word, to: to)
                    state = to
                }
            case .choice(let alternatives):
                for alternative in alternatives {
                    compile(alternative, from: current, to: next, into: &graph, slotIndex: slotIndex)
                }
            case .optional(let alternatives):
                graph.addArc(from: current, label: WordGraph.epsilon, to: next)
                for alternative in alternatives {
                    compile(alternative, from: current, to: next, into: &graph, slotIndex: slotIndex)
                }
            case .app:
                // Optional, and a placeholder like a slot's when the grammar has the clause: one
                // copy of the clause then serves every place it may follow.
                graph.addArc(from: current, label: WordGraph.epsilon, to: next)
                let index = slotIndex(node)
                if index >= 0 { graph.addArc(from: current, label: slotLabel(index), to: next) }
            case .enumeration, .entity, .fragment:
                graph.addArc(from: current, label: slotLabel(slotIndex(node)), to: next)
            }
            current = next
        }
        if nodes.isEmpty { graph.addArc(from: source, label: WordGraph.epsilon, to: target) }
    }

    /// Replaces each slot's placeholder arcs by copies of its phrase graph joined with epsilon
    /// arcs. Placeholder arcs that share a target share one copy (or those that share a source,
    /// whichever needs fewer copies), which keeps the language exactly the templates'. A slot in
    /// `shared` (the library's and the magazines' names: thousands of states each) gets one copy
    /// for all its places instead: every place's words before the name may then be followed by
    /// any place's words after it ("play Road Trip" and "put Road Trip on" also let "play Road
    /// Trip on" through). The recognizer only proposes; such a sentence reaches the resolver,
    /// which does not understand it, and the turn is not acted on.
    static func expandingSlots(of skeleton: WordGraph, with slotGraphs: [WordGraph], shared: Set<Int> = []) -> WordGraph {
        var graph = skeleton
        var arcsBySlot: [Int: [(source: Int32, target: Int32)]] = [:]
        for state in 0..<skeleton.stateCount {
            for arc in skeleton.arcs[state] where arc.label <= -2 {
                arcsBySlot[Int(-2 - arc.label), default: []].append((Int32(state), arc.target))
            }
        }
        graph.removeArcs { $0 <= -2 }
        for (slot, arcs) in arcsBySlot.sorted(by: { $0.key < $1.key }) {
            if shared.contains(slot) {
                let copy = graph.appendCopy(of: slotGraphs[slot])
                for source in Set(arcs.map(\.source)).sorted() { graph.addArc(from: source, label: WordGraph.epsilon, to: copy.start) }
                for target in Set(arcs.map(\.target)).sorted() {
                    for exit in copy.finals { graph.addArc(from: exit, label: WordGraph.epsilon, to: target) }
                }
                continue
            }
            let byTarget = Dictionary(grouping: arcs, by: \.target)
            let bySource = Dictionary(grouping: arcs, by: \.source)
            if byTarget.count <= bySource.count {
                for (target, group) in byTarget.sorted(by: { $0.key < $1.key }) {
                    let copy = graph.appendCopy(of: slotGraphs[slot])
                    for arc in group { graph.addArc(from: arc.source, label: WordGraph.epsilon, to: copy.start) }
                    for exit in copy.finals { graph.addArc(from: exit, label: WordGraph.epsilon, to: target) }
                }
            } else {
                for (source, group) in bySource.sorted(by: { $0.key < $1.key }) {
                    let copy = graph.appendCopy(of: slotGraphs[slot])
                    graph.addArc(from: source, label: WordGraph.epsilon, to: copy.start)
                    for exit in copy.finals {
                        for arc in group { graph.addArc(from: exit, label: WordGraph.epsilon, to: arc.target) }
                    }
                }
            }
        }
        return graph
    }

    /// Sentences of the grammar with real names, for speaking tests: `perTemplate` random
    /// expansions of each phrase template (choices and optional parts picked at random, the app
    /// clause in about one in five, slots filled with `snapshot`'s names and enum phrases), in
    /// spoken words ("play disc three of road trip"). Templates whose slot has no names are left
    /// out. Names of a listed type as in `grammar(for:listed:)`.
    public func sampleSentences(
        for snapshot: ParameterSnapshot, listed: [String: Set<String>] = [:], perTemplate: Int, using generator: inout some RandomNumberGenerator
    ) -> [String] {
        var table = WordTable(words: staticWords, sources: staticSources)
        let (names, _, _) = names(for: snapshot, listed: listed, table: &table)
        let words = table.words
        // The words and, for the skeleton, each slot and the app clause as its placeholder (the
        // clause's connector kept by its place in the path).
        var connectors: [Int: Int32] = [:]
        func expand(_ nodes: [Node], into sentence: inout [Int32], skeletonPath path: inout [Int32]) -> Bool {
            for node in nodes {
                switch node {
                case .words(let ids):
                    sentence += ids
                    path += ids
                case .choice(let alternatives):
                    guard let pick = alternatives.randomElement(using: &generator),
                          expand(pick, into: &sentence, skeletonPath: &path) else { return false }
                case .optional(let alternatives):
                    if Bool.random(using: &generator), let pick = alternatives.randomElement(using: &generator) {
                        guard expand(pick, into: &sentence, skeletonPath: &path) else { return false }
                    }
                case .app:
                    if options.appClause, Int.random(in: 0..<5, using: &generator) == 0, let phrase = appPhrases.randomElement(using: &generator) {
                        sentence += phrase
                        connectors[path.count] = phrase[0]
                        path.append(appLabel)
                    }
                case .enumeration(let index):
                    guard let phrase = enumPhrases[index].phrases.randomElement(using: &generator) else { return false }
                    sentence += phrase
                    path.append(Self.slotLabel(index))
                case .entity(let type):
                    guard let name = names[type]?.randomElement(using: &generator) else { return false }
                    sentence += name
                    path.append(Self.slotLabel(enumPhrases.count + entityTypes.firstIndex(of: type)!))
                case .fragment(let index, let body):
                    var inner: [Int32] = []
                    guard expand(body, into: &sentence, skeletonPath: &inner) else { return false }
                    path.append(Self.slotLabel(enumPhrases.count + entityTypes.count + index))
                }
            }
            return true
        }
        var result: [String] = []
        for template in templates where template.intent != Self.answerIntent {
            for _ in 0..<perTemplate {
                // A draw the grammar left out (word salad: `GrammarOptions.wordsNotFollowedBy`,
                // `wordsNeverLast`, `firstWordsFollowedOnlyBy`) is drawn again.
                for _ in 0..<Self.drawsPerSample {
                    var sentence: [Int32] = []
                    var path: [Int32] = []
                    connectors = [:]
                    guard expand(template.nodes, into: &sentence, skeletonPath: &path) else { break }
                    if !sentence.isEmpty, skeletonAccepts(path, appConnectors: connectors) {
                        result.append(sentence.map { words[Int($0)] }.joined(separator: " "))
                        break
                    }
                }
            }
        }
        return result
    }

    /// Whether the skeleton has `path` (words and placeholders), where the app clause at a place
    /// of `appConnectors` begins with that connector: its placeholder there may be a narrowed one.
    private func skeletonAccepts(_ path: [Int32], appConnectors: [Int: Int32]) -> Bool {
        var state = skeleton.start
        for (place, label) in path.enumerated() {
            let next = skeleton.arcs[Int(state)].first { arc in
                guard let connector = appConnectors[place] else { return arc.label == label }
                return arc.label <= appLabel && appConnectorSets[Int(appLabel - arc.label)].contains(connector)
            }
            guard let next else { return false }
            state = next.target
        }
        return skeleton.isFinal[Int(state)]
    }

    /// A sentence of a phrase template as the phrase sound-alike check compares it: its words
    /// (grammar word ids, each entity slot as its placeholder label; `text(of:)` spells them),
    /// its intent and the case said in each enum slot.
    public struct TemplateSentence: Sendable, Hashable {
        public let labels: [Int32]
        public let intent: String
        public let values: [String]
        /// "Repeat(one)", "NextTrack".
        public var meaning: String { values.isEmpty ? intent : "\(intent)(\(values.joined(separator: ", ")))" }
    }

    /// The sentences of every phrase template the voice grammar holds (answers and the app clause
    /// left out, every enum phrase in its slot): all of a template's when it says at most
    /// `limit`, else (up to `limit` of) those without its optional parts and `limit` picked at
    /// random. Each template's random picks follow from `seed`, its intent and its place among
    /// that intent's templates, so rewording one command does not change another's sample.
    public func templateSentences(limit: Int, seed: UInt64) -> [TemplateSentence] {
        typealias Expansion = (labels: [Int32], values: [String])
        var generator = SeededGenerator(seed: seed)
        func entityLabel(_ type: String) -> Int32 { Self.slotLabel(enumPhrases.count + entityTypes.firstIndex(of: type)!) }
        func count(_ nodes: [Node]) -> Double {
            nodes.reduce(1) { product, node in
                switch node {
                case .words, .app, .entity: return product
                case .choice(let alternatives): return product * alternatives.reduce(0) { $0 + count($1) }
                case .optional(let alternatives): return product * alternatives.reduce(1) { $0 + count($1) }
                case .enumeration(let index): return product * Double(enumPhrases[index].phrases.count)
                case .fragment(_, let body): return product * count(body)
                }
            }
        }
        func every(_ nodes: [Node], optionalParts: Bool = true) -> [Expansion] {
            var result: [Expansion] = [([], [])]
            for node in nodes {
                let parts: [Expansion]
                switch node {
                case .words(let ids): parts = [(ids, [])]
                case .app: parts = [([], [])]
                case .entity(let type): parts = [([entityLabel(type)], [])]
                case .choice(let alternatives): parts = alternatives.flatMap { every($0, optionalParts: optionalParts) }
                case .optional(let alternatives): parts = [([], [])] + (optionalParts ? alternatives.flatMap { every($0) } : [])
                case .enumeration(let index): parts = zip(enumPhrases[index].phrases, enumPhrases[index].values).map { ($0, [$1]) }
                case .fragment(_, let body): parts = every(body, optionalParts: optionalParts)
                }
                result = result.flatMap { prefix in parts.map { (prefix.labels + $0.labels, prefix.values + $0.values) } }
            }
            return result
        }
        /// False when the random path met a part that can say nothing (all its alternatives left out).
        func pick(_ nodes: [Node], into expansion: inout Expansion) -> Bool {
            for node in nodes {
                switch node {
                case .words(let ids): expansion.labels += ids
                case .app: break
                case .entity(let type): expansion.labels.append(entityLabel(type))
                case .choice(let alternatives):
                    guard let alternative = alternatives.randomElement(using: &generator), pick(alternative, into: &expansion) else { return false }
                case .optional(let alternatives):
                    if Int.random(in: 0...alternatives.count, using: &generator) > 0, let alternative = alternatives.randomElement(using: &generator) {
                        guard pick(alternative, into: &expansion) else { return false }
                    }
                case .enumeration(let index):
                    guard let choice = enumPhrases[index].phrases.indices.randomElement(using: &generator) else { return false }
                    expansion.labels += enumPhrases[index].phrases[choice]
                    expansion.values.append(enumPhrases[index].values[choice])
                case .fragment(_, let body):
                    guard pick(body, into: &expansion) else { return false }
                }
            }
            return true
        }
        var result: [TemplateSentence] = []
        var placeInIntent: [String: UInt64] = [:]
        for template in templates where template.intent != Self.answerIntent {
            let place = placeInIntent[template.intent, default: 0]
            placeInIntent[template.intent] = place + 1
            generator = SeededGenerator(seed: seed ^ Self.stableHash(template.intent) &+ place &* 0x9E37_79B9)
            var expansions: [Expansion]
            if count(template.nodes) <= Double(limit) {
                expansions = every(template.nodes)
            } else {
                // The shortest sentences first, without any optional part ("quieter"), then a sample.
                expansions = Array(every(template.nodes, optionalParts: false).prefix(limit))
                for _ in 0..<limit {
                    var expansion: Expansion = ([], [])
                    if pick(template.nodes, into: &expansion) { expansions.append(expansion) }
                }
            }
            for expansion in expansions where !expansion.labels.isEmpty {
                result.append(TemplateSentence(labels: expansion.labels, intent: template.intent, values: expansion.values))
            }
        }
        return result
    }

    /// FNV-1a of `text`'s UTF-8: the same on every run (Swift's `Hasher` is seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// A template word of `templateSentences` ("play"), or an entity slot's placeholder as `{type}`.
    public func text(of label: Int32) -> String {
        label >= 0 ? staticWords[Int(label)] : "{\(entityTypes[Int(-2 - label) - enumPhrases.count])}"
    }

    /// Phrases a name could be confused with, as grammar words, each with where it comes from:
    /// runs of one to four literal template words ("next song"), each enum phrase alone and after
    /// each word that precedes its slot ("disc three", "volume forty"), and every name of the
    /// snapshot. Used by the acoustic collision check.
    public func competitorPhrases(for snapshot: ParameterSnapshot, expansionsPerTemplate: Int = 40)
        -> [(words: [String], origin: String)] {
        var table = WordTable(words: staticWords, sources: staticSources)
        let (names, _, _) = names(for: snapshot, listed: [:], table: &table)
        let words = table.words
        var seen: Set<[Int32]> = []
        var result: [(words: [String], origin: String)] = []
        func add(_ ids: [Int32], _ origin: String) {
            guard !ids.isEmpty, seen.insert(ids).inserted else { return }
            result.append((ids.map { words[Int($0)] }, origin))
        }
        let enumCount = enumPhrases.count
        for template in templates {
            // Expansions with slots as negative markers, capped: long choice lists repeat words anyway.
            var expansions: [[Int32]] = [[]]
            for node in template.nodes {
                var next: [[Int32]] = []
                for prefix in expansions {
                    for option in Self.options(node, enumCount: enumCount, entityTypes: entityTypes, appPhrases: appPhrases) {
                        if next.count >= expansionsPerTemplate { break }
                        next.append(prefix + option)
                    }
                }
                expansions = next
            }
            for expansion in expansions {
                var run: [Int32] = []
                for (index, label) in expansion.enumerated() {
                    if label >= 0 {
                        run.append(label)
                        for length in 1...min(4, run.count) { add(Array(run.suffix(length)), "phrase of \(template.intent)") }
                    } else {
                        run = []
                        let slot = Int(-2 - label)
                        if slot < enumCount {
                            let before = index > 0 && expansion[index - 1] >= 0 ? [expansion[index - 1]] : []
                            for phrase in enumPhrases[slot].phrases {
                                add(phrase, "\(enumPhrases[slot].identifier) value")
                                if !before.isEmpty { add(before + phrase, "\(template.intent) with \(enumPhrases[slot].identifier)") }
                            }
                        }
                    }
                }
            }
        }
        for type in entityTypes {
            for name in names[type] ?? [] { add(name, "\(type) name") }
        }
        return result
    }

    /// The word sequences one template part can say (slots as their negative marker).
    static func options(_ node: Node, enumCount: Int, entityTypes: [String], appPhrases: [[Int32]]) -> [[Int32]] {
        func sequences(_ nodes: [Node]) -> [[Int32]] {
            var result: [[Int32]] = [[]]
            for node in nodes {
                let parts = options(node, enumCount: enumCount, entityTypes: entityTypes, appPhrases: appPhrases)
                result = result.flatMap { prefix in parts.map { prefix + $0 } }
                if result.count > 256 { result = Array(result.prefix(256)) }
            }
            return result
        }
        switch node {
        case .words(let words): return [words]
        case .choice(let alternatives): return alternatives.flatMap(sequences)
        case .optional(let alternatives): return [[]] + alternatives.flatMap(sequences)
        case .app: return [[]]
        case .fragment(_, let body): return sequences(body)
        case .enumeration(let index): return [[slotLabel(index)]]
        case .entity(let type): return [[slotLabel(enumCount + (entityTypes.firstIndex(of: type) ?? 0))]]
        }
    }
}

/// Grammar words numbered in order of first use, with the written text each came from.
struct WordTable {
    private(set) var words: [String] = []
    private(set) var sources: [String] = []
    private var ids: [String: Int32] = [:]

    init() {}

    init(words: [String], sources: [String]) {
        self.words = words
        self.sources = sources
        for (index, word) in words.enumerated() { ids[word] = Int32(index) }
    }

    /// The word's id, nil if no phrase has it.
    func existingID(of word: String) -> Int32? { ids[word] }

    mutating func id(of word: String, source: String) -> Int32 {
        if let known = ids[word] { return known }
        let id = Int32(words.count)
        words.append(word)
        sources.append(source)
        ids[word] = id
        return id
    }
}

extension GrammarOptions {
    /// What CD Changer's grammar holds (docs/voice.md): magazines, albums and artists, and of the
    /// songs only those listed, the ones on the current magazine's loaded discs (10,000 song
    /// titles would make the grammar too large to rebuild on every change), of the genres only
    /// the library's own (listed too), no
    /// device or room addresses, the spoken vocabulary instead of the typed one, answers to
    /// follow-up questions, and numbers that do not sound like each other (volume in tens,
    /// tracks 1–25, discs and magazines 1–10, common seek lengths, ordinals only before what they
    /// count), none of the phrases that sound like another command's, and no article or
    /// preposition left waiting for its noun ("how long until the end for", "… the end the it").
    public static let changer = GrammarOptions(
        listedEntityTypes: [ChangerCatalog.songType, ChangerCatalog.genreType], unspokenFragments: ChangerShortcuts.fillerFragments.union(["place"]),
        spokenFragments: ChangerShortcuts.spokenFragments,
        answerPhrases: [
            "[number|option] (one|two|three|four|five|six|seven|eight|nine)",
            "[the] (first|second|third|fourth|fifth|sixth|seventh|eighth|ninth) [one]",
            "(yes|yes please|no|no thanks|cancel|never mind)",
        ],
        spokenIntegers: [
            "VolumePercentage": Set(stride(from: 0, through: 100, by: 10)),
            "VolumeAmount": [5, 10, 20, 25, 30, 40, 50],
            "SeekAmount": [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300, 600],
            "TrackNumber": Set(1...25),
            "DiscNumber": Set(1...10),
            "MagazineNumber": Set(1...10),
        ],
        unspokenPhrases: ChangerShortcuts.soundAlikePhrases.union(ChangerShortcuts.typedOnlyPhrases), unspokenEnumPhrases: ChangerShortcuts.soundAlikeEnumPhrases.merging(ChangerShortcuts.typedOnlyEnumPhrases) { $0.union($1) },
        unspokenAlternatives: ChangerShortcuts.soundAlikeAlternatives.merging(ChangerShortcuts.misheardAlternatives) { $0.union($1) }
            .merging(ChangerShortcuts.typedOnlyAlternatives) { $0.union($1) },
        wordsNotFollowedBy: WordSalad.notFollowedBy, wordsNeverLast: WordSalad.neverLast, firstWordsFollowedOnlyBy: WordSalad.firstFollowedOnlyBy
    )
}

/// What no English command says, though the typed phrases' optional parts allow it.
private enum WordSalad {
    static let articles: Set<String> = ["a", "an", "the", "my", "your", "our", "their"]
    static let demonstratives: Set<String> = ["this", "that"]
    static let prepositions: Set<String> = ["of", "for", "with", "from", "to", "at", "by", "into", "onto"]
    static let pronouns: Set<String> = ["it", "this", "that", "them", "me", "you", "everything", "something", "anything", "whatever"]
    static let particles: Set<String> = ["up", "down", "on", "off", "in", "out", "over", "back", "again", "away"]

    /// An article or possessive wants a noun after it (not another article, a pronoun, a
    /// preposition or a particle: "the it", "my to", "start the over", "the everything"); "this"
    /// and "that" are followed by no pronoun ("put that it on hold"); a preposition is not
    /// followed by another.
    static let notFollowedBy: [String: Set<String>] = {
        let afterArticle = articles.union(prepositions).union(pronouns).union(particles)
        return Dictionary(uniqueKeysWithValues: articles.map { ($0, afterArticle) } + demonstratives.map { ($0, pronouns) }
            + prepositions.map { ($0, prepositions) })
    }()

    /// Nor does an article end a sentence, or a preposition that is not left at the end of a
    /// question ("what volume is it at", "what are we listening to", "who is it by" are said).
    static let neverLast: Set<String> = articles.union(["of", "for", "with", "into", "onto"])

    /// A command that begins with "it" goes on with "is" ("it is too loud"): "it up", "it way
    /// less" leave out the verb of "[turn] it up".
    static let firstFollowedOnlyBy: [String: Set<String>] = ["it": ["is"]]
}

/// A name in grammar words, with what the grammar needs to know about it.
struct SpokenName: Sendable {
    let words: [String]
    let sources: [String]
    /// The first word without a pronunciation, if any (the name is then left out).
    let unpronounceable: UnpronounceableWord?
    /// Whether the resolver's normaliser reads the spoken words back as the name.
    let readsBack: Bool
}

/// The spoken forms of names seen so far, shared by every grammar one builder makes.
final class SpokenNames: Sendable {
    private let names = Mutex<[String: SpokenName]>([:])

    /// `name`'s spoken form, made by `make` the first time.
    func spoken(_ name: String, make: () -> SpokenName) -> SpokenName {
        if let known = names.withLock({ $0[name] }) { return known }
        let made = make()
        names.withLock { $0[name] = made }
        return made
    }
}
