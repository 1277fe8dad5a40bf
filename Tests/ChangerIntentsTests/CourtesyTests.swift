import ChangerIntents
import IntentKit
import Testing

/// Courtesies around a request ("excuse me, would you mind …", "… thank you") are left out, and
/// "-ing" forms read as their verbs ("would you mind turning it down"), when the sentence as said
/// matches nothing; thanks alone, or thanks for something, is no command.
@Suite("Courtesies around a request are left out")
struct CourtesyTests {
    static let registry: ShortcutRegistry = try! TestMagazines(["Road Trip"]).makeRegistry()

    @Test("a request wrapped in courtesies does what the request says", arguments: [
        ("would you mind turning the volume down a little bit please thank you", "ChangeVolume step=down"),
        ("excuse me would you be so kind as to pause the music", "Pause"), ("do you mind skipping this song", "NextTrack"),
        ("sorry what song is playing now", "NowPlaying"), ("hello could you please put the third disc on for me", "PlayDisc disc=3"),
        ("turn it down thank you", "ChangeVolume step=down"), ("that's enough music now thank you dear", "Stop"),
        ("pause thanks", "Pause"), ("next song, cheers", "NextTrack"), ("i want you to stop the music", "Stop"),
    ])
    func request(sentence: String, expected: String) {
        #expect(describe(Self.registry.resolve(sentence)) == expected, "\(sentence)")
    }

    @Test("courtesies with no request are not taken for one", arguments: [
        "thank you", "thanks for the music", "thank you for the music", "hello", "sorry", "excuse me where is the toilet",
        "would you mind closing the window", "sorry about that", "cheers mate",
    ])
    func noRequest(sentence: String) {
        #expect(describe(Self.registry.resolve(sentence)) == "unsupported", "\(sentence)")
    }

    @Test("an -ing form is read as the verb a phrase has, and only then", arguments: [
        ("do you mind pausing", "Pause"), ("would you mind playing disc two", "PlayDisc disc=2"), ("skipping this song", "NextTrack"),
        ("would you mind singing", "unsupported"), ("would you mind closing the window", "unsupported"),
    ])
    func verbs(sentence: String, expected: String) {
        #expect(describe(Self.registry.resolve(sentence)) == expected, "\(sentence)")
    }
}
