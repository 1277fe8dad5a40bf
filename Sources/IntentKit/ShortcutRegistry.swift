import Synchronization

/// The registered shortcuts of an app and the last snapshot of its entities: the one object
/// every front end resolves sentences with.
///
/// ```swift
/// let registry = try ShortcutRegistry(provider)
/// store.onChange { registry.updateShortcutParameters() }   // after create, rename, delete, reorder
/// let resolution = registry.resolve("play disc 3 of Road Trip", mode: .inApp)
/// ```
/// Registration validates every phrase and throws a ``ShortcutRegistrationError`` naming each
/// phrase at fault. Resolution is safe from any thread and reads only the last snapshot.
public final class ShortcutRegistry: Sendable {
    /// The app's name ("CD Changer").
    public let appName: String
    /// Other names the app answers to.
    public let alternativeAppNames: [String]
    /// The registered intents.
    public let intents: [IntentDefinition]
    /// The registered entity types.
    public let entityTypes: [EntityType]
    /// The registered shortcuts.
    public let shortcuts: [AppShortcut]
    /// Every enum used by a parameter, in order of first use.
    public let enums: [EnumDefinition]
    /// The skip words, normalised.
    public let skipWords: [String]
    /// The named fragments the phrases share, parsed.
    public let fragments: PhraseFragments

    let phrases: [[PhraseTemplate]]
    let templates: [CompiledTemplate]
    /// The templates without the optional parts every phrase starts or ends with (a device or
    /// room it may be addressed to; see ``CollisionFinder/sharedEnds(of:)``): what the collision
    /// check compares and what suggestions are measured against.
    let coreTemplates: [CompiledTemplate]
    let summaries: [DialogTemplate]
    let responses: [DialogTemplate]
    /// Per intent, per parameter: where a slot of it takes its names from (nil for free types).
    let parameterSources: [[SlotSource?]]
    let enumTries: [NameTrie]
    let baseVocabulary: Vocabulary
    let skipFlags: [Bool]

    /// Whether `token` is a skip word (one the matcher may leave out anywhere).
    @inline(__always)
    func isSkip(_ token: Int32) -> Bool {
        token >= 0 && Int(token) < skipFlags.count && skipFlags[Int(token)]
    }
    /// Every app name (main first) as token numbers.
    let appNameTokens: [[Int32]]
    let connectorTokens: Set<Int32>
    /// Wake prefixes and app addresses as plain tokens, longest first.
    let wakePrefixes: [[String]]
    /// Correction markers as plain tokens, longest first.
    let correctionMarkers: [[String]]
    /// Opening and closing courtesies as plain tokens, longest first.
    let openingCourtesies: [[String]]
    let closingCourtesies: [[String]]
    let appNameWords: [[String]]
    let intentIndex: [String: Int]
    let entityTypeIndex: [String: Int]
    /// The phrases' literal words and the enums' names that a typo may be corrected to.
    let correctable: CorrectableWords

    let equivalentInvocation: (@Sendable (IntentInvocation, ParameterSnapshot) -> IntentInvocation?)?
    private let current: Mutex<CompiledSnapshot>
    /// Per entity type index, display names to show first in suggestions and listings.
    private let preferred: Mutex<[Int: [String]]> = Mutex([:])
    private let generationCounter = Atomic<Int>(1)
    private let observers = SnapshotObservers()

    /// Validates and compiles `provider`, then takes the first snapshot of its entities.
    public init(_ provider: ShortcutsProvider) throws(ShortcutRegistrationError) {
        var validator = RegistrationValidator(provider: provider)
        let checked = validator.run()
        guard validator.problems.isEmpty else { throw ShortcutRegistrationError(problems: validator.problems) }

        appName = provider.appName
        alternativeAppNames = provider.alternativeAppNames
        intents = provider.intents
        entityTypes = provider.entityTypes
        shortcuts = provider.shortcuts
        enums = checked.enums
        phrases = checked.phrases
        summaries = checked.summaries
        responses = checked.responses
        intentIndex = checked.intentIndex
        entityTypeIndex = checked.entityTypeIndex
        fragments = checked.fragments
        equivalentInvocation = provider.equivalentInvocation

        var vocabulary = Vocabulary()
        let skipList = provider.skipWords.flatMap { Normalizer.tokens(of: $0) }
        skipWords = Array(Set(skipList)).sorted()
        let skipTokens = Set(skipList.map { vocabulary.intern($0) })

        let appNames = ([provider.appName] + provider.alternativeAppNames).map { Normalizer.tokens(of: $0) }.filter { !$0.isEmpty }
        appNameWords = appNames.sorted { $0.count > $1.count }
        appNameTokens = appNameWords.map { $0.map { vocabulary.intern($0) } }
        connectorTokens = Set(PhraseTemplate.appConnectors.map { vocabulary.intern($0) })
        var wake = provider.wakePrefixes.map { Normalizer.tokens(of: $0) }.filter { !$0.isEmpty }
        for name in appNames {
            for greeting in ["hey", "ok", "hi"] { wake.append([greeting] + name) }
        }
        wakePrefixes = wake.sorted { $0.count > $1.count }
        correctionMarkers = provider.correctionMarkers.map { Normalizer.tokens(of: $0) }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        openingCourtesies = provider.openingCourtesies.map { Normalizer.tokens(of: $0) }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        closingCourtesies = provider.closingCourtesies.map { Normalizer.tokens(of: $0) }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }

