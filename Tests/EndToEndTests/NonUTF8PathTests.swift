import Foundation
import Testing
import TestSupport

/// A folder whose name is not UTF-8 travels through the command line's JSON as `base64:…`, the
/// documented encoding, and that text finds the folder again.
@Suite("Paths that are not UTF-8, end to end")
struct NonUTF8PathTests {
    /// A C string of raw bytes.
    static func cString(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

    @Test("library --json and magazine list --json give base64: paths that magazine load takes back")
    func base64PathsRoundTrip() throws {
        let music = TemporaryFolder("cdc-music")
        let state = TemporaryFolder("cdc-state")
        try MP3Fixtures.make(at: music.file("Plain/01 One.mp3"))
        // "Café" with the é in Latin-1: a name Swift's String cannot hold as it is.
        let folder = Array(music.path.utf8) + Array("/Caf".utf8) + [0xE9]
        #expect(mkdir(Self.cString(folder), 0o755) == 0)
        try MP3Fixtures.make(at: music.file("staging/01 One.mp3"))
        #expect(rename(Self.cString(Array((music.path + "/staging/01 One.mp3").utf8)), Self.cString(folder + Array("/01 One.mp3".utf8))) == 0)
        let encoded = "base64:" + Data(folder).base64EncodedString()

        let listed = try runChanger(["library", "--json"], stateDirectory: state.path, library: music.path)
        #expect(listed.status == 0, "\(listed.error)")
        let albums = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(Set(albums.compactMap { $0["path"] as? String }) == [encoded, music.path + "/Plain"])

        let loaded = try runChanger(["magazine", "load", "Magazine One", "3", encoded], stateDirectory: state.path, library: music.path)
        #expect(loaded.status == 0, "\(loaded.output)\(loaded.error)")
        #expect(loaded.output == "Loaded Caf\u{FFFD} by Unknown Artist into slot 3 of Magazine One.\n")

        let magazines = try runChanger(["magazine", "list", "--json"], stateDirectory: state.path, library: music.path)
        let rack = try #require(try JSONSerialization.jsonObject(with: Data(magazines.output.utf8)) as? [[String: Any]])
        let slots = try #require(rack.first?["slots"] as? [[String: Any]])
        let slot = try #require(slots.first { ($0["slot"] as? Int) == 3 })
        #expect(slot["state"] as? String == "loaded")
        #expect(slot["path"] as? String == encoded)
    }
}
