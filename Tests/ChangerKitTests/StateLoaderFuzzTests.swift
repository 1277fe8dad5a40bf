import ChangerKit
import Foundation
import MusicLibrary
import Testing
import TestSupport

@Suite("The state loader survives damaged files")
struct StateLoaderFuzzTests {
    /// How many mutated files to try; CDCHANGER_LONG_RELIABILITY=1 tries ten times as many.
    static let rounds = ProcessInfo.processInfo.environment["CDCHANGER_LONG_RELIABILITY"] == nil ? 600 : 6000

    static func validFile() throws -> Data {
        var rack = Rack()
        let road = try rack.create(named: "Road Trip", albums: [LibraryPath("/music/A"), LibraryPath(bytes: [0x2F, 0xFF, 0xFE])])
        try rack.create(named: "Kitchen", slotCount: 12)
        let state = ChangerState(rack: rack, currentMagazineID: road.id, position: PlaybackPosition(magazineID: road.id, slot: 1, trackIndex: 2, offset: 12.5))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(state)
    }

    /// One random change: flip, insert, delete or duplicate bytes, or cut the file short.
    static func mutate(_ data: Data, using generator: inout some RandomNumberGenerator) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            case 2: bytes.remove(at: index)
            case 3: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + 40)], at: index)
            default: bytes.removeSubrange(index...)
            }
        }
        return Data(bytes)
    }

    @Test("random mutations of a valid state file: each loads or is moved aside, never crashes, and is answered fast")
    func mutations() throws {
        let folder = TemporaryFolder()
        let file = StateFile(directory: folder.url)
        let valid = try Self.validFile()
        var generator = SystemRandomNumberGenerator()
        var loaded = 0, movedAside = 0
        var slowest = 0.0
        for _ in 0..<Self.rounds {
            let damaged = Self.mutate(valid, using: &generator)
            try damaged.write(to: file.stateURL)
            let start = Date()
            let outcome = file.load()
            slowest = max(slowest, Date().timeIntervalSince(start))
            switch outcome {
            case .loaded(let state):
                loaded += 1
                // Whatever loads keeps the rack's rules.
                #expect(!state.rack.magazines.isEmpty)
                #expect(Set(state.rack.magazines.map { $0.name.lowercased() }).count == state.rack.magazines.count)
                #expect(state.rack.magazines.allSatisfy { Magazine.slotCountRange.contains($0.slots.count) })
            case .unusable(_, let movedTo?, nil):
                movedAside += 1
                #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == damaged, "the damaged file is kept as it was")
                try FileManager.default.removeItem(atPath: movedTo)
            case .none, .unusable:
                Issue.record("unexpected outcome \(outcome)")
            }
        }
        #expect(loaded + movedAside == Self.rounds)
        #expect(movedAside > 0)
        // 10 ms is the budget in a release build; a debug build on a busy machine gets five times that.
        #expect(slowest < 0.05, "slowest load took \(slowest * 1000) ms")
    }
}
