import ChangerIntents
import IntentKit
import Testing
@testable import Voice

/// The phrase half of the acoustic collision check: sentences of two commands that differ in one
/// word which sounds like the other's ("swap record" and "stop record") are found, and the voice
/// grammar the app uses has none, because each word and phrase it leaves out for sounding alike
/// is one the check finds.
@Suite struct SoundAlikePhraseTests {
    static func registry() throws -> ShortcutRegistry {
        try ChangerShortcuts.makeRegistry(magazines: { MagazineNames(["Road Trip", "Sunday Drive"]).entities })
    }

    static func phrasePairs(_ options: GrammarOptions) throws -> [AcousticCollisionCheck.PhraseCollision] {
        try AcousticCollisionCheck.soundAlikeNamesAndPhrases(in: try registry(), types: [ChangerCatalog.magazineType], options: options).phrases
    }

    @Test func theAppsVoiceGrammarHasNoSoundAlikePhrases() throws {
        let pairs = try Self.phrasePairs(.changer)
        #expect(pairs.isEmpty, "\(pairs.map { "\($0.sentence) / \($0.soundsLike)" })")
    }

    /// Each word `ChangerShortcuts.soundAlikeAlternatives` leaves out of a command is there
    /// because, put back, the check reports a pair in which that command says it.
    @Test(arguments: ChangerShortcuts.soundAlikeAlternatives.flatMap { intent, words in words.map { (intent, $0) } })
    func eachLeftOutWordIsOneTheCheckFinds(intent: String, word: String) throws {
        var options = GrammarOptions.changer
        options.unspokenAlternatives[intent]?.remove(word)
        let pairs = try Self.phrasePairs(options)
        let found = pairs.filter { pair in
            let said = pair.meaning.hasPrefix(intent) ? pair.sentence : pair.otherMeaning.hasPrefix(intent) ? pair.soundsLike : ""
            return " \(said) ".contains(" \(word) ")
        }
        #expect(!found.isEmpty, "\(pairs.map { "\($0.sentence) (\($0.meaning)) / \($0.soundsLike) (\($0.otherMeaning))" })")
    }

    /// "Turn on the music" (play something) is left out whole: it sounds like "turn off the music" (stop).
    @Test func turnOnTheMusicIsOneTheCheckFinds() throws {
        let phrase = try #require(ChangerShortcuts.soundAlikePhrases.first { $0.contains("<player> on)") })
        var options = GrammarOptions.changer
        options.unspokenPhrases.remove(phrase)
        let pairs = try Self.phrasePairs(options)
        #expect(pairs.contains { $0.meaning == "PlaySomething" && $0.otherMeaning == "Stop" && " \($0.sentence) ".contains(" on ") },
                "\(pairs.map { "\($0.sentence) (\($0.meaning)) / \($0.soundsLike) (\($0.otherMeaning))" })")
    }

    /// Two values of one command's number ("skip seven tracks", "skip eleven tracks") are the
    /// number lists' business, not reported here; two commands are.
    @Test func onlyPairsOfDifferentCommandsAreReported() throws {
        var options = GrammarOptions.changer
        options.unspokenAlternatives = [:]
        let pairs = try Self.phrasePairs(options)
        #expect(!pairs.isEmpty)
        for pair in pairs {
            #expect(pair.meaning.prefix { $0 != "(" } != pair.otherMeaning.prefix { $0 != "(" }, "\(pair)")
        }
    }
}
