import AudioDecoding
import Foundation
import MPEGAudio
import Testing
import TestSupport

/// `MPEGDecoder`, libmpg123 behind `AudioDecoder`: its blocks fit the size it declares, it
/// decodes what `MPEGFile` does, and its failures carry reasons for the user.
@Suite("The MP3 decoder")
struct MPEGDecoderTests {
    @Test("no MPEG frame decodes to more than the declared largest block", arguments: [
        (["-V", "2"], 2, 44_100), (["-b", "320"], 1, 44_100), (["--resample", "22.05", "-b", "32"], 2, 22_050), (["--resample", "8", "-b", "8"], 1, 8000),
    ])
    func largestBlock(lame: [String], channels: Int, rate: Int) throws {
        let tone = try EncodedTone(frames: 20_000, channels: channels, synth: "440", lameOptions: lame)
        let file = try MPEGFile(path: Array(tone.path.utf8), forceStereo: true)
        #expect(try file.format().sampleRate == rate, "MPEG-1, -2 and -2.5 frames are all tried")
        #expect(file.largestFrameBytes() <= MPEGDecoder.largestBlockBytes)
    }

    @Test("reading through the protocol gives MPEGFile's gapless decode, in blocks no larger than declared")
    func sameAsFile() throws {
        let tone = try EncodedTone(frames: 54_321, channels: 1, synth: "300-3000", lameOptions: ["-V", "2"])
        let decoder = try MPEGDecoder(path: Array(tone.path.utf8))
        #expect(decoder.format == AudioFormat(sampleRate: 44_100, channels: 2, sampleFormat: .signed16), "mono comes out as stereo")
        #expect(decoder.length == AudioLength(frames: 54_321, isExact: true))
        var decoded: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: MPEGDecoder.largestBlockBytes)
        while true {
            let result = buffer.withUnsafeMutableBytes { decoder.read(into: $0) }
            #expect(result.bytes <= MPEGDecoder.largestBlockBytes)
            decoded += buffer[0..<result.bytes]
            if result.status == .finished || result.status == .failed { break }
        }
        #expect(decoded.count == 54_321 * 4)
        #expect(decoded == (try decodeByReading(tone.path)))
    }

    @Test("without an info frame the length is an estimate until measured on a second handle")
    func measuredLength() throws {
        let tone = try EncodedTone(frames: 77_777, synth: "440", lameOptions: ["-t", "-b", "128"])
        let decoder = try MPEGDecoder(path: Array(tone.path.utf8))
        #expect(!decoder.length.isExact)
        let frames = try decoder.measureExactLength()
        #expect(frames % 1152 == 0 && frames >= 77_777)
        var buffer = [UInt8](repeating: 0, count: MPEGDecoder.largestBlockBytes)
        let first = buffer.withUnsafeMutableBytes { decoder.read(into: $0) }
        #expect(first.status == .decoded, "measuring did not disturb the decoding handle")
    }

    @Test("ReplayGain comes from ID3v2 TXXX:REPLAYGAIN_* frames, as libmpg123 reads them")
    func replayGain() throws {
        let tone = try EncodedTone(frames: 20_000, synth: "440", lameOptions: [
            "--tv", "TXXX=REPLAYGAIN_TRACK_GAIN=-6.50 dB", "--tv", "TXXX=REPLAYGAIN_TRACK_PEAK=0.75",
            "--tv", "TXXX=replaygain_album_gain=+2.00 dB", "--tv", "TXXX=COMMENT=not a gain",
        ])
        let decoder = try MPEGDecoder(path: Array(tone.path.utf8))
        #expect(decoder.tags.replayGain == ReplayGain(trackGain: -6.5, trackPeak: 0.75, albumGain: 2))
        let plain = try EncodedTone(frames: 20_000, synth: "440", lameOptions: [])
        #expect(try MPEGDecoder(path: Array(plain.path.utf8)).tags.replayGain.isEmpty)
    }

    @Test("a missing file can't be opened; a text file is not an MP3 file")
    func failures() throws {
        #expect {
            _ = try MPEGDecoder(path: Array("/nonexistent/cdc-decoder.mp3".utf8))
        } throws: { error in
            (error as? DecoderError)?.reason == "can't open it"
        }
        let folder = TemporaryFolder("cdc-mpeg")
        let text = folder.file("text.mp3")
        try Data(String(repeating: "hello\n", count: 1000).utf8).write(to: text)
        #expect {
            _ = try MPEGDecoder(path: Array(text.path.utf8))
        } throws: { error in
            (error as? DecoderError)?.reason == "not an MP3 file"
        }
    }
}
