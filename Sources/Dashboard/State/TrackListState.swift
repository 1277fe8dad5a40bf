/// The track list (`t`): the tracks of one disc, one of them highlighted. A number typed picks a
/// track: at once when the disc has nine tracks or fewer, else as the highlight, played with Enter.
struct TrackListState: Equatable, Sendable {
    /// The disc, as the host gave it for the latest frame.
    var disc: DiscTracks
    /// Index into `disc.tracks` of the highlighted track.
    var selection = 0
    /// Whether the list follows the playing disc (opened on it) rather than one slot.
    var followsPlaying: Bool
    /// Digits typed so far (for discs of ten tracks or more).
    private(set) var typed = ""

    init(disc: DiscTracks, selection: Int = 0, followsPlaying: Bool) {
        self.disc = disc
        self.followsPlaying = followsPlaying
        self.selection = min(max(0, selection), max(0, disc.tracks.count - 1))
    }

    /// What a key does in the list.
    enum Reply: Equatable, Sendable {
        case ignored, moved, close
        /// Play this track (1-based).
        case play(Int)
    }

    mutating func apply(_ key: Key, pageSize: Int) -> Reply {
        let count = disc.tracks.count
        switch key {
        case .escape, .character("t"), .character("q"): return .close
        case .up, .character("k"): move(to: selection - 1)
        case .down, .character("j"): move(to: selection + 1)
        case .pageUp: move(to: selection - max(1, pageSize))
        case .pageDown: move(to: selection + max(1, pageSize))
        case .home: move(to: 0)
        case .end: move(to: count - 1)
        case .enter:
            guard count > 0 else { return .moved }
            typed = ""
            return .play(selection + 1)
        case .backspace:
            typed = String(typed.dropLast())
            if let number = Int(typed) { move(to: number - 1, keepingTyped: true) }
        case .character(let character) where character.isASCII && character.isNumber:
            let digit = character.wholeNumberValue ?? 0
            if count <= 9 {
                guard (1...count).contains(digit) else { return .moved }
                return .play(digit)
            }
            var candidate = typed + String(character)
            if Int(candidate).map({ !(1...count).contains($0) }) ?? true { candidate = String(character) }
            typed = candidate
            if let number = Int(typed), (1...count).contains(number) { move(to: number - 1, keepingTyped: true) }
        default:
            return .ignored
        }
        return .moved
    }

    /// Keeps the highlight on a track that exists after the disc changed.
    mutating func update(_ disc: DiscTracks) {
        if disc != self.disc { typed = "" }
        self.disc = disc
        selection = min(max(0, selection), max(0, disc.tracks.count - 1))
    }

    private mutating func move(to index: Int, keepingTyped: Bool = false) {
        if !keepingTyped { typed = "" }
        selection = min(max(0, index), max(0, disc.tracks.count - 1))
    }
}
