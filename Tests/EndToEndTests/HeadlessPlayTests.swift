import Foundation
import Testing
import TestSupport

@Suite("Headless play, end to end")
struct HeadlessPlayTests {
    /// The demo library's manifest: decoded sample counts per track.
    struct Manifest: Decodable {
        struct Album: Decodable {
            var title: String
            var sampleRate: Int
            var tracks: [Track]
        }
        struct Track: Decodable {
            var title: String
            var samples: Int
        }
        var albums: [Album]

        static func load() throws -> Manifest {
            try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: ProjectPaths.root.appendingPathComponent("Assets/DemoLibrary.manifest.json")))
        }
    }

    /// Frames in a 16-bit stereo WAV file written by the player.
    func frames(inWAV path: String) throws -> Int {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        return (size - 44) / 4
    }

    @Test("play --disc prints each track as it starts, renders the gapless disc sample-exact, and exits 0 at its end")
    func playsDiscToTheEnd() throws {
        let fixture = try PlayerFixture()
        let wav = fixture.state.path + "/disc3.wav"
        let result = try fixture.run("play", "--disc", "3", "--output", "wav:" + wav, "--fast")
        #expect(result.status == 0, "\(result.error)")
        let manifest = try Manifest.load()
        let nightDrive = manifest.albums[2]
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == nightDrive.tracks.count)
        for (index, (line, track)) in zip(lines, nightDrive.tracks).enumerated() {
            #expect(line.contains("disc 3, track \(index + 1)/\(nightDrive.tracks.count): \(track.title)"), "\(line)")
        }
        #expect(try frames(inWAV: wav) == nightDrive.tracks.reduce(0) { $0 + $1.samples })
    }

    @Test("Ctrl-C, SIGTERM and SIGHUP stop cleanly and save the position; play then resumes exactly there", arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptAndResume(signal: Int32) throws {
        let fixture = try PlayerFixture()
        let player = try fixture.start(["play", "--disc", "1", "--track", "2", "--output", "null"])
        #expect(player.waitFor("track 2/4"))
        usleep(1_500_000)
        player.send(signal)
        #expect(player.waitForExit() == 0)
        #expect(player.error.contains("position is saved"))
        let position = try #require(try fixture.savedState()["position"] as? [String: Any])
        #expect(position["slot"] as? Int == 1)
        #expect(position["trackIndex"] as? Int == 1)
        let offset = try #require(position["offset"] as? Double)
        #expect(offset > 1.0 && offset < 3.5, "offset \(offset)")

        let wav = fixture.state.path + "/rest.wav"
        let resumed = try fixture.run("play", "--output", "wav:" + wav, "--fast")
        #expect(resumed.status == 0, "\(resumed.error)")
        #expect(resumed.output.split(separator: "\n").first?.contains("disc 1, track 2/4") == true)
        let album = try Manifest.load().albums[0]
        let expected = album.tracks.dropFirst().reduce(0) { $0 + $1.samples } - Int(offset * Double(album.sampleRate))
        #expect(abs(try frames(inWAV: wav) - expected) < album.sampleRate / 100, "resumed within 10 ms of the saved offset")
    }

    @Test("with no sound device the player says so once and plays silently in real time")
    func noSoundDevice() throws {
        let fixture = try PlayerFixture()
        let player = try fixture.start(["play", "--disc", "2", "--device", "nosuchcard"])
        #expect(player.waitFor("track 1/3"))
        #expect(player.waitFor("No sound device", inError: true))
        #expect(player.error.contains("playing silently"))
        #expect(!player.error.contains("ALSA lib"))
        let status = try fixture.run("status")
        #expect(status.output.hasPrefix("Playing disc 2, track 1"))
        #expect(status.output.contains("silent"))
        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
    }

    @Test("play's option mistakes are usage errors", arguments: [
        ["play", "--track", "2"], ["play", "--fast", "--device", "default"], ["play", "--output", "cassette"], ["play", "--disc", "zero"],
    ])
    func usageErrors(arguments: [String]) throws {
        let fixture = try PlayerFixture()
        let result = try runProcess(ProjectPaths.binary, ["--state-dir", fixture.state.path] + arguments, environment: fixture.environment)
        #expect(result.status == 2)
        #expect(result.error.contains("Usage: cdchanger play"))
    }

    @Test("a disc that can't be played is refused with the reason and exit 1")
    func emptySlot() throws {
        let fixture = try PlayerFixture()
        _ = try fixture.run("magazine", "eject", "Magazine One", "4")
        let result = try fixture.run("play", "--disc", "4", "--output", "null", "--fast")
        #expect(result.status == 1)
        #expect(result.error.contains("Slot 4 of Magazine One is empty."))
    }
}
