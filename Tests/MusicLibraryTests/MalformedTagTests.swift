import Foundation
import MusicLibrary
import Testing
import TestSupport

@Suite("Huge and malformed ID3 tags")
struct MalformedTagTests {
    /// An ID3v2.3 tag: the header with a synchsafe size, then `frames`.
    static func tag(declaredSize: Int? = nil, frames: [UInt8]) -> [UInt8] {
        let size = declaredSize ?? frames.count
        let synchsafe = [UInt8((size >> 21) & 0x7F), UInt8((size >> 14) & 0x7F), UInt8((size >> 7) & 0x7F), UInt8(size & 0x7F)]
        return Array("ID3".utf8) + [3, 0, 0] + synchsafe + frames
    }

    /// A text frame of ID3v2.3 (plain 32-bit size).
    static func frame(_ identifier: String, _ text: [UInt8]) -> [UInt8] {
        let body: [UInt8] = [0] + text
        let size = body.count
        return Array(identifier.utf8) + [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF), 0, 0] + body
    }

    /// Writes `prefix` followed by a plain one-second MP3 without tags.
    static func file(at url: URL, prefix: [UInt8]) throws {
        let plain = url.deletingLastPathComponent().appendingPathComponent(".plain.mp3")
        try MP3Fixtures.make(at: plain)
        let audio = try Data(contentsOf: plain)
        try FileManager.default.removeItem(at: plain)
        try (Data(prefix) + audio).write(to: url)
    }

    func scan(_ music: TemporaryFolder) -> (Library, Double) {
        var cache = ScanCache()
        let start = Date()
        let library = LibraryScanner().scan(LibraryPath(music.path), cache: &cache)
        return (library, Date().timeIntervalSince(start))
    }

    @Test("a 4 MB tag is read, quickly, and the audio after it still counts")
    func hugeTag() throws {
        let music = TemporaryFolder()
        let huge = Self.frame("TXXX", Array("notes\u{0}".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 4_000_000))
        try Self.file(at: music.file("Album/01.mp3"), prefix: Self.tag(frames: Self.frame("TIT2", Array("Big Tag".utf8)) + huge))
        let (library, seconds) = scan(music)
        let track = try #require(library.albums.first?.tracks.first)
        #expect(track.title == "Big Tag")
        #expect(abs(track.duration - 1) < 0.1)
        #expect(seconds < 2)
    }

    @Test("tags that lie about their size or hold garbage never crash or hang the scan", arguments: [
        ("size beyond the file", tag(declaredSize: 200_000_000, frames: frame("TIT2", Array("Liar".utf8)))),
        ("garbage frames", tag(frames: (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })),
        ("a frame longer than its tag", tag(frames: Array("TIT2".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0] + Array("cut".utf8))),
        ("a tag header and nothing else", Array("ID3".utf8) + [4, 0, 0x80, 0, 0, 0, 10]),
    ])
    func malformedTags(description: String, prefix: [UInt8]) throws {
        let music = TemporaryFolder()
        try Self.file(at: music.file("Album/01.mp3"), prefix: prefix)
        let (library, seconds) = scan(music)
        let album = try #require(library.albums.first, "\(description)")
        #expect(album.tracks.count + album.unreadableFiles.count == 1, "\(description)")
        #expect(album.unreadableFiles.allSatisfy { !$0.reason.isEmpty })
        #expect(seconds < 2, "\(description) took \(seconds) s")
    }
}
