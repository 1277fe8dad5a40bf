import ChangerIntents
import Foundation
import IntentKit
import Testing
import TestSupport
@testable import Voice

/// The phrase half of the acoustic collision check: sentences of two commands that differ in one
/// word which sounds like the other's ("swap record" and "stop record") are found, and the voice
/// grammar the app uses has none, because each word and phrase it leaves out for sounding alike
/// is one the check finds. Words left out because the recognizer heard them in another
/// command's place (`ChangerShortcuts.misheardAlternatives`) are each shown to be heard so.
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

    /// The espeak-ng voices of the driveway test, each at three speeds.
    static let voices = ["en-us", "en-us+m3", "en-us+f2", "en-gb-x-rp", "en-us+m1"].flatMap { name in
        [130, 150, 175].map { SpeechFixtures.Voice(name, speed: $0) }
    }

    /// What `sentence` said by every voice of `voices` is heard as with a grammar of `options`.
    static func heard(_ sentence: String, options: GrammarOptions) throws -> [String] {
        let recognizer = VoiceRecognizer(registry: try registry(), options: options)
        let folder = TemporaryFolder("cdc-misheard")
        return try voices.map { voice in
            let file = folder.file("\(voice.name)-\(voice.speed).wav")
            try SpeechFixtures.speak(sentence, voice: voice, to: file)
            return try recognizer.recognize(try AudioFile.read(file.path).samples).hypothesis ?? ""
        }
    }

    /// Each misheard word, put back into its command, is heard in place of the command it was
    /// heard for by some voice; left out (the app's grammar), by none.
    @Test(arguments: [("Random", "mix", said: "next song", heardAs: "mix songs")])
    func eachMisheardWordIsHeardForAnotherCommand(intent: String, word: String, said: String, heardAs: String) throws {
        #expect(ChangerShortcuts.misheardAlternatives[intent]?.contains(word) == true)
        var withWord = GrammarOptions.changer
        withWord.unspokenAlternatives[intent]?.remove(word)
        let putBack = try Self.heard(said, options: withWord)
        #expect(putBack.contains(heardAs), "\(putBack)")
        let leftOut = try Self.heard(said, options: .changer)
        #expect(!leftOut.contains { " \($0) ".contains(" \(word) ") }, "\(leftOut)")
        #expect(leftOut.filter { $0 == said }.count > putBack.filter { $0 == said }.count, "left out: \(leftOut), put back: \(putBack)")
    }
}
