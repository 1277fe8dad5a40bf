import Foundation
import Synchronization
import Testing
import TestSupport

/// An ALSA device the test can pull out: ALSA's `file` plugin writes what is played into a FIFO
/// that the test drains at the pace of a real card; closing the FIFO makes every write fail, as
/// when a USB card is unplugged.
final class UnpluggableDevice: Sendable {
    let folder = TemporaryFolder("cdc-device")
    private let reader = Mutex<Int32>(-1)
    private let running = Atomic<Bool>(false)
    private let drained = Atomic<Int>(0)

    init() throws {
        let configuration = """
        pcm.unpluggable {
          type plug
          slave { pcm "unpluggable_file"; format S16_LE; rate 44100; channels 2 }
        }
        pcm.unpluggable_file {
          type file
          slave.pcm "null"
          file "\(folder.path)/device.fifo"
          format "raw"
        }
        """
        try Data(configuration.utf8).write(to: folder.url.appendingPathComponent("asound.conf"))
        mkfifo(folder.path + "/device.fifo", 0o600)
        plugIn()
    }

    deinit { unplug() }

    /// ALSA's configuration path with this device added.
    var alsaConfigPath: String { "/usr/share/alsa/alsa.conf:\(folder.path)/asound.conf" }

    /// Bytes the "card" has played so far.
    var playedBytes: Int { drained.load(ordering: .relaxed) }

    /// Opens the FIFO and drains it at 176,400 bytes a second (44.1 kHz, 16-bit stereo).
    func plugIn() {
        let descriptor = open(folder.path + "/device.fifo", O_RDONLY | O_NONBLOCK)
        reader.withLock { $0 = descriptor }
        running.store(true, ordering: .relaxed)
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 17_640)
            while running.load(ordering: .relaxed) {
                let count = reader.withLock { read($0, &buffer, buffer.count) }
                if count > 0 { drained.add(count, ordering: .relaxed) }
                usleep(100_000)
            }
        }
    }

    /// Closes the FIFO: the player's next write fails.
    func unplug() {
        running.store(false, ordering: .relaxed)
        reader.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }
}

@Suite("A sound device that disappears mid-track", .serialized)
struct DeviceLossTests {
    @Test("playback pauses with a notice and resumes on the same device, or on another one")
    func unplugAndResume() throws {
        let device = try UnpluggableDevice()
        let fixture = try PlayerFixture()
        var environment = fixture.environment
        environment["ALSA_CONFIG_PATH"] = device.alsaConfigPath
        let player = try BackgroundProcess(
            ProjectPaths.binary, ["--state-dir", fixture.state.path, "--library", fixture.library, "play", "--disc", "1", "--device", "unpluggable"],
            environment: environment
        )
        #expect(player.waitFor("track 1/4"))
        #expect(waitUntil(timeout: 5) { device.playedBytes > 100_000 }, "the device plays")

        device.unplug()
        #expect(player.waitFor("Sound device lost", inError: true))
        #expect(waitUntil(timeout: 5) { (try? fixture.run("status").output.hasPrefix("Paused")) == true })
        #expect(player.isRunning)

        // The same device, back again.
        device.plugIn()
        let played = device.playedBytes
        #expect(try fixture.run("say", "resume").status == 0)
        #expect(waitUntil(timeout: 5) { device.playedBytes > played + 100_000 }, "it plays again after resume")
        #expect(try fixture.run("status").output.hasPrefix("Playing disc 1"))

        // Lost again; this time go on elsewhere.
        device.unplug()
        #expect(waitUntil(timeout: 5) { (try? fixture.run("status").output.hasPrefix("Paused")) == true })
        let moved = try fixture.run("output", "null")
        #expect(moved.status == 0)
        #expect(moved.output.contains("Output: null."))
        #expect(moved.output.contains("resume"))
        #expect(try fixture.run("say", "resume").status == 0)
        let status = try fixture.run("status")
        #expect(status.output.hasPrefix("Playing disc 1"))
        #expect(status.output.contains("null"))
        #expect(!player.error.contains("ALSA lib"))
        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
    }
}