        let enumIndex = Dictionary(checked.enums.enumerated().map { ($1.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var tries: [NameTrie] = []
        for definition in checked.enums {
            var builder = NameTrie.Builder()
            for (index, enumCase) in definition.cases.enumerated() {
                for name in [enumCase.displayName] + enumCase.synonyms {
                    builder.add(Normalizer.tokens(of: name).map { vocabulary.intern($0) }, value: Int32(index))
                }
            }
            tries.append(builder.build())
        }
        enumTries = tries

        parameterSources = provider.intents.map { intent in
            intent.parameters.map { parameter -> SlotSource? in
                switch parameter.type {
                case .enumeration(let definition): return enumIndex[definition.identifier].map(SlotSource.enumeration)
                case .entity(let identifier): return checked.entityTypeIndex[identifier].map(SlotSource.entity)
                case .integer, .text: return nil
                }
            }
        }

        var compiled: [CompiledTemplate] = []
        var cores: [CompiledTemplate] = []
        let allPhrases = checked.phrases.flatMap { $0 }
        let shared = CollisionFinder.sharedEnds(of: allPhrases)
        for (shortcutIndex, shortcut) in provider.shortcuts.enumerated() {
            let intentIdx = checked.intentIndex[shortcut.intent]!
            let intent = provider.intents[intentIdx]
            let sources = parameterSources[intentIdx]
            for (phraseIndex, template) in checked.phrases[shortcutIndex].enumerated() {
                func compile(_ template: PhraseTemplate) -> CompiledTemplate {
                    CompiledTemplate(
                        template: template,
                        shortcutIndex: shortcutIndex,
                        phraseIndex: phraseIndex,
                        intentIndex: intentIdx,
                        vocabulary: &vocabulary,
                        skipTokens: skipTokens,
                        fillerFragments: provider.fillerFragments,
                        parameterIndex: { name in Int8(intent.parameters.firstIndex { $0.name == name }!) },
                        slotSource: { name in sources[intent.parameters.firstIndex { $0.name == name }!] },
                        fixedCase: { name, identifier in
                            guard case .enumeration(let definition)? = intent.parameter(named: name)?.type else { return -1 }
                            return Int32(definition.caseIndex(identifiedBy: identifier) ?? -1)
                        }
                    )
                }
                compiled.append(compile(template))
                cores.append(compile(CollisionFinder.core(of: template, without: shared)))
            }
        }
        coreTemplates = cores
        templates = compiled
        baseVocabulary = vocabulary
        var correctable = Set(compiled.flatMap { $0.literalTokens }.map { vocabulary.word($0) })
        for definition in checked.enums {
            for enumCase in definition.cases {
                for name in [enumCase.displayName] + enumCase.synonyms { correctable.formUnion(Normalizer.tokens(of: name)) }
            }
        }
        self.correctable = CorrectableWords(correctable.sorted())
        var flags = [Bool](repeating: false, count: vocabulary.words.count)
        for token in skipTokens { flags[Int(token)] = true }
        skipFlags = flags

        let revisions = provider.entityTypes.map { $0.revision?() }
        let entities = provider.entityTypes.map { $0.entities() }
        current = Mutex(CompiledSnapshot(generation: 1, entities: entities, base: vocabulary, revisions: revisions, correctable: provider.entityTypes.map { !$0.namesYieldToPhrases }))
    }

    // MARK: - Snapshot

    /// Asks every entity type's provider for its current entities and atomically swaps in a new
    /// snapshot; the resolver matches only against the last one. Call it after every create,
    /// rename, delete and reorder. Providers are called on the caller's thread; then the snapshot
    /// observers are told (see ``observeSnapshots(_:)``). A type whose ``EntityType/revision`` is
    /// unchanged keeps its compiled names and is not asked again.
    @discardableResult
    public func updateShortcutParameters() -> ParameterSnapshot {
        let generation = generationCounter.add(1, ordering: .relaxed).newValue
        let previous = compiledSnapshot
        let revisions = entityTypes.map { $0.revision?() }
        let mayKeep = previous.reuses < CompiledSnapshot.maximumReuses
        let changed = entityTypes.indices.map { index -> [Entity]? in
            if mayKeep, let revision = revisions[index], revision == previous.revisions[index] { return nil }
            return entityTypes[index].entities()
        }
        let compiled = CompiledSnapshot(generation: generation, changed: changed, revisions: revisions, base: baseVocabulary, previous: previous, correctable: correctableTypes)
        let installed = current.withLock { snapshot -> CompiledSnapshot in
            if compiled.generation > snapshot.generation { snapshot = compiled }
            return snapshot
        }
        let published = publicSnapshot(installed)
        observers.announce(published)
        return published
    }

    /// Calls `observer` with every new snapshot, once it is installed: when `observer` runs, the
    /// snapshot's names already resolve and the names it dropped no longer do. Anything derived
    /// from entity names (a speech grammar, completion lists) rebuilds there, at the same moment
    /// as the resolver.
    ///
    /// `observer` runs on the thread whose `updateShortcutParameters()` installed the snapshot,
    /// before that call returns — unless another thread is telling the observers about an earlier
    /// snapshot at that moment; then that thread tells them about this one right after. Observers
    /// are therefore never called concurrently and see generations in increasing order; when
    /// updates race, one in between may be skipped, never the newest. An observer may resolve,
    /// read ``snapshot`` or update again (that update is delivered after it returns).
    ///
    /// The snapshot taken at registration is not delivered: read ``snapshot`` after adding an
    /// observer to start from the current names.
    @discardableResult
    public func observeSnapshots(_ observer: @escaping @Sendable (ParameterSnapshot) -> Void) -> SnapshotObserverToken {
        observers.add(observer)
    }

    /// Stops an observer. A delivery already under way on another thread may still call it once.
    public func removeSnapshotObserver(_ token: SnapshotObserverToken) {
        observers.remove(token)
    }

    /// The last snapshot taken.
    public var snapshot: ParameterSnapshot { publicSnapshot(compiledSnapshot) }

    /// Bytes of the last snapshot's name index: the token tries of every entity type (exact)
    /// and the vocabulary of their words (estimated). The entities themselves are not counted.
    public var nameIndexBytes: Int {
        let snapshot = compiledSnapshot
        return snapshot.tries.reduce(0) { $0 + $1.memoryBytes } + snapshot.vocabulary.estimatedBytes
    }

    var compiledSnapshot: CompiledSnapshot { current.withLock { $0 } }

    func publicSnapshot(_ compiled: CompiledSnapshot) -> ParameterSnapshot {
        var entities: [String: [Entity]] = [:]
        for (index, type) in entityTypes.enumerated() { entities[type.identifier] = compiled.entities[index] }
        return ParameterSnapshot(generation: compiled.generation, entities: entities)
    }

    /// A snapshot as if the entities of `typeIndex` were `list`; used for "what if" checks.
    func hypotheticalSnapshot(replacing typeIndex: Int, with list: [Entity]) -> CompiledSnapshot {
        let snapshot = compiledSnapshot
        var changed = [[Entity]?](repeating: nil, count: entityTypes.count)
        changed[typeIndex] = list
        return CompiledSnapshot(generation: snapshot.generation, changed: changed, revisions: snapshot.revisions, base: baseVocabulary, previous: snapshot, correctable: correctableTypes)
    }

    // MARK: - Examples

    /// Names of `typeIdentifier` to use first when a suggestion or a listing fills a slot with an
    /// example: the current magazine and the albums loaded in it, rather than the first ones in
    /// the rack or the library. Cheap (no snapshot is taken); give names of entities the type's
    /// provider lists.
    public func setPreferredExamples(_ displayNames: [String], ofType typeIdentifier: String) {
        guard let index = entityTypeIndex[typeIdentifier] else { return }
        preferred.withLock { $0[index] = displayNames }
    }

    func preferredExamples(ofTypeAt index: Int) -> [String] {
        preferred.withLock { $0[index] ?? [] }
    }

    /// Every name that fills the slot of `parameter` of `intent`, as written: the enum's case
    /// names and synonyms, or every name and synonym of the last snapshot's entities. For tools
    /// that build on the phrases, such as a speech grammar.
    public func slotNames(intent intentIdentifier: String, parameter name: String) -> [String] {
        guard let intent = intentIndex[intentIdentifier],
              let parameter = intents[intent].parameters.firstIndex(where: { $0.name == name }) else { return [] }
        switch parameterSources[intent][parameter] {
        case .enumeration(let index)?:
            return enums[index].cases.flatMap { [$0.displayName] + $0.synonyms }
        case .entity(let index)?:
            return compiledSnapshot.entities[index].flatMap(\.spokenNames)
        case nil:
            return []
        }
    }

    // MARK: - Slots

    /// The names that fill a slot whose names come from `source`: the enum's case names and
    /// synonyms, or the entity names of `snapshot`. The one place the resolver, the suggestions
    /// and the collision check look them up.
    func names(for source: SlotSource, in snapshot: CompiledSnapshot) -> NameTrie {
        switch source {
        case .enumeration(let index): enumTries[index]
        case .entity(let index): snapshot.tries[index]
        }
    }

    /// Per entity type, whether typos may be corrected to its names (those that do not yield to phrases).
    var correctableTypes: [Bool] { entityTypes.map { !$0.namesYieldToPhrases } }

    /// Whether names of `source` yield to the phrases' own words (see ``EntityType/namesYieldToPhrases``).
    @inline(__always)
    func namesYield(_ source: SlotSource) -> Bool {
        if case .entity(let index) = source { return entityTypes[index].namesYieldToPhrases }
        return false
    }

    // MARK: - Values and text

    /// The value of parameter `parameter` of intent `intent` for value index `value`.
    func parameterValue(intent: Int, parameter: Int, value: Int32, snapshot: CompiledSnapshot) -> ParameterValue? {
        switch parameterSources[intent][parameter] {
        case .enumeration(let enumIdx)?:
            let definition = enums[enumIdx]
            guard value >= 0, Int(value) < definition.cases.count else { return nil }
            let enumCase = definition.cases[Int(value)]
            return .enumCase(enumIdentifier: definition.identifier, value: enumCase.value, displayName: enumCase.displayName)
        case .entity(let typeIdx)?:
            let list = snapshot.entities[typeIdx]
            guard value >= 0, Int(value) < list.count else { return nil }
            let entity = list[Int(value)]
            return .entity(typeIdentifier: entityTypes[typeIdx].identifier, id: entity.id, displayName: entity.displayName)
        case nil:
            return nil
        }
    }

    func invocation(intent: Int, bindings: Bindings, snapshot: CompiledSnapshot) -> IntentInvocation {
        let definition = intents[intent]
        var parameters: [String: ParameterValue] = [:]
        for pair in bindings.pairs {
            if let value = parameterValue(intent: intent, parameter: pair.parameter, value: pair.value, snapshot: snapshot) {
                parameters[definition.parameters[pair.parameter].name] = value
            }
        }
        return IntentInvocation(intent: definition.identifier, parameters: parameters)
    }

    /// The positions of `invocations` that do different things: one that the app's
    /// ``ShortcutsProvider/equivalentInvocation`` maps onto another of them is left out.
    func distinctActions(_ invocations: [IntentInvocation], snapshot: CompiledSnapshot) -> [Int] {
        guard invocations.count > 1, let equivalentInvocation else { return Array(invocations.indices) }
        let published = publicSnapshot(snapshot)
        var dropped: Set<Int> = []
        for index in invocations.indices {
            guard let same = equivalentInvocation(invocations[index], published), same != invocations[index] else { continue }
            if invocations.indices.contains(where: { $0 != index && !dropped.contains($0) && invocations[$0] == same }) {
                dropped.insert(index)
            }
        }
        return invocations.indices.filter { !dropped.contains($0) }
    }

    /// The first required parameter of the invocation's intent that is not bound.
    public func missingParameter(of invocation: IntentInvocation) -> ParameterDefinition? {
        guard let index = intentIndex[invocation.intent] else { return nil }
        return intents[index].parameters.first { $0.isRequired && invocation[$0.name] == nil }
    }

    /// The intent's summary of `invocation`, as offered among choices ("Play disc 3 of Road Trip").
    public func summary(of invocation: IntentInvocation) -> String {
        guard let index = intentIndex[invocation.intent] else { return invocation.intent }
        return summaries[index].render(invocation)
    }

    /// What the intent would say after running `invocation` ("Playing disc 3 of Road Trip.").
    public func dryRunResponse(for invocation: IntentInvocation) -> String {
        guard let index = intentIndex[invocation.intent] else { return invocation.intent }
        return responses[index].render(invocation)
    }

    /// The answer for a sentence no phrase accepts.
    public var unsupportedResponse: String { "Sorry, \(appName) hasn't added support for that." }
}
