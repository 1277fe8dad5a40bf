import ChangerIntents
import IntentKit
import MusicLibrary
import Synchronization
import SystemSupport
import Testing
@testable import Voice

/// Magazine names a test can rename while the registry reads them.
final class MagazineNames: Sendable {
    let names: Mutex<[String]>
    init(_ names: [String]) { self.names = Mutex(names) }

    var entities: [Entity] {
        names.withLock { $0 }.enumerated().map { ChangerShortcuts.magazine(id: "m\($0.offset)", name: $0.element) }
    }
}

/// The speech grammar is generated from the app's live registry: its phrase templates with the
/// named fragments, enum synonyms, number words, and the snapshot's names; and it follows renames.
@Suite struct GrammarGenerationTests {
    static func registry(_ magazines: MagazineNames) throws -> ShortcutRegistry {
        try ChangerShortcuts.makeRegistry(magazines: { magazines.entities })
    }

    /// One grammar over two magazines for the sentence lists (loading voice is the slow part),
    /// as the app builds it (`GrammarOptions.changer`).
    static let twoMagazines: Result<Grammar, any Error> = Result {
        try VoiceRecognizer(registry: try registry(MagazineNames(["Road Trip", "Sunday Drive"])), options: .changer).currentGrammar()
    }

    /// Whether `grammar` can hear `sentence` (lower case, spoken words).
    static func accepts(_ grammar: Grammar, _ sentence: String) -> Bool {
        let ids = sentence.split(separator: " ").map { word in grammar.words.firstIndex(of: String(word)).map(Int32.init) }
        guard !ids.contains(nil) else { return false }
        return grammar.graph.accepts(ids.compactMap { $0 })
    }

    @Test(arguments: [
        "play disc three", "play the third disc of road trip in cd changer", "put sunday drive on",
        "set the volume to forty", "what's playing", "unmute the sound", "next song using digital cd changer",
        "skip two songs", "play track twelve", "turn it up a little bit", "shuffle on", "play magazine two",
        "four", "the second one", "never mind", "play the ninth track", "play track nine",
        "repeat this song", "repeat on", "turn the volume up", "mute the sound", "turn on mute", "unmute",
        "change the disc", "load sunday drive", "play the previous track", "be quiet", "play the sixth track",
        "fast forward a little", "surprise me", "play something random", "tell me the artist", "eject the cd in slot two",
        "play a random album", "pick a random cd", "play something else", "who's this by", "finish this song and stop", "play this one then stop",
    ])
    func hearsSentencesOfTheTemplates(sentence: String) throws {
        #expect(Self.accepts(try Self.twoMagazines.get(), sentence))
    }

    /// Outside the grammar: other requests, and what only typing takes — device and room
    /// addresses, the words the spoken vocabulary leaves out ("piece" sounds like "disc"),
    /// ordinals after what they count ("track ninth" sounds like "track five") and cardinals
    /// before it ("play seven magazine" sounds like "play certain magazine"), and the phrases
    /// and words left out for sounding like another command's, or, as "playlist" and a number
    /// with its noun alone, for being typed only.
    @Test(arguments: [
        "play disc twenty five", "play road", "what is the weather", "call my mother",
        "tv next song", "pause the music in the kitchen", "play piece three", "halt the music", "play their album road trip",
        "play track ninth", "play disc third of road trip", "eject slot fourth",
        "repeat song", "repeat one", "turn the volume off", "volume on",
        "play three disc", "play seven magazine", "swap the disc", "shut up", "quiet",
        "turn on the music", "play the last magazine", "ff a little", "music on", "repeat the playlist", "shuffle this playlist",
        "the fourth song", "first disc", "the third disc of road trip",
        "alexa next song", "pick an album for me", "play track two of road trip", "this song is boring", "what plays after this",
        "stop stop stop", "next song on spotify",
    ])
    func doesNotHearSentencesOutsideThem(sentence: String) throws {
        #expect(!Self.accepts(try Self.twoMagazines.get(), sentence))
    }

