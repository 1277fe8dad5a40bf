import Foundation
import Testing
import TestSupport

/// `cdchanger play` applies the `replaygain` setting from `--replaygain`, else
/// `$CDCHANGER_REPLAYGAIN`, else the settings file (`cdchanger config set replaygain`), else
/// album, and refuses a value that names no mode.
@Suite("ReplayGain, end to end")
struct ReplayGainPlayTests {
    @Test("album by default, track or off when asked: the option before the environment before the settings file", arguments: [
        ([], [:], nil, -6.0), (["--replaygain", "track"], [:], nil, -2.0), (["--replaygain", "off"], [:], nil, 0.0),
        ([], ["CDCHANGER_REPLAYGAIN": "track"], nil, -2.0), (["--replaygain", "album"], ["CDCHANGER_REPLAYGAIN": "off"], nil, -6.0),
        ([], [:], "Track", -2.0), ([], [:], "off", 0.0), ([], ["CDCHANGER_REPLAYGAIN": "album"], "off", -6.0),
        (["--replaygain", "off"], [:], "track", 0.0),
    ] as [([String], [String: String], String?, Double)])
    func modes(options: [String], environment: [String: String], configured: String?, decibels: Double) throws {
        let music = TemporaryFolder("cdc-rg-music")
        let state = TemporaryFolder("cdc-rg-state")
        if let configured {
            let set = try runChanger(["config", "set", "replaygain", configured], stateDirectory: state.path, library: music.path)
            #expect(set.status == 0, "\(set.error)")
        }
        let flac = try CodecFixtures.make(music.file("Loud Band - Loud Album/01 Loud.flac"), as: .flac, seconds: 0.5, comments: [
            ("TITLE", "Loud"), ("REPLAYGAIN_TRACK_GAIN", "-2 dB"), ("REPLAYGAIN_ALBUM_GAIN", "-6 dB"), ("REPLAYGAIN_ALBUM_PEAK", "0.6"),
        ])
        let wav = state.path + "/out.wav"
        let result = try runChanger(["play", "--disc", "1", "--output", "wav:" + wav, "--fast"] + options, stateDirectory: state.path, library: music.path,
                                    extraEnvironment: environment)
        #expect(result.status == 0, "\(result.error)")
        let reference = try CodecFixtures.referenceDecode(flac, as: .flac).samples
        let played = try WAVContents(path: wav).samples
        try #require(played.count == reference.count)
        let factor = pow(10, decibels / 20)
        // The loudest sample shows the gain (within rounding).
        let peak = Double(reference.map { abs(Int($0)) }.max()!)
        let playedPeak = Double(played.map { abs(Int($0)) }.max()!)
        #expect(abs(playedPeak - peak * factor) <= 1, "peak \(playedPeak), expected \(peak * factor)")
    }

    @Test("a value that names no mode is a usage error")
    func refused() throws {
        let music = TemporaryFolder("cdc-rg-music")
        let state = TemporaryFolder("cdc-rg-state")
        let option = try runChanger(["play", "--replaygain", "loud", "--output", "null"], stateDirectory: state.path, library: music.path)
        #expect(option.status == 2)
        #expect(option.error.hasPrefix("cdchanger: --replaygain takes album|track|off, not \u{201C}loud\u{201D}"))
        let environment = try runChanger(["play", "--output", "null"], stateDirectory: state.path, library: music.path,
                                         extraEnvironment: ["CDCHANGER_REPLAYGAIN": "on"])
        #expect(environment.status == 2)
        #expect(environment.error.contains("$CDCHANGER_REPLAYGAIN must be album|track|off"))
    }
}
