import AudioDecoding
import Testing

/// ReplayGain: reading the tags' text, choosing the album's or the track's gain, and never letting
/// the gain push a peak past full scale.
@Suite("ReplayGain")
struct ReplayGainTests {
    @Test("gain and peak tags are read as written; anything else is no value", arguments: [
        ("-6.48 dB", -6.48), ("+2.10 dB", 2.1), ("-6.48", -6.48), (" -3 DB ", -3), ("0.00 dB", 0),
        ("loud", nil), ("", nil), ("-100 dB", nil), ("nan dB", nil),
    ] as [(String, Double?)])
    func gainText(text: String, value: Double?) {
        #expect(ReplayGain.gain(fromTag: text) == value)
    }

    @Test("peaks", arguments: [("0.988553", 0.988553), ("1.2", 1.2), ("0", nil), ("-1", nil), ("x", nil)] as [(String, Double?)])
    func peakText(text: String, value: Double?) {
        #expect(ReplayGain.peak(fromTag: text) == value)
    }

    @Test("album mode takes the album's gain, else the track's; track mode the track's, else the album's; off, none")
    func selection() throws {
        let both = ReplayGain(trackGain: -3, trackPeak: 0.5, albumGain: -6, albumPeak: 0.9)
        #expect(both.selected(for: .album)?.gain == -6 && both.selected(for: .album)?.peak == 0.9)
        #expect(both.selected(for: .track)?.gain == -3 && both.selected(for: .track)?.peak == 0.5)
        #expect(both.selected(for: .off) == nil)
        let trackOnly = ReplayGain(trackGain: -3)
        #expect(trackOnly.selected(for: .album)?.gain == -3)
        let albumOnly = ReplayGain(albumGain: -4)
        #expect(albumOnly.selected(for: .track)?.gain == -4)
        #expect(ReplayGain().selected(for: .album) == nil && ReplayGain().factor(for: .album) == 1)
        #expect(ReplayGain().appliedDecibels(for: .album) == nil)
    }

    @Test("the factor is 10^(gain/20), limited by the peak; without a peak a gain never raises the level")
    func clippingPrevention() throws {
        #expect(abs(ReplayGain(trackGain: -6.0206).factor(for: .track) - 0.5) < 1e-4)
        // +6 dB would take a peak of 0.8 to 1.6: limited to 1/0.8.
        #expect(ReplayGain(trackGain: 6, trackPeak: 0.8).factor(for: .track) == 1.25)
        #expect(abs(ReplayGain(trackGain: 3, trackPeak: 0.5).factor(for: .track) - 1.4125) < 1e-4, "room to spare: the whole gain")
        #expect(ReplayGain(trackGain: 4).factor(for: .track) == 1)
        #expect(abs(try #require(ReplayGain(trackGain: 6, trackPeak: 0.8).appliedDecibels(for: .track)) - 1.938) < 1e-3)
    }

    @Test("the modes are named as the setting spells them")
    func modeNames() {
        #expect(ReplayGainMode.allCases.map(\.description) == ["album", "track", "off"])
        #expect(ReplayGainMode(rawValue: "album") == .album)
    }
}
