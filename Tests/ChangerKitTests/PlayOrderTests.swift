@testable import ChangerKit
import Foundation
import Testing
import SystemSupport
import TestSupport

/// The play order on its own, without an engine: Magazine One holds A (3 tracks) in slot 1, B (2)
/// in slot 3, a missing folder in slot 4 and C (1) in slot 5.
@Suite("Which track follows which")
struct PlayOrderTests {
    static func order(_ settings: PlayerSettings = PlayerSettings(), stopsAtEndOfDisc: Bool = false) throws -> (PlayOrder, UUID) {
        let fixture = try TransportFixture(settings: settings)
        return (PlayOrder(rack: fixture.store.state.rack, shelf: fixture.shelf, settings: settings, stopsAtEndOfDisc: stopsAtEndOfDisc), fixture.magazineID)
    }

    static func track(_ magazine: UUID, _ slot: Int, _ index: Int) -> TrackReference {
        TrackReference(magazineID: magazine, slot: slot, trackIndex: index)
    }

    /// Every track that plays from `start` by itself, as (slot, track) pairs, at most `limit`.
    static func naturalRun(_ order: PlayOrder, from start: TrackReference, limit: Int = 12) -> [[Int]] {
        var generator = SeededGenerator(seed: 1)
        var step = PlayOrder.Step(reference: start, order: [])
        var heard = [[start.slot, start.trackIndex]]
        while heard.count < limit, let next = order.successor(of: step.reference, natural: true, order: step.order, using: &generator) {
            heard.append([next.reference.slot, next.reference.trackIndex])
            step = next
        }
        return heard
    }

    @Test("playable slots skip empty and missing ones; the track count adds up their albums")
    func playableSlots() throws {
        let (order, magazineID) = try Self.order()
        let magazine = try #require(order.rack.magazine(withID: magazineID))
        #expect(order.playableSlots(of: magazine) == [1, 3, 5])
        #expect(order.trackCount(of: magazine) == 6)
    }

    @Test("tracks run disc after disc and stop at the end of the magazine; repeat and stop-at-disc change where", arguments: [
        (RepeatMode.off, false, [[1, 0], [1, 1], [1, 2], [3, 0], [3, 1], [5, 0]]),
        (.off, true, [[1, 0], [1, 1], [1, 2]]),
        (.disc, false, [[1, 0], [1, 1], [1, 2], [1, 0], [1, 1], [1, 2], [1, 0]]),
        (.track, false, [[1, 0], [1, 0], [1, 0], [1, 0], [1, 0], [1, 0], [1, 0]]),
        (.magazine, false, [[1, 0], [1, 1], [1, 2], [3, 0], [3, 1], [5, 0], [1, 0]]),
    ])
    func naturalOrder(mode: RepeatMode, stopsAtEndOfDisc: Bool, expected: [[Int]]) throws {
        let (order, magazineID) = try Self.order(PlayerSettings(repeatMode: mode), stopsAtEndOfDisc: stopsAtEndOfDisc)
        #expect(Self.naturalRun(order, from: Self.track(magazineID, 1, 0), limit: 7) == expected)
    }

    @Test("\"next\" always moves on and wraps; \"previous\" stops at the start of the disc")
    func askedOrder() throws {
        let (order, magazineID) = try Self.order(PlayerSettings(repeatMode: .track))
        var generator = SeededGenerator(seed: 1)
        let last = Self.track(magazineID, 5, 0)
        #expect(order.successor(of: last, natural: false, order: [], using: &generator)?.reference == Self.track(magazineID, 1, 0))
        #expect(order.successor(afterFailureOf: Self.track(magazineID, 3, 1), order: [], using: &generator)?.reference == last)
        #expect(order.predecessor(of: Self.track(magazineID, 3, 1), order: []) == Self.track(magazineID, 3, 0))
        #expect(order.predecessor(of: Self.track(magazineID, 3, 0), order: []) == nil)
    }

    @Test("a shuffle holds every track of its scope once, the first one in front, and repeats with a seed")
    func shuffles() throws {
        let (magazineOrder, magazineID) = try Self.order(PlayerSettings(randomMode: .magazine))
        var generator = SeededGenerator(seed: 42)
        let first = Self.track(magazineID, 3, 1)
        let shuffled = magazineOrder.shuffledOrder(for: first, first: first, using: &generator)
        #expect(shuffled.first == first)
        #expect(Set(shuffled.map { [$0.slot, $0.trackIndex] }) == [[1, 0], [1, 1], [1, 2], [3, 0], [3, 1], [5, 0]])
        #expect(shuffled.count == 6)
        var again = SeededGenerator(seed: 42)
        #expect(magazineOrder.shuffledOrder(for: first, first: first, using: &again) == shuffled)

        let (discOrder, discMagazineID) = try Self.order(PlayerSettings(randomMode: .disc))
        let disc = discOrder.shuffledOrder(for: Self.track(discMagazineID, 1, 0), using: &generator)
        #expect(Set(disc.map(\.trackIndex)) == [0, 1, 2] && disc.allSatisfy { $0.slot == 1 })

        let (plain, plainMagazineID) = try Self.order()
        #expect(plain.shuffledOrder(for: Self.track(plainMagazineID, 3, 1), using: &generator).isEmpty)
    }

    @Test("a track of the same shuffle keeps it; any other track starts a fresh one")
    func stepKeepsItsShuffle() throws {
        let (order, magazineID) = try Self.order(PlayerSettings(randomMode: .magazine))
        var generator = SeededGenerator(seed: 3)
        let shuffle = order.start(ofDisc: 1, in: magazineID, using: &generator)
        #expect(shuffle.reference == Self.track(magazineID, 1, 0))
        let inside = shuffle.order[3]
        #expect(order.step(to: inside, keeping: shuffle.order, using: &generator).order == shuffle.order)
        let fresh = order.step(to: inside, keeping: [], using: &generator)
        #expect(fresh.order.first == inside && fresh.order.count == 6)
    }

    @Test("discs and magazines step over what cannot play and wrap around")
    func stepping() throws {
        let (order, magazineID) = try Self.order()
        let magazine = try #require(order.rack.magazine(withID: magazineID))
        #expect(order.disc(steppingBy: 1, from: Self.track(magazineID, 3, 0), in: magazine) == 5)
        #expect(order.disc(steppingBy: 1, from: Self.track(magazineID, 5, 0), in: magazine) == 1)
        #expect(order.disc(steppingBy: -1, from: Self.track(magazineID, 1, 0), in: magazine) == 5)
        #expect(order.disc(steppingBy: 1, from: Self.track(magazineID, 4, 0), in: magazine) == 5, "from the missing slot")
        #expect(order.disc(steppingBy: -1, from: nil, in: magazine) == 5)
        #expect(order.magazine(steppingBy: 1, from: magazine)?.id == magazineID, "one magazine wraps to itself")
    }
}
