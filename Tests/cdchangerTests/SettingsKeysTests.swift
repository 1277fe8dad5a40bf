@testable import cdchanger
import Settings
import Testing

/// CD Changer's settings keys: each has its own name, takes its own default, and normalises what a
/// user may write; folders are expanded from the home folder.
struct SettingsKeysTests {
    @Test func namesAreUniqueAndLowerCase() {
        let names = SettingsKeys.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0 == $0.lowercased() })
        #expect(names == ["library", "output", "mic", "colors", "scan-on-start", "replaygain"])
    }

    @Test("every key but the music folder takes its default as its value", arguments: SettingsKeys.all.filter { $0.name != "library" }.map(\.name))
    func theDefaultIsAValue(name: String) throws {
        let key = try #require(SettingsKeys.all.first { $0.name == name })
        #expect(try key.check(key.standard).get() == key.standard)
    }

    @Test("values are stored one way", arguments: [
        ("output", "alsa", "alsa:default"), ("output", "alsa:hw:1", "alsa:hw:1"), ("output", "null", "null"),
        ("colors", "Never", "never"), ("scan-on-start", "NO", "no"), ("replaygain", "Track", "track"), ("mic", "plughw:CARD=Mic,DEV=0", "plughw:CARD=Mic,DEV=0"),
        ("library", "~/Music", "~/Music"), ("library", "/srv/music/#1 Hits", "/srv/music/#1 Hits"),
    ])
    func normalised(name: String, value: String, stored: String) throws {
        let key = try #require(SettingsKeys.all.first { $0.name == name })
        #expect(try key.check(value).get() == stored)
    }

    @Test func foldersAreExpandedFromHome() {
        #expect(SettingsKeys.expandedFolder("~/Music", environment: ["HOME": "/home/ann/"]) == "/home/ann/Music")
        #expect(SettingsKeys.expandedFolder("~", environment: ["HOME": "/home/ann"]) == "/home/ann")
        #expect(SettingsKeys.expandedFolder("/srv/~music", environment: ["HOME": "/home/ann"]) == "/srv/~music")
    }
}
