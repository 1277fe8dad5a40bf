#if canImport(Glibc)
import Glibc
#endif

/// The loudness corrections a file's tags give: ReplayGain's track and album gains (in dB, to
/// ReplayGain 2.0's reference loudness of −18 LUFS) and peaks (linear, 1.0 is full scale).
///
/// FLAC and Ogg Vorbis carry them as `REPLAYGAIN_*` Vorbis comments, MP3 as ID3 `TXXX:REPLAYGAIN_*`
/// frames; Opus carries EBU R128 gains (to −23 LUFS), which its decoder moves to this reference.
/// The player applies them in its volume stage (`ReplayGainMode`), never boosting past a peak.
public struct ReplayGain: Hashable, Sendable {
    public var trackGain: Double?
    public var trackPeak: Double?
    public var albumGain: Double?
    public var albumPeak: Double?

    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil) {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
    }

    /// Reads the four `REPLAYGAIN_*` fields through `lookup`, which returns a tag's first value for
    /// its name (the library's own tag reader does the looking up).
    public init(tags lookup: (String) -> String?) {
        self.init(
            trackGain: lookup("REPLAYGAIN_TRACK_GAIN").flatMap(ReplayGain.gain(fromTag:)),
            trackPeak: lookup("REPLAYGAIN_TRACK_PEAK").flatMap(ReplayGain.peak(fromTag:)),
            albumGain: lookup("REPLAYGAIN_ALBUM_GAIN").flatMap(ReplayGain.gain(fromTag:)),
            albumPeak: lookup("REPLAYGAIN_ALBUM_PEAK").flatMap(ReplayGain.peak(fromTag:))
        )
    }

    /// Whether the tags gave any gain at all.
    public var isEmpty: Bool { trackGain == nil && albumGain == nil }

    /// Fills the fields this value lacks from `other`.
    public mutating func merge(_ other: ReplayGain) {
        trackGain = trackGain ?? other.trackGain
        trackPeak = trackPeak ?? other.trackPeak
        albumGain = albumGain ?? other.albumGain
        albumPeak = albumPeak ?? other.albumPeak
    }

    /// The gain `mode` uses and the peak that goes with it: album mode takes the album's, else the
    /// track's; track mode the track's, else the album's; nil when off or the tags give none.
    public func selected(for mode: ReplayGainMode) -> (gain: Double, peak: Double?)? {
        let album = albumGain.map { ($0, albumPeak) }
        let track = trackGain.map { ($0, trackPeak) }
        switch mode {
        case .off: return nil
        case .album: return album ?? track
        case .track: return track ?? album
        }
    }

    /// The amplitude factor to apply in `mode` (1 when there is nothing to apply): the gain,
    /// limited so that the peak does not pass full scale. Without a known peak the gain may lower
    /// the level but never raise it, since nothing says how far it could go before clipping.
    public func factor(for mode: ReplayGainMode) -> Double {
        guard let (gain, peak) = selected(for: mode) else { return 1 }
        let factor = ReplayGain.amplitude(decibels: gain)
        guard let peak, peak > 0 else { return min(factor, 1) }
        return min(factor, 1 / peak)
    }

    /// The level change `factor(for:)` makes, in dB (0 when it changes nothing); nil when off or
    /// the tags give no gain.
    public func appliedDecibels(for mode: ReplayGainMode) -> Double? {
        guard selected(for: mode) != nil else { return nil }
        return 20 * log10(factor(for: mode))
    }

    /// A gain tag's value: "-6.48 dB", "+2.1 dB", "-6.48"; nil for anything else, or beyond ±64 dB.
    public static func gain(fromTag text: String) -> Double? {
        var number = text.trimmingSpaces()
        if number.lowercased().hasSuffix("db") { number = String(number.dropLast(2)).trimmingSpaces() }
        if number.hasPrefix("+") { number.removeFirst() }
        guard let value = Double(number), value.isFinite, abs(value) <= 64 else { return nil }
        return value
    }

    /// A peak tag's value: "0.988553"; nil for anything that is not a positive number below 64.
    public static func peak(fromTag text: String) -> Double? {
        guard let value = Double(text.trimmingSpaces()), value.isFinite, value > 0, value < 64 else { return nil }
        return value
    }

    /// 10^(dB/20).
    public static func amplitude(decibels: Double) -> Double {
        pow(10, decibels / 20)
    }
}

/// Which ReplayGain the player applies: the album's (the default: a changer plays whole discs, and
/// album gain keeps a disc's quiet and loud songs as they were mastered), each track's, or none.
public enum ReplayGainMode: String, Sendable, CaseIterable, CustomStringConvertible {
    case album, track, off

    /// "album", "track", "off".
    public var description: String { rawValue }
}
