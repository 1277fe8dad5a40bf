#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary
import SystemSupport

/// Which track follows which, as on a car head unit: track after track and disc after disc
/// (skipping empty and missing slots), the shuffled orders of random play, and the repeat rules.
///
/// A view of the rack, the shelf and the settings at one moment: the `Changer` makes one whenever it
/// has to choose, and keeps the random generator the shuffles draw from between them.
struct PlayOrder {
    let rack: Rack
    let shelf: AlbumShelf
    let settings: PlayerSettings
    /// With repeat off, stop at the end of the current disc instead of going on to the next.
    let stopsAtEndOfDisc: Bool

    /// A track to play and the shuffled order in force once it plays (empty when random is off).
    struct Step: Equatable {
        var reference: TrackReference
        var order: [TrackReference]
    }

    /// The album and track a reference points at, if they are still there.
    func resolve(_ reference: TrackReference) -> (magazine: Magazine, album: Album, track: Track)? {
        guard let magazine = rack.magazine(withID: reference.magazineID),
              let folder = magazine.album(inSlot: reference.slot),
              let album = shelf.album(at: folder),
              album.tracks.indices.contains(reference.trackIndex) else { return nil }
        return (magazine, album, album.tracks[reference.trackIndex])
    }

    /// Slots that hold an album that is there and has something to play.
    func playableSlots(of magazine: Magazine) -> [Int] {
        magazine.slots.indices.compactMap { index in
            guard case .loaded(let album) = shelf.state(ofSlot: magazine.slots[index]), !album.tracks.isEmpty else { return nil }
            return index + 1
        }
    }

    /// How many tracks the playable discs of `magazine` hold together.
    func trackCount(of magazine: Magazine) -> Int {
        playableSlots(of: magazine).reduce(0) { $0 + (magazine.album(inSlot: $1).flatMap(shelf.album(at:))?.tracks.count ?? 0) }
    }

    // MARK: - Tracks

    /// The track after `reference`, whose shuffled order is `order`. `natural` is the end of a track
    /// by itself (repeat track replays it; the end of the magazine stops unless repeat magazine is on);
    /// otherwise the user asked for "next", which always moves on and wraps around.
    func successor(of reference: TrackReference, natural: Bool, order: [TrackReference], using generator: inout SeededGenerator) -> Step? {
        if natural, settings.repeatMode == .track { return Step(reference: reference, order: order) }
        if settings.randomMode != .off, let index = order.firstIndex(of: reference) {
            if index + 1 < order.count { return Step(reference: order[index + 1], order: order) }
            if settings.randomMode == .disc, settings.repeatMode != .disc {
                if natural, stopsAtEndOfDisc { return nil }
                guard let slot = nextPlayableSlot(after: reference, wrapping: !natural || settings.repeatMode == .magazine) else { return nil }
                let next = shuffledOrder(for: TrackReference(magazineID: reference.magazineID, slot: slot, trackIndex: 0), using: &generator)
                return next.first.map { Step(reference: $0, order: next) }
            }
            if natural, settings.repeatMode == .off { return nil }
            var again = shuffledOrder(for: reference, using: &generator)
            if again.count > 1, again.first == reference { again.swapAt(0, 1) }
            return again.first.map { Step(reference: $0, order: again) }
        }
        guard let (_, album, _) = resolve(reference) else { return nil }
        if reference.trackIndex + 1 < album.tracks.count {
            return Step(reference: TrackReference(magazineID: reference.magazineID, slot: reference.slot, trackIndex: reference.trackIndex + 1), order: order)
        }
        if natural, settings.repeatMode == .disc {
            return Step(reference: TrackReference(magazineID: reference.magazineID, slot: reference.slot, trackIndex: 0), order: order)
        }
        if natural, stopsAtEndOfDisc { return nil }
        guard let slot = nextPlayableSlot(after: reference, wrapping: !natural || settings.repeatMode == .magazine) else { return nil }
        return Step(reference: TrackReference(magazineID: reference.magazineID, slot: slot, trackIndex: 0), order: order)
    }

    /// What follows a track that could not be played: what would follow it had it played to its
    /// end, except that repeat track doesn't try the same broken file again.
    func successor(afterFailureOf reference: TrackReference, order: [TrackReference], using generator: inout SeededGenerator) -> Step? {
        let next = successor(of: reference, natural: true, order: order, using: &generator)
        return next?.reference == reference ? successor(of: reference, natural: false, order: order, using: &generator) : next
    }

