import ChangerIntents
import IntentKit
import Testing

/// A sentence its speaker corrects on the way ("play disc two, no, disc three") does what the
/// correction says; one where the words after "no" or "sorry" are no command, or the words before
/// them none, still gets "Sorry"; and a sentence that matches as said is never re-read.
@Suite("Self-corrections: the words after “no” or “I mean” correct the command before them")
struct SelfCorrectionTests {
    static let registry: ShortcutRegistry = try! TestMagazines(["Road Trip", "Sunday Drive"]).makeRegistry()

    @Test("the correction replaces what it corrects", arguments: [
        ("play disc two no disc three", "PlayDisc disc=3"), ("play disc two, no, disc three", "PlayDisc disc=3"),
        ("play disc three sorry i mean four", "PlayDisc disc=4"), ("play disc 3 no 4", "PlayDisc disc=4"),
        ("play track 8 no track 9", "PlayTrackNumber track=9"), ("turn it up no down", "ChangeVolume step=down"),
        ("set the volume to 40 no 50", "SetVolume volume=50"), ("play Road Trip no Sunday Drive", "PlayMagazine magazine=Sunday Drive"),
        ("pause the music, I mean stop it", "Stop"), ("play disc two, actually, disc five", "PlayDisc disc=5"),
    ])
    func corrected(sentence: String, expected: String) {
        #expect(describe(Self.registry.resolve(sentence)) == expected, "\(sentence)")
    }

    @Test("a remark after the marker, or before it, is not taken for a command", arguments: [
        "stop it no i was talking to the dog", "sorry i wasn't talking to you", "play the news no the weather",
        "turn it up no way that's too loud", "pause no", "no", "actually never mind",
    ])
    func notCorrected(sentence: String) {
        #expect(describe(Self.registry.resolve(sentence)) == "unsupported", "\(sentence)")
    }

    @Test("a sentence that matches as said is taken as said")
    func matchedAsSaid() throws {
        let registry = try TestMagazines(["No Surprises", "Road Trip"]).makeRegistry()
        #expect(describe(registry.resolve("play no surprises")) == "PlayMagazine magazine=No Surprises")
    }
}
