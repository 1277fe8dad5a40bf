import Foundation
import Testing
import TestSupport

/// `cdchanger hear` through a real ALSA capture device into a running player: an ALSA `file`
/// PCM whose infile is a FIFO (docs/voice.md), written at the pace of a microphone by a small
/// writer, so the recognizer reads with `snd_pcm_readi` and ends on its voice-activity detector.
@Suite("cdchanger hear through an ALSA capture device", .serialized)
struct VoiceCaptureTests {
    /// A capture device `voicefeed` reading `fifo`, and the ALSA configuration path that defines it.
    static func captureDevice(in folder: TemporaryFolder) throws -> (fifo: String, configPath: String) {
        let fifo = folder.file("mic.fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw FixtureError(message: "mkfifo failed: \(errno)") }
        let config = folder.file("asound.conf")
        try """
            pcm.voicefeed {
                type file
                slave.pcm "null"
                file "/dev/null"
                infile "\(fifo)"
                format "raw"
            }
            """.write(to: config, atomically: true, encoding: .utf8)
        return (fifo, "/usr/share/alsa/alsa.conf:\(config.path)")
    }

    /// Starts writing `wav` (then two seconds of silence) into `fifo` as raw 16 kHz mono samples,
    /// 20 ms at a time at real-time pace, as a microphone would deliver them.
    static func feed(_ wav: URL, into fifo: String, folder: TemporaryFolder) throws -> BackgroundProcess {
        let raw = folder.file("feed.raw")
        let converted = try runProcess("sox", ["-q", wav.path, "-t", "raw", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer", raw.path, "pad", "0", "2"])
        guard converted.status == 0 else { throw FixtureError(message: "sox failed: \(converted.error)") }
        let writer = """
            import sys, time
            data = open(sys.argv[1], "rb").read()
            start = time.monotonic()
            with open(sys.argv[2], "wb", buffering=0) as fifo:
                for offset in range(0, len(data), 640):
                    delay = start + offset / 32000 - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                    try:
                        fifo.write(data[offset:offset + 640])
                    except BrokenPipeError:
                        break
            """
        return try BackgroundProcess("/usr/bin/python3", ["-c", writer, raw.path, fifo], environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test("“mute” said into the capture device mutes the running player")
    func spokenCommandReachesThePlayer() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.startPlayer()
        let folder = TemporaryFolder("cdc-capture")
        let (fifo, configPath) = try Self.captureDevice(in: folder)
        let speech = folder.file("mute.wav")
        try SpeechFixtures.speak("mute", voice: SpeechFixtures.Voice("en-us+f2", speed: 170), to: speech)
        let writer = try Self.feed(speech, into: fifo, folder: folder)
        var environment = fixture.environment
        environment["ALSA_CONFIG_PATH"] = configPath
        let heard = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "hear", "--mic", "voicefeed"],
                                   environment: environment)
        let status = try fixture.run("status")
        // The same synthesized audio gives the same decoding every time (the noise floor is seeded).
        #expect(heard.status == 0, "\(heard.output)\(heard.error)")
        #expect(heard.output.contains("Heard \u{201C}mute\u{201D}."), "\(heard.output)")
        #expect(status.output.contains("muted"), "\(status.output)")
        withExtendedLifetime((player, writer)) {}
    }
}
