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
}
