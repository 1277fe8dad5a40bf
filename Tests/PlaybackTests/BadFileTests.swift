import Foundation
import Playback
import Testing
import TestSupport

/// Files that can't be played are skipped with a reason; the next item plays; nothing hangs.
@Suite("Bad files")
struct BadFileTests {
    enum Damage: String, CaseIterable, Sendable {
        case empty, garbage, text, missing, folder
    }

    @Test("an unplayable file is skipped with a reason and the next one plays", arguments: Damage.allCases)
    func skipped(_ damage: Damage) throws {
        let folder = try TemporaryFolder()
        let good = try Fixture.make("good.mp3", in: folder, seconds: 0.5)
        let bad = folder.file("03 Bad Song.mp3")
        let reason: String
        switch damage {
        case .empty:
            #expect(FileManager.default.createFile(atPath: bad, contents: Data()))
            reason = "the file is empty"
        case .garbage:
            var generator = SystemRandomNumberGenerator()
            #expect(FileManager.default.createFile(atPath: bad, contents: Data((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) })))
            reason = "not an MP3 file"
        case .text:
            #expect(FileManager.default.createFile(atPath: bad, contents: Data(String(repeating: "Not music at all.\n", count: 500).utf8)))
            reason = "not an MP3 file"
        case .missing:
            reason = "the file is gone"
        case .folder:
            try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: false)
            reason = "it is a folder, not a file"
        }
        let (wav, events) = try renderGaplessly([bad, good], into: folder.file("out.wav"), timeout: 15)
        #expect(events.compactMap(\.skippedMessage) == ["Skipping \"03 Bad Song.mp3\": \(reason)"])
        #expect(events.compactMap(\.startedItem) == [2])
        #expect(wav.samples == (try Fixture.reference(good, in: folder)))
    }

    @Test("a FLAC, Ogg Vorbis or Opus file that is text, empty or a folder is skipped with a reason and the next one plays",
          arguments: CodecFixtures.Codec.allCases)
    func skippedCodec(_ codec: CodecFixtures.Codec) throws {
        let folder = try TemporaryFolder()
        let good = try Fixture.make("good.mp3", in: folder, seconds: 0.5)
        let text = folder.file("01 Text.\(codec.fileExtension)")
        #expect(FileManager.default.createFile(atPath: text, contents: Data(String(repeating: "Not music at all.\n", count: 500).utf8)))
        let empty = folder.file("02 Empty.\(codec.fileExtension)")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let directory = folder.file("03 Folder.\(codec.fileExtension)")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let (wav, events) = try renderGaplessly([text, empty, directory, good], into: folder.file("out.wav"), timeout: 15)
        let article = codec == .flac ? "a" : "an"
        #expect(events.compactMap(\.skippedMessage) == [
            "Skipping \"01 Text.\(codec.fileExtension)\": not \(article) \(codec.formatName) file",
            "Skipping \"02 Empty.\(codec.fileExtension)\": the file is empty",
            "Skipping \"03 Folder.\(codec.fileExtension)\": it is a folder, not a file",
        ])
        #expect(events.compactMap(\.startedItem) == [4])
        #expect(wav.samples == (try Fixture.reference(good, in: folder)))
    }

    @Test("a FLAC with a broken STREAMINFO is skipped; one cut short plays what is there, then says the rest is damaged")
    func damagedFLAC() throws {
        let folder = try TemporaryFolder()
        let whole = try CodecFixtures.make(URL(fileURLWithPath: folder.file("whole.flac")), as: .flac, seconds: 3)
        var broken = try Data(contentsOf: whole)
        broken.replaceSubrange(18..<21, with: [0, 0, 0x0F])
        try broken.write(to: URL(fileURLWithPath: folder.file("1 Broken.flac")))
        let data = try Data(contentsOf: whole)
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: folder.file("2 Cut.flac")))
        let (wav, events) = try renderGaplessly(["1 Broken.flac", "2 Cut.flac"].map(folder.file), into: folder.file("out.wav"), timeout: 15)
        #expect(events.compactMap(\.skippedMessage) == [
            "Skipping \"1 Broken.flac\": its FLAC header (STREAMINFO) is damaged",
            "Skipping the rest of \"2 Cut.flac\": the FLAC data is damaged",
        ])
        #expect(events.compactMap(\.startedItem) == [2])
        let reference = try CodecFixtures.referenceDecode(whole, as: .flac).samples
        #expect(!wav.samples.isEmpty && wav.samples == Array(reference.prefix(wav.samples.count)))
    }

    @Test("a disc with nothing playable ends the queue at once")
    func nothingPlayable() throws {
        let folder = try TemporaryFolder()
        let paths = (1...3).map { folder.file("\($0).mp3") }
        for path in paths { #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        let items = paths.enumerated().map { PlaybackItem(id: UInt64($0.offset + 1), path: $0.element) }
        player.play(items[0], then: Array(items.dropFirst()))
        let events = try recorder.waitUntilDrained(player, timeout: 5)
        player.shutdown()
        #expect(events.compactMap(\.skippedMessage).count == 3)
        #expect(events.compactMap(\.startedItem).isEmpty)
        #expect(player.position == nil)
    }

    @Test("a truncated file plays what is there, exactly as mpg123 decodes it")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let whole = try Fixture.make("whole.mp3", in: folder, seconds: 3)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = folder.file("cut.mp3")
        #expect(FileManager.default.createFile(atPath: cut, contents: data.prefix(data.count / 2 + 77)))
        let (wav, events) = try renderGaplessly([cut], into: folder.file("out.wav"), timeout: 15)
        #expect(events.compactMap(\.startedItem) == [1])
        #expect(wav.samples == (try Fixture.reference(cut, in: folder)))
    }

    @Test("a next file deleted before its turn is skipped as gone")
    func deletedBeforeItsTurn() throws {
        let folder = try TemporaryFolder()
        let a = try Fixture.make("a.mp3", in: folder, seconds: 0.5)
        let b = try Fixture.make("b.mp3", in: folder, seconds: 0.5)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: a))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        try FileManager.default.removeItem(atPath: b)
        player.setNext(PlaybackItem(id: 2, path: b))
        let events = try recorder.waitUntilDrained(player, timeout: 10)
        player.shutdown()
        #expect(events.compactMap(\.skippedMessage) == ["Skipping \"b.mp3\": the file is gone"])
        #expect(events.compactMap(\.startedItem) == [1])
    }

    @Test("a file deleted or cut short while playing ends without a hang", arguments: [false, true])
    func vanishesWhilePlaying(truncate: Bool) throws {
        let folder = try TemporaryFolder()
        // Longer than the ring holds, so the decoder is still reading the file when it changes.
        let a = try Fixture.make("a.mp3", in: folder, seconds: 12)
        let recorder = EventRecorder()
        let player = Player(output: OutputChoice(.null), ringBytes: 256 * 1024, onEvent: recorder.wake)
        player.play(PlaybackItem(id: 1, path: a))
        try recorder.wait(for: player) { $0.contains { $0.startedItem == 1 } }
        if truncate {
            #expect(Foundation.truncate(a, 20_000) == 0)
        } else {
            try FileManager.default.removeItem(atPath: a)
        }
        player.seek(to: .seconds(10.5))
        let events = try recorder.waitUntilDrained(player, timeout: 10)
        player.shutdown()
        #expect(events.contains { $0.kind == .drained })
    }
}
