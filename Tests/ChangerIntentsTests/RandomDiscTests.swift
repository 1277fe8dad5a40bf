import ChangerIntents
import ChangerKit
import IntentKit
import Testing

/// "Play a random album": a loaded disc of the current magazine, drawn with the changer's
/// generator, never the one playing when there is another.
@Suite("A disc chosen at random")
struct RandomDiscTests {
    typealias Rig = PerformerTests.Rig

    @Test("Said any of these ways, it is a disc chosen at random, not a shuffle or a question", arguments: [
        "play a random album", "pick a random disc", "put on a random cd", "choose an album for me",
        "surprise me with a record", "load a random disc", "play any random album please",
    ])
    func phrasings(sentence: String) throws {
        let rig = try Rig()
        #expect(describe(rig.registry.resolve(sentence, mode: .inApp)) == "PlayRandomDisc", "\(sentence)")
    }

    @Test("“Play an album at random” may also mean shuffling this album: it is asked, not guessed")
    func shuffleOrRandomDisc() throws {
        let rig = try Rig()
        guard case .ambiguous(let ambiguity) = rig.registry.resolve("play an album at random", mode: .inApp) else {
            Issue.record("not asked")
            return
        }
        #expect(Set(ambiguity.candidates.map(\.invocation.intent)) == ["Random", "PlayRandomDisc"])
    }

    @Test("Each time another loaded disc than the one playing, from its first track")
    func anotherDiscEachTime() throws {
        let rig = try Rig()
        _ = rig.say("play disc 1")
        for _ in 0..<12 {
            let before = try #require(rig.changer.current?.slot)
            let outcome = rig.say("play a random album")
            let now = try #require(rig.changer.current)
            #expect(outcome.succeeded)
            #expect(outcome.response.hasPrefix("Chosen at random: disc \(now.slot), "), "\(outcome.response)")
            #expect(now.slot != before, "the disc playing is not drawn again")
            #expect([1, 3, 5].contains(now.slot), "only loaded discs: slot 4's album is missing")
            #expect(now.trackIndex == 0)
        }
    }

    @Test("Stopped, any loaded disc may come; an empty magazine is refused in words")
    func stoppedAndEmpty() throws {
        let rig = try Rig()
        let outcome = rig.say("pick a random disc")
        #expect(outcome.succeeded)
        #expect(rig.changer.transport == .playing)
        #expect([1, 3, 5].contains(rig.changer.current?.slot ?? 0))
        _ = rig.say("stop")
        for slot in [1, 3, 4, 5] { _ = rig.say("eject disc \(slot)") }
        #expect(rig.say("play a random album") == IntentOutcome(response: "Magazine One has no disc to play.", succeeded: false))
        #expect(rig.changer.transport == .stopped)
    }
}
