import Foundation

/// A real ALSA capture device for voice tests, with no microphone: an ALSA `file` PCM whose
/// infile is a FIFO (docs/voice.md, "Tests"), defined in a configuration file that the process
/// under test finds through `ALSA_CONFIG_PATH`. `feed` writes a recording into the FIFO at the
/// pace of a microphone, so the recognizer reads it with `snd_pcm_readi` and ends on its
/// voice-activity detector, as it would in a car.
public final class CaptureFeed: Sendable {
    /// The capture device's name, for `--mic`.
    public static let device = "voicefeed"
    public let fifo: String
    /// The value of `ALSA_CONFIG_PATH`: the main configuration first, then the device's.
    public let configPath: String
    private let folder: TemporaryFolder

    /// Makes the FIFO and the configuration inside `folder`.
    public init(in folder: TemporaryFolder) throws {
        self.folder = folder
        fifo = folder.file("mic.fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw FixtureError(message: "mkfifo failed: \(errno)") }
        let config = folder.file("asound.conf")
        try """
            pcm.\(CaptureFeed.device) {
                type file
                slave.pcm "null"
                file "/dev/null"
                infile "\(fifo)"
                format "raw"
            }
            """.write(to: config, atomically: true, encoding: .utf8)
        configPath = "/usr/share/alsa/alsa.conf:\(config.path)"
    }

    /// The environment a process needs to open the device.
    public var environment: [String: String] { ["ALSA_CONFIG_PATH": configPath] }

    /// Starts writing `wav` (then two seconds of silence) into the FIFO as raw 16 kHz mono
    /// samples, 20 ms at a time at real-time pace; the writer waits until the device is opened
    /// and ends after the last sample (the reader then sees the end of its input).
    public func feed(_ wav: URL) throws -> BackgroundProcess {
        let raw = folder.file("feed-\(UUID().uuidString.prefix(8)).raw")
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
}
