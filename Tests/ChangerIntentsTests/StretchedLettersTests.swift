import ChangerIntents
@testable import IntentKit
import Testing

/// A word typed with its letters drawn out ("pleeease", "nexxxt") is read as the word a phrase or
/// name has, when the sentence as said matches nothing; a drawn-out word that is no such word
/// changes nothing.
@Suite("Drawn-out letters: “louder pleeease” is “louder please”")
struct StretchedLettersTests {
    static let registry: ShortcutRegistry = try! TestMagazines(["Road Trip"]).makeRegistry()

    @Test("a drawn-out word is read as the word", arguments: [
        ("louder pleeease", "ChangeVolume step=up"), ("nexxxt song", "NextTrack"), ("pauuuuse", "Pause"),
        ("play disc threeee", "PlayDisc disc=3"), ("stop the musiccc", "Stop"), ("play roooad trip", "PlayMagazine magazine=Road Trip"),
    ])
    func read(sentence: String, expected: String) {
        #expect(describe(Self.registry.resolve(sentence)) == expected, "\(sentence)")
    }

    @Test("drawn-out words no phrase has stay unknown", arguments: ["sooo good", "aaaaa", "brrrr it's cold"])
    func unknown(sentence: String) {
        #expect(describe(Self.registry.resolve(sentence)) == "unsupported", "\(sentence)")
    }

    @Test("runs of three or more are cut, shorter runs stay", arguments: [
        ("pleeease", 2, "pleease"), ("pleeease", 1, "please"), ("coffee", 1, "coffee"), ("nexxxt", 1, "next"), ("aaa", 2, "aa"),
    ])
    func shortening(word: String, length: Int, expected: String) {
        #expect(ShortcutRegistry.shortening(word, runsTo: length) == expected)
    }
}