    /// Optional parts of the typed phrases let an article or a preposition end a sentence or
    /// stand before a word that cannot follow it, which the resolver reads past; the voice
    /// grammar has no such sentence, and keeps the ones that go on rightly, and the questions
    /// that end in a preposition as English does.
    @Test(arguments: [
        ("how long until the end for", "how long until the end for this"),
        ("how long until the end the", "how long until the end of the song"),
        ("how long until the end the it", "how long until the end of it"),
        ("play the", "play the magazine road trip"),
        ("skip to", "skip to track five"),
        ("start the over", "start the song over"),
        ("put that it on hold", "put it on hold"),
    ])
    func noArticleOrPrepositionIsLeftWaiting(unfinished: String, finished: String) throws {
        let grammar = try Self.twoMagazines.get()
        #expect(!Self.accepts(grammar, unfinished))
        #expect(Self.accepts(grammar, finished))
        #expect(Self.accepts(grammar, "how long until the end"))
        #expect(Self.accepts(grammar, "what volume is it at"))
        #expect(Self.accepts(grammar, "what are we listening to"))
    }

    /// A volume command says its verb ("turn it up", not "it up") and a whole degree ("a bit
    /// more", not "bit more" or "more" after "louder"), though the typed phrases' optional parts
    /// take both.
    @Test(arguments: [
        ("it up", "turn it up"),
        ("it way less a little", "turn it way down a little"),
        ("crank it way higher bit more", "crank it way higher a bit more"),
        ("pump the radio louder more", "pump the radio louder a little more"),
    ])
    func volumeCommandsSayTheirVerbAndAWholeDegree(unfinished: String, finished: String) throws {
        let grammar = try Self.twoMagazines.get()
        #expect(!Self.accepts(grammar, unfinished))
        #expect(Self.accepts(grammar, finished))
        #expect(Self.accepts(grammar, "it is too loud") && Self.accepts(grammar, "it's too loud"))
    }

    /// The app clause is one shared part of the graph, not repeated after every place a sentence
    /// may end (each repeat made PocketSphinx's search larger), and the word before it still
    /// decides which connectors may follow, exactly as when the clause was written out at each
    /// place: after "the" no "in" ("play the in cd changer"), after "to" no "with".
    @Test func theAppClauseIsSharedAndFollowsTheWordRules() throws {
        let grammar = try Self.twoMagazines.get()
        let via = try #require(grammar.words.firstIndex(of: "via"))
        let viaArcs = grammar.graph.arcs.joined().filter { $0.label == Int32(via) }.count
        #expect(viaArcs > 0 && viaArcs <= 4, "\(viaArcs) arcs say “via”")
        for sentence in ["next song in cd changer", "play road trip on digital cd changer", "what are we listening to on cd changer", "pause using cd changer"] {
            #expect(Self.accepts(grammar, sentence), "\(sentence)")
        }
        for sentence in ["play the in cd changer", "what are we listening to with cd changer", "skip to in cd changer"] {
            #expect(!Self.accepts(grammar, sentence), "\(sentence)")
        }
    }

    /// Fragments said in many places ("(track|song|tune)") are placeholders in the skeleton, each
    /// put back as a copy per place it leads to; only the library's names share one copy among
    /// all their places. Shared fragment copies once let "road trip magazine" lead back to
    /// "road trip" (a loop: endless sentences); the graph has no loop, and the fragment's words
    /// label far fewer arcs than the places that say them.
    @Test func fragmentsAreSharedWithoutLoops() throws {
        let grammar = try Self.twoMagazines.get()
        let graph = grammar.graph
        var state = [UInt8](repeating: 0, count: graph.stateCount)   // 0 new, 1 on the path, 2 done
        func loops(from start: Int32) -> Bool {
            state[Int(start)] = 1
            for arc in graph.arcs[Int(start)] {
                if state[Int(arc.target)] == 1 { return true }
                if state[Int(arc.target)] == 0, loops(from: arc.target) { return true }
            }
            state[Int(start)] = 2
            return false
        }
        #expect(!loops(from: graph.start))
        let tune = try #require(grammar.words.firstIndex(of: "tune"))
        let tuneArcs = graph.arcs.joined().filter { $0.label == Int32(tune) }.count
        #expect(tuneArcs > 0 && tuneArcs < 80, "\(tuneArcs) arcs say “tune”")   // 185 when each place said it
        for sentence in ["play the third song of disc two", "skip this tune", "play the magazine road trip", "play road trip magazine", "eject the cd in slot two"] {
            #expect(Self.accepts(grammar, sentence), "\(sentence)")
        }
        #expect(!Self.accepts(grammar, "play road trip magazine road trip"))
    }

