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

/// Finds phrases of different shortcuts that differ only by skip words, slots or words that
/// merely name a parameter: each template's structure is expanded into literal word sequences
/// (``SkeletonExpander``) and phrases whose skeletons are equal are paired. A phrase without a
/// slot is not paired with another shortcut's slotted phrase when its own shortcut has a slotted
/// phrase of the same skeleton: it is that shortcut's way of asking for the value.
struct NearDuplicateFinder {
    let registry: ShortcutRegistry
    let snapshot: CompiledSnapshot

    /// Every pair of phrases of different shortcuts that reduce to the same words.
    func nearDuplicates() -> [NearDuplicate] {
        struct Entry {
            let template: Int
            let literal: [String]
            let marked: [String]
            let hasSlot: Bool
        }
        var index: [[String]: [Entry]] = [:]
        var keyOrder: [[String]] = []
        for (templateIdx, template) in registry.templates.enumerated() {
            let namingWords = parameterNamingWords(of: template.intentIndex)
            var seen: Set<[String]> = []
            for literal in SkeletonExpander.expand(template.template.elements) {
                let words = literal.filter { !registry.skipWords.contains($0) }
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
            // Shortcuts that have a phrase of this skeleton with a slot: their own phrase without
            // one is the question form of it ("Play a magazine" → "Which magazine?"), not a rival.
            let slotted = Set(entries.filter(\.hasSlot).map { registry.templates[$0.template].shortcutIndex })
            for (offset, first) in entries.enumerated() {
                for second in entries[(offset + 1)...] {
                    let a = registry.templates[first.template], b = registry.templates[second.template]
                    guard a.shortcutIndex != b.shortcutIndex else { continue }
                    if first.hasSlot && second.hasSlot { continue }
                    let bare = first.hasSlot ? b : a
                    if !(first.hasSlot == second.hasSlot), slotted.contains(bare.shortcutIndex) { continue }
                    if first.literal == second.literal { continue }
                    let pair = [min(first.template, second.template), max(first.template, second.template)]
                    guard reportedPairs.insert(pair).inserted else { continue }
                    result.append(NearDuplicate(
                        shortcutTitles: [registry.shortcuts[a.shortcutIndex].title, registry.shortcuts[b.shortcutIndex].title],
                        phrases: [a.template.source, b.template.source],
                        examples: [exampleSentence(first.literal, template: a), exampleSentence(second.literal, template: b)],
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
        for parameter in registry.intents[intent].parameters {
            var names = [parameter.name, parameter.title]
            switch parameter.type {
            case .enumeration(let definition): names.append(definition.title)
            case .entity(let identifier): names += registry.entityTypes.filter { $0.identifier == identifier }.map(\.title)
            case .integer, .text: break
            }
            for name in names { words.formUnion(Normalizer.tokens(of: name)) }
        }
        return words
    }

    private func exampleSentence(_ literal: [String], template: CompiledTemplate) -> String {
        let intent = registry.intents[template.intentIndex]
        return literal.map { word -> String in
            if word.hasPrefix("<"), word.hasSuffix(">"), let body = registry.fragments.elements(named: String(word.dropFirst().dropLast())) {
                let template = PhraseTemplate(source: word, elements: body)
                return PhraseRenderer.render(template, appName: registry.appName, includeApp: false) { _ in "…" }?.lowercased() ?? word
            }
            guard word.hasPrefix("{"), word.hasSuffix("}") else { return word }
            let name = String(word.dropFirst().dropLast())
            guard let parameterIdx = intent.parameters.firstIndex(where: { $0.name == name }) else { return intent.parameters.first?.title ?? "" }
            return registry.exampleValues(intent: template.intentIndex, parameter: parameterIdx, snapshot: snapshot).first
                ?? intent.parameters[parameterIdx].title.lowercased()
        }.joined(separator: " ")
    }
}

/// Expands a template's structure (not its slot values) into literal word sequences.
enum SkeletonExpander {
    static let maximumVariants = 100_000
    static let qualifierConnectors: Set<String> = ["by", "with", "using"]

    /// Every word sequence the template's structure allows; slots appear as "{name}", a fragment
    /// as "<name>" (phrases sharing a fragment share its words, and a long fragment in every
    /// phrase does not multiply the variants), the app name and fixed values as nothing.
    static func expand(_ elements: [PhraseElement]) -> [[String]] {
        var results: [[String]] = [[]]
        for element in elements {
            let options: [[String]]
            switch element {
            case .words(_, let tokens): options = [tokens]
            case .choice(let alternatives): options = dedupe(alternatives.flatMap(expand))
            case .optional(let alternatives): options = dedupe([[]] + alternatives.flatMap(expand))
            case .fragment(let name, _): options = [["<\(name)>"]]
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
