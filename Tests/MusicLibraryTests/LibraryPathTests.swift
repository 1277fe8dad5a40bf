import Foundation
import MusicLibrary
import Testing

@Suite("Raw-byte paths")
struct LibraryPathTests {
    static let latin1Name: [UInt8] = Array("/music/Caf".utf8) + [0xE9] + Array(" Noir".utf8)

    @Test("a name that is not UTF-8 displays with a replacement character and keeps its bytes")
    func displaysInvalidUTF8Safely() {
        let path = LibraryPath(bytes: LibraryPathTests.latin1Name)
        #expect(!path.isValidUTF8)
        #expect(path.displayName == "/music/Caf\u{FFFD} Noir")
        #expect(path.bytes == LibraryPathTests.latin1Name)
    }

    @Test("control characters in a name never reach the terminal")
    func hidesControlCharacters() {
        let path = LibraryPath("/music/evil\u{1B}[2Jname\nline")
        #expect(!path.displayName.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("JSON keeps UTF-8 paths as text and other bytes exactly", arguments: [
        LibraryPath("/music/Ünïcödé/01 Song.mp3"),
        LibraryPath(bytes: LibraryPathTests.latin1Name),
        LibraryPath("base64:looks-like-the-marker"),
    ])
    func jsonRoundTrip(path: LibraryPath) throws {
        let data = try JSONEncoder().encode([path])
        let decoded = try JSONDecoder().decode([LibraryPath].self, from: data)
        #expect(decoded == [path])
        if path.isValidUTF8, !path.displayName.hasPrefix("base64:") {
            #expect(String(decoding: data, as: UTF8.self).contains("Song") || String(decoding: data, as: UTF8.self).contains("music"))
        }
    }

    @Test("components")
    func components() {
        let path = LibraryPath("/music/Artist/Album/03 Song.MP3")
        #expect(path.lastComponent.displayName == "03 Song.MP3")
        #expect(path.parent.displayName == "/music/Artist/Album")
        #expect(LibraryPath("/a").parent.displayName == "/")
    }
}