    @Test func aPlaceholderIsNarrowedAfterAWordWithARule() {
        // "play" (1) [the (2)] then the placeholder -2 (phrases starting with 5 or 6); after
        // "the", 5 may not follow: the placeholder -3 (only 6's phrases) takes its place there.
        var graph = WordGraph()
        graph.start = graph.addState()
        let afterPlay = graph.addState(final: true)
        let afterThe = graph.addState()
        let end = graph.addState(final: true)
        graph.addArc(from: graph.start, label: 1, to: afterPlay)
        graph.addArc(from: afterPlay, label: 2, to: afterThe)
        graph.addArc(from: afterPlay, label: -2, to: end)
        graph.addArc(from: afterThe, label: -2, to: end)
        graph.addArc(from: afterThe, label: 3, to: end)
        let narrowed = graph.withoutSentences(notFollowedBy: [2: [5]], neverLast: [2]) { label, forbidden in
            label == -2 && forbidden.contains(5) ? -3 : label
        }.minimizedAcyclic()
        for kept in [[1], [1, -2], [1, 2, -3], [1, 2, 3]] as [[Int32]] { #expect(narrowed.accepts(kept), "\(kept)") }
        for gone in [[1, 2], [1, 2, -2], [1, -3]] as [[Int32]] { #expect(!narrowed.accepts(gone), "\(gone)") }
        let dropped = graph.withoutSentences(notFollowedBy: [2: [5, 6]], neverLast: [2]) { _, _ in nil }.minimizedAcyclic()
        #expect(dropped.accepts([1, 2, 3]) && !dropped.accepts([1, 2, -2]) && dropped.accepts([1, -2]))
    }

    @Test func sentencesLeavingAWordUnfinishedAreLeftOutOfAGraph() {
        // "play" (1) [the (2)] [it (4)] [album (3)], and "the", "it album" and "it play …"; "the"
        // may not end or come before "it", "it" may not end, nor begin but before "play".
        var graph = WordGraph()
        graph.start = graph.addState()
        let afterPlay = graph.addState(final: true)
        let afterThe = graph.addState(final: true)
        let afterIt = graph.addState(final: true)
        let end = graph.addState(final: true)
        graph.addArc(from: graph.start, label: 1, to: afterPlay)
        graph.addArc(from: afterPlay, label: 2, to: afterThe)
        graph.addArc(from: afterPlay, label: 4, to: afterIt)
        graph.addArc(from: afterPlay, label: 3, to: end)
        graph.addArc(from: afterThe, label: 4, to: afterIt)
        graph.addArc(from: afterThe, label: 3, to: end)
        graph.addArc(from: afterIt, label: 3, to: end)
        graph.addArc(from: graph.start, label: 2, to: end)
        let itFirst = graph.addState()
        graph.addArc(from: graph.start, label: 4, to: itFirst)
        graph.addArc(from: itFirst, label: 1, to: afterPlay)
        graph.addArc(from: itFirst, label: 3, to: end)
        let trimmed = graph.withoutSentences(notFollowedBy: [2: [4]], neverLast: [2, 4], firstFollowedOnlyBy: [4: [1]]).minimizedAcyclic()
        for kept in [[1], [1, 3], [1, 2, 3], [1, 4, 3], [4, 1, 3]] as [[Int32]] { #expect(trimmed.accepts(kept), "\(kept)") }
        for gone in [[1, 2], [2], [1, 4], [1, 2, 4], [1, 2, 4, 3], [4, 3]] as [[Int32]] { #expect(!trimmed.accepts(gone), "\(gone)") }
        let untouched = graph.withoutSentences(notFollowedBy: [:], neverLast: []).minimizedAcyclic()
        #expect(untouched.accepts([1, 2, 4]) && untouched.accepts([4, 3]))
    }

    /// Every phrase the voice grammar leaves out for sounding like another is one the registry
    /// has: a template reworded without updating the list fails here instead of being heard again.
    @Test func soundAlikePhrasesAreRegisteredPhrases() throws {
        let phrases = Set(try Self.registry(MagazineNames(["Road Trip"])).shortcuts.flatMap(\.phrases))
        #expect(!GrammarOptions.changer.unspokenPhrases.isEmpty)
        for phrase in GrammarOptions.changer.unspokenPhrases { #expect(phrases.contains(phrase), "\(phrase)") }
    }

    /// The spoken vocabulary says a part of the typed one: every sampled sentence of the voice
    /// grammar is one the resolver understands, and one the grammar hears (the sampler draws
    /// again what the grammar leaves out, such as "switch the it off").
    @Test func everySpokenSentenceIsUnderstood() throws {
        let registry = try Self.registry(MagazineNames(["Road Trip", "Sunday Drive"]))
        let lexicon = Lexicon(dictionary: try PronunciationDictionary(path: ModelPaths.debian.dictionary))
        let builder = try GrammarBuilder(registry: registry, lexicon: lexicon, options: .changer)
        var generator = SeededGenerator(seed: 7)
        let sentences = builder.sampleSentences(for: registry.snapshot, perTemplate: 20, using: &generator)
        #expect(sentences.count > 1_000)
        // About one in five draws ends with the app clause, as the sampler means it to.
        let withApp = sentences.filter { $0.hasSuffix(" cd changer") }.count
        #expect(withApp * 8 > sentences.count, "\(withApp) of \(sentences.count) sentences name the app")
        let grammar = builder.grammar(for: registry.snapshot)
        for sentence in sentences {
            if case .unsupported = registry.resolve(sentence, mode: .inApp) { Issue.record("“\(sentence)” is not understood") }
            #expect(Self.accepts(grammar, sentence), "“\(sentence)” is not in the grammar")
        }
    }

    /// The voice twin of the original app's first bug: a magazine renamed a moment ago is heard by
    /// its new name and no longer by its old one, as soon as the registry publishes the snapshot.
    @Test func renamedMagazineIsHeardByItsNewNameOnly() throws {
        let magazines = MagazineNames(["Road Trip", "Sunday Drive"])
        let registry = try Self.registry(magazines)
        let recognizer = VoiceRecognizer(registry: registry)
        #expect(!recognizer.isLoaded)
        #expect(Self.accepts(try recognizer.currentGrammar(), "play the magazine road trip"))
        #expect(recognizer.isLoaded)

        magazines.names.withLock { $0[0] = "Zorblax Nights" }
        registry.updateShortcutParameters()
        let grammar = try recognizer.currentGrammar()
        #expect(Self.accepts(grammar, "play the magazine zorblax nights"))
        #expect(!Self.accepts(grammar, "play the magazine road trip"))
        #expect(Self.accepts(grammar, "put sunday drive on"))
    }

    /// Library names are in the grammar: every album, artist and song, or all but the types left
    /// out (the app leaves out songs, docs/voice.md).
    @Test func libraryNamesAreHeard() throws {
        let root = LibraryPath("/music")
        let folder = root.appending("Amber Lane - Coastal Morning")
        let album = Album(path: folder, title: "Coastal Morning", artist: "Amber Lane", tracks: [
            Track(path: folder.appending("1.mp3"), title: "Lighthouse Lane", artist: "Amber Lane", trackNumber: 1, duration: 100),
        ])
        let registry = try ChangerShortcuts.makeRegistry(magazines: { [] }, library: LibraryEntities(Library(root: root, albums: [album])))
        let grammar = try VoiceRecognizer(registry: registry).currentGrammar()
        #expect(Self.accepts(grammar, "play the album coastal morning"))
        #expect(Self.accepts(grammar, "play some amber lane"))
        #expect(Self.accepts(grammar, "play the song lighthouse lane"))
        #expect(Self.accepts(grammar, "play amber lane's coastal morning"), "an album said with its artist is heard")
        // "Amber Lane's" by itself is typed only ("play Amber Lane's album"): heard, it would
        // double every artist of the grammar for what "something by Amber Lane" says.
        #expect(registry.resolve("play amber lane's album", mode: .inApp).invocation?.intent == "PlayArtist")
        #expect(!Self.accepts(grammar, "play some amber lane's"))
        #expect(GrammarBuilder.isOwnersForm("Amber Lane's", amongst: ["Amber Lane", "Amber Lane's"]))
        #expect(!GrammarBuilder.isOwnersForm("Mama's", amongst: ["Mama's"]), "a title that is a possessive stays")

        let withoutSongs = try VoiceRecognizer(registry: registry, options: GrammarOptions(unspokenEntityTypes: [ChangerCatalog.songType])).currentGrammar()
        #expect(Self.accepts(withoutSongs, "play the album coastal morning"))
        #expect(!Self.accepts(withoutSongs, "play the song lighthouse lane"))
    }

    /// The app's grammar hears the songs it is told are loaded, and only those: the list comes
    /// before the first turn, and a new list (another disc loaded) rebuilds the grammar as a
    /// rename does, so the next turn hears the new disc's songs and no longer the old one's.
    @Test func listedSongsAreHeardAndOnlyThose() throws {
        let root = LibraryPath("/music")
        func album(_ title: String, _ songs: [String]) -> Album {
            let folder = root.appending("Amber Lane - \(title)")
            return Album(path: folder, title: title, artist: "Amber Lane", tracks: songs.enumerated().map { index, song in
                Track(path: folder.appending("\(index + 1).mp3"), title: song, artist: "Amber Lane", trackNumber: index + 1, duration: 100)
            })
        }
        let library = Library(root: root, albums: [album("Coastal Morning", ["Lighthouse Lane", "Tide Pools"]), album("Night Train", ["Sleeper Car"])])
        let registry = try ChangerShortcuts.makeRegistry(magazines: { [] }, library: LibraryEntities(library))
        let recognizer = VoiceRecognizer(registry: registry, options: .changer)
        #expect(!Self.accepts(try recognizer.currentGrammar(), "play the song lighthouse lane"), "no songs until some are listed")

        let other = VoiceRecognizer(registry: registry, options: .changer)
        other.setListedNames(["Lighthouse Lane", "Tide Pools"], ofType: ChangerCatalog.songType)
        let first = try other.currentGrammar()
        #expect(Self.accepts(first, "play the song lighthouse lane"))
        #expect(Self.accepts(first, "play tide pools"))
        #expect(!Self.accepts(first, "play the song sleeper car"))
        #expect(Self.accepts(first, "play the album night train"), "albums are all heard")

        other.setListedNames(["Sleeper Car"], ofType: ChangerCatalog.songType)
        let second = try other.currentGrammar()
        #expect(Self.accepts(second, "play the song sleeper car"))
        #expect(!Self.accepts(second, "play the song lighthouse lane"))
        #expect(other.listedNames == [ChangerCatalog.songType: ["Sleeper Car"]])
    }

    /// Names nothing can pronounce are left out and reported, never dropped silently; words from
    /// outside the dictionary come from espeak-ng.
    @Test func outOfDictionaryNamesComeFromEspeak() throws {
        let registry = try Self.registry(MagazineNames(["Zorblax Nights", "Calderón Collection"]))
        let grammar = try VoiceRecognizer(registry: registry).currentGrammar()
        let zorblax = try #require(grammar.lexicon.first { $0.word == "zorblax" })
        #expect(zorblax.source == .espeak)
        #expect(zorblax.pronunciations == [["Z", "AO", "R", "B", "L", "AE", "K", "S"]])
        #expect(Self.accepts(grammar, "play calderon collection"))
        #expect(grammar.leftOut.isEmpty)
    }

    /// Every word the templates use has a pronunciation (the builder throws otherwise), and the
    /// number words come spelled: "play disc 3" is said "play disc three".
    @Test func templateWordsAreSpelledAsSpoken() throws {
        let grammar = try VoiceRecognizer(registry: try Self.registry(MagazineNames([]))).currentGrammar()
        #expect(grammar.words.contains("three"))
        #expect(grammar.words.contains("twentieth"))
        #expect(!grammar.words.contains("3"))
        #expect(grammar.words.allSatisfy { word in grammar.lexicon.contains { $0.word == word } })
    }
}