    /// What follows a track whose disc has gone (its folder was found missing): the first track
    /// of the next loaded disc, by the rules for the end of a disc.
    func successor(ofMissingDisc reference: TrackReference, using generator: inout SeededGenerator) -> Step? {
        guard !stopsAtEndOfDisc, let slot = nextPlayableSlot(after: reference, wrapping: settings.repeatMode == .magazine) else { return nil }
        return start(ofDisc: slot, in: reference.magazineID, using: &generator)
    }

    /// The track before `reference` on its disc (or in the shuffled order), nil at the start.
    func predecessor(of reference: TrackReference, order: [TrackReference]) -> TrackReference? {
        if settings.randomMode != .off, let index = order.firstIndex(of: reference) {
            return index > 0 ? order[index - 1] : nil
        }
        guard reference.trackIndex > 0 else { return nil }
        return TrackReference(magazineID: reference.magazineID, slot: reference.slot, trackIndex: reference.trackIndex - 1)
    }

    /// The first track of disc `slot` in play order: track 1, or the start of a fresh shuffle
    /// (random disc: any track of the disc; random magazine: track 1, then the whole magazine).
    func start(ofDisc slot: Int, in magazineID: UUID, using generator: inout SeededGenerator) -> Step {
        let first = TrackReference(magazineID: magazineID, slot: slot, trackIndex: 0)
        switch settings.randomMode {
        case .off:
            return Step(reference: first, order: [])
        case .disc:
            let order = shuffledOrder(for: first, using: &generator)
            return Step(reference: order.first ?? first, order: order)
        case .magazine:
            return Step(reference: first, order: shuffledOrder(for: first, first: first, using: &generator))
        }
    }

    /// `reference` with the shuffled order it plays in: `order` when it holds the reference (a
    /// track of the same shuffle), else a fresh one that starts with it (a resumed position).
    func step(to reference: TrackReference, keeping order: [TrackReference], using generator: inout SeededGenerator) -> Step {
        Step(reference: reference, order: order.contains(reference) ? order : shuffledOrder(for: reference, first: reference, using: &generator))
    }

    /// A fresh shuffled order for the random mode: the tracks of `anchor`'s disc (random disc) or of
    /// every loaded disc in its magazine (random magazine), each once; `first` is put at the front.
    /// Empty when random is off.
    func shuffledOrder(for anchor: TrackReference, first: TrackReference? = nil, using generator: inout SeededGenerator) -> [TrackReference] {
        guard settings.randomMode != .off, let magazine = rack.magazine(withID: anchor.magazineID) else { return [] }
        let slots = settings.randomMode == .magazine ? playableSlots(of: magazine) : [anchor.slot]
        var order = slots.flatMap { slot in
            (0..<(magazine.album(inSlot: slot).flatMap(shelf.album(at:))?.tracks.count ?? 0)).map {
                TrackReference(magazineID: magazine.id, slot: slot, trackIndex: $0)
            }
        }
        order.shuffle(using: &generator)
        if let first, let index = order.firstIndex(of: first) {
            order.remove(at: index)
            order.insert(first, at: 0)
        }
        return order
    }

    // MARK: - Discs and magazines

    /// The loaded disc `step` discs on from `current`'s in `magazine` (skipping empty and missing
    /// slots, wrapping around); the first or last disc when `current` is not in `magazine`.
    func disc(steppingBy step: Int, from current: TrackReference?, in magazine: Magazine) -> Int? {
        let slots = playableSlots(of: magazine)
        guard !slots.isEmpty else { return nil }
        if let current, current.magazineID == magazine.id, let index = slots.firstIndex(of: current.slot) {
            return slots[((index + step) % slots.count + slots.count) % slots.count]
        }
        if let current, current.magazineID == magazine.id {
            return (step > 0 ? slots.first { $0 > current.slot } : slots.last { $0 < current.slot }) ?? (step > 0 ? slots[0] : slots[slots.count - 1])
        }
        return step > 0 ? slots[0] : slots[slots.count - 1]
    }

    /// The magazine `step` places on from `magazine` in the rack, wrapping around.
    func magazine(steppingBy step: Int, from magazine: Magazine) -> Magazine? {
        let magazines = rack.magazines
        guard let index = magazines.firstIndex(where: { $0.id == magazine.id }) else { return nil }
        return magazines[((index + step) % magazines.count + magazines.count) % magazines.count]
    }

    /// The next loaded slot after `reference`'s in its magazine; wrapping to the first if asked.
    private func nextPlayableSlot(after reference: TrackReference, wrapping: Bool) -> Int? {
        guard let magazine = rack.magazine(withID: reference.magazineID) else { return nil }
        let slots = playableSlots(of: magazine)
        return slots.first { $0 > reference.slot } ?? (wrapping ? slots.first : nil)
    }
}
