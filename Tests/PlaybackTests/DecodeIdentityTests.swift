import Foundation
import Playback
import Testing
import TestSupport

/// Every fixture played through the engine into a WAV file is sample-for-sample identical to
/// `mpg123 --gapless -w` on the same file.
@Suite("Decoding matches mpg123 --gapless")
struct DecodeIdentityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var rate: Int
        var channels: Int
        var lame: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "44.1 kHz stereo CBR", rate: 44_100, channels: 2, lame: ["-b", "192"]),
        Case(name: "mono, played as stereo", rate: 44_100, channels: 1, lame: ["-m", "m"]),
        Case(name: "48 kHz stereo", rate: 48_000, channels: 2, lame: []),
        Case(name: "CBR without an info frame (lame -t)", rate: 44_100, channels: 2, lame: ["-t", "-b", "128"]),
        Case(name: "VBR", rate: 44_100, channels: 2, lame: ["-V", "2"]),
        Case(name: "32 kHz VBR mono", rate: 32_000, channels: 1, lame: ["-V", "5", "-m", "m"]),
    ]

    @Test(arguments: cases)
    func identical(to fixture: Case) throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture.make("track.mp3", in: folder, seconds: 2.3, rate: fixture.rate, channels: fixture.channels, lameOptions: fixture.lame)
        let reference = try Fixture.reference(mp3, in: folder)
        let (wav, events) = try renderGaplessly([mp3], into: folder.file("out.wav"))
        #expect(wav.sampleRate == fixture.rate)
        #expect(wav.channels == 2, "mono is played as stereo")
        #expect(wav.samples.count == reference.count)
        #expect(wav.samples == reference)
        #expect(events.map(\.kind).filter { $0 != .lengthRefined(item: 1, frames: reference.count / 2, sampleRate: fixture.rate) }
            == [.started(item: 1), .finished(item: 1), .drained])
    }
}
