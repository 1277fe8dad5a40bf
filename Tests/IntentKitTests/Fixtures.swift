import IntentKit
import Synchronization

/// A mutable list of entities standing in for an app's store.
final class EntityList: Sendable {
    private let list: Mutex<[Entity]>

    init(_ names: [String]) {
        list = Mutex(names.enumerated().map { Entity(id: "id-\($0.offset)", displayName: $0.element) })
    }

    var entities: [Entity] { list.withLock { $0 } }

    func rename(_ id: String, to name: String) {
        list.withLock { list in
            if let index = list.firstIndex(where: { $0.id == id }) { list[index] = Entity(id: id, displayName: name) }
        }
    }

    func add(_ entity: Entity) { list.withLock { $0.append(entity) } }
}

/// Small inline catalogs for the IntentKit tests.
enum Fixtures {
    static let discNumber = EnumDefinition(
        identifier: "DiscNumber", title: "Disc Number",
        cases: (1...6).map { EnumCase(.integer($0), displayName: String($0), synonyms: [Normalizer.ordinalToken($0)]) }
    )
    static let step = EnumDefinition(identifier: "Step", title: "Step", cases: [
        EnumCase(.string("up"), displayName: "up", synonyms: ["louder"]),
        EnumCase(.string("down"), displayName: "down", synonyms: ["quieter"]),
    ])

    static let playDisc = IntentDefinition(identifier: "PlayDisc", title: "Play Disc", parameters: [
        ParameterDefinition(name: "disc", title: "Disc", type: .enumeration(discNumber), question: "Which disc?", answerType: .integer(1...99)),
        ParameterDefinition(name: "magazine", title: "Magazine", type: .entity("Magazine"), isRequired: false, question: "Which magazine?"),
    ], summary: "Play disc {disc}[ of {magazine}]", response: "Playing disc {disc}[ of {magazine}].")
    static let playMagazine = IntentDefinition(identifier: "PlayMagazine", title: "Play Magazine", parameters: [
        ParameterDefinition(name: "magazine", title: "Magazine", type: .entity("Magazine"), question: "Which magazine?"),
    ], summary: "Play the magazine {magazine}", response: "Playing {magazine}.")
    static let playSomething = IntentDefinition(identifier: "PlaySomething", title: "Play Something", summary: "Play something", response: "Playing.")
    static let nextTrack = IntentDefinition(identifier: "NextTrack", title: "Next Track", summary: "Next track", response: "Next track.")
    static let skipTrack = IntentDefinition(identifier: "SkipTrack", title: "Skip Track", summary: "Skip the track", response: "Skipped.")
    static let changeVolume = IntentDefinition(identifier: "ChangeVolume", title: "Change Volume", parameters: [
        ParameterDefinition(name: "step", title: "Step", type: .enumeration(step), question: "Up or down?"),
    ], summary: "Turn it {step}", response: "Volume {step}.")

    static let allIntents = [playDisc, playMagazine, playSomething, nextTrack, skipTrack, changeVolume]

    /// A provider with the given shortcuts and a Magazine entity type backed by `magazines`.
    static func provider(_ shortcuts: [AppShortcut], magazines: EntityList = EntityList([]), intents: [IntentDefinition] = allIntents) -> ShortcutsProvider {
        ShortcutsProvider(
            appName: "CD Changer",
            alternativeAppNames: ["Digital CD Changer"],
            intents: intents,
            entityTypes: [EntityType(identifier: "Magazine", title: "Magazine", entities: { magazines.entities })],
            shortcuts: shortcuts
        )
    }

    /// A registry of the given shortcuts; registration must succeed.
    static func registry(_ shortcuts: [AppShortcut], magazines: EntityList = EntityList([])) throws -> ShortcutRegistry {
        try ShortcutRegistry(provider(shortcuts, magazines: magazines))
    }

    static func shortcut(_ intent: String, _ phrases: String...) -> AppShortcut {
        AppShortcut(intent: intent, phrases: phrases, title: intent, symbol: "circle")
    }
}

extension Resolution {
    /// The matched intent and parameters as "PlayDisc disc=3 magazine=Road Trip", or the outcome.
    var brief: String {
        switch self {
        case .matched(let invocation):
            return ([invocation.intent] + invocation.parameters.keys.sorted().map { "\($0)=\(invocation.parameters[$0]!.displayName)" })
                .joined(separator: " ")
        case .needsValue(let request): return "needsValue \(request.invocation.intent).\(request.parameter)"
        case .ambiguous(let ambiguity): return "ambiguous " + ambiguity.candidates.map(\.summary).joined(separator: " | ")
        case .unsupported: return "unsupported"
        case .declined: return "declined"
        }
    }
}

/// Library-like entity types for the ranking tests: albums and songs whose names yield to phrases.
enum LibraryFixtures {
    static let playAlbum = IntentDefinition(identifier: "PlayAlbum", title: "Play Album", parameters: [
        ParameterDefinition(name: "album", title: "Album", type: .entity("Album"), question: "Which album?"),
    ], summary: "Play the album {album}", response: "Playing {album}.")
    static let playSong = IntentDefinition(identifier: "PlaySong", title: "Play Song", parameters: [
        ParameterDefinition(name: "song", title: "Song", type: .entity("Song"), question: "Which song?"),
    ], summary: "Play the song {song}", response: "Playing {song}.")
    static let stop = IntentDefinition(identifier: "Stop", title: "Stop", summary: "Stop", response: "Stopped.")

    /// A registry with albums, songs and magazines, and the shortcuts given.
    static func registry(
        _ shortcuts: [AppShortcut], albums: EntityList, songs: EntityList = EntityList([]), magazines: EntityList = EntityList([]),
        fragments: [String: String] = [:], equivalence: (@Sendable (IntentInvocation, ParameterSnapshot) -> IntentInvocation?)? = nil
    ) throws -> ShortcutRegistry {
        try ShortcutRegistry(ShortcutsProvider(
            appName: "CD Changer",
            intents: Fixtures.allIntents + [playAlbum, playSong, stop],
            entityTypes: [
                EntityType(identifier: "Magazine", title: "Magazine", entities: { magazines.entities }),
                EntityType(identifier: "Album", title: "Album", namesYieldToPhrases: true, listedExamples: 2, entities: { albums.entities }),
                EntityType(identifier: "Song", title: "Song", namesYieldToPhrases: true, listedExamples: 2, entities: { songs.entities }),
            ],
            shortcuts: shortcuts,
            fragments: fragments,
            equivalentInvocation: equivalence
        ))
    }
}
