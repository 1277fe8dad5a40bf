import Foundation
import Testing
import TestSupport

/// Damaged files in an odd library, through the real binary: `cdchanger library` lists each one
/// skipped with its reason in words, and `cdchanger play` plays the good tracks of the disc.
@Suite("Damaged files, end to end")
struct DamagedFilesTests {
    @Test("a FLAC of random bytes and one with a broken STREAMINFO are skipped with a reason; the good tracks play")
    func skippedWithAReason() throws {
        let music = TemporaryFolder("cdc-damaged-music")
        let state = TemporaryFolder("cdc-damaged-state")
        let album = "Odd Band - Odd Album"
        _ = try CodecFixtures.make(music.file("\(album)/01 Good.flac"), as: .flac, seconds: 0.5, comments: [("TITLE", "Good")])
        _ = try CodecFixtures.make(music.file("\(album)/04 Also Good.opus"), as: .opus, seconds: 0.5, comments: [("TITLE", "Also Good")])
        var noise = SeededNoise(seed: 14)
        try Data((0..<20_000).map { _ in noise.next() }).write(to: music.file("\(album)/02 Garbage.flac"))
        // "fLaC", then a last STREAMINFO block of the right size that is all zeros.
        try (Data("fLaC".utf8) + Data([0x80, 0x00, 0x00, 0x22]) + Data(count: 0x22 + 200)).write(to: music.file("\(album)/03 Broken Header.flac"))

        let listing = try runChanger(["library"], stateDirectory: state.path, library: music.path)
        #expect(listing.status == 0, "\(listing.error)")
        #expect(listing.output.contains("2 tracks"), "\(listing.output)")
        #expect(listing.output.contains("skipped 02 Garbage.flac: not a FLAC file"), "\(listing.output)")
        #expect(listing.output.contains(
            "skipped 03 Broken Header.flac: its FLAC header (STREAMINFO) is damaged (0 Hz, 1 channel, 1 bit, blocks of up to 0 samples)"),
            "\(listing.output)")

        let played = try runChanger(["play", "--disc", "1", "--output", "null", "--fast"], stateDirectory: state.path, library: music.path)
        #expect(played.status == 0, "\(played.error)")
        #expect(played.output.contains("track 1/2: Good"), "\(played.output)")
        #expect(played.output.contains("track 2/2: Also Good"), "\(played.output)")
    }
}

/// Reproducible bytes for a garbage file (a linear congruential generator).
private struct SeededNoise {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
}
