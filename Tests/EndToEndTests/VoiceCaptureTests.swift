import Foundation
import Testing
import TestSupport

/// `cdchanger hear` through a real ALSA capture device (`CaptureFeed`: an ALSA `file` PCM whose
/// infile is a FIFO, written at the pace of a microphone) into a running player.
@Suite("cdchanger hear through an ALSA capture device", .serialized)
struct VoiceCaptureTests {
    @Test("“mute” said into the capture device mutes the running player")
    func spokenCommandReachesThePlayer() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let folder = TemporaryFolder("cdc-capture")
        let microphone = try CaptureFeed(in: folder)
        let speech = folder.file("mute.wav")
        try SpeechFixtures.speak("mute", voice: SpeechFixtures.Voice("en-us+f2", speed: 170), to: speech)
        let writer = try microphone.feed(speech)
        let heard = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "hear", "--mic", CaptureFeed.device],
                                   environment: fixture.environment.merging(microphone.environment) { _, new in new })
        let status = try fixture.run("status")
        // The same synthesized audio gives the same decoding every time (the noise floor is seeded).
        #expect(heard.status == 0, "\(heard.output)\(heard.error)")
        #expect(heard.output.contains("Heard \u{201C}mute\u{201D}."), "\(heard.output)")
        #expect(status.output.contains("muted"), "\(status.output)")
        withExtendedLifetime((player, writer)) {}
    }

    /// A clip the recognizer hears rightly but without enough confidence to act on
    /// (`SpeechFixtures.unsurePause`, between the thresholds −0.5 and 0.4 through this device;
    /// docs/voice.md): the running player asks it back, and the "yes" said next runs it.
    @Test("a sentence heard without certainty is asked back, and “yes” said next runs it")
    func unsureSentenceIsAskedBack() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let folder = TemporaryFolder("cdc-capture")
        let microphone = try CaptureFeed(in: folder)
        let environment = fixture.environment.merging(microphone.environment) { _, new in new }
        func say(_ sentence: String, _ voice: SpeechFixtures.Voice) throws -> ProcessResult {
            let speech = folder.file("\(sentence.replacingOccurrences(of: " ", with: "-")).wav")
            try SpeechFixtures.speak(sentence, voice: voice, to: speech)
            let writer = try microphone.feed(speech)
            defer { withExtendedLifetime(writer) {} }
            return try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "hear", "--mic", CaptureFeed.device],
                                  environment: environment)
        }
        #expect(try fixture.run("say", "play disc 1").status == 0)

        let asked = try say(SpeechFixtures.unsurePause.sentence, SpeechFixtures.unsurePause.voice)
        #expect(asked.status == 2, "\(asked.output)\(asked.error)")
        #expect(SpeechFixtures.unsurePauseHeard.contains { asked.output.contains(SpeechFixtures.question(askingBack: $0)) }, "\(asked.output)")
        #expect(try fixture.run("status").output.hasPrefix("Playing"), "nothing runs before the answer")

        let yes = try say("yes", SpeechFixtures.Voice("en-us", speed: 160))
        #expect(yes.status == 0, "\(yes.output)\(yes.error)")
        #expect(yes.output.contains("Heard \u{201C}yes\u{201D}."), "\(yes.output)")
        #expect(try fixture.run("status").output.hasPrefix("Paused"))
        withExtendedLifetime(player) {}
    }
}
