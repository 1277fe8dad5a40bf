import CDBus
import Testing
@testable import Remote

/// How a track becomes MPRIS `Metadata`, and its id an object path.
@Suite struct MPRISTrackTests {
    @Test(arguments: ["magazine-1/disc-2/track-3", "", "plain", "Ünïcödé 💿", "_5F", "a b", "../..", String(repeating: "x", count: 300)])
    func anyIdGivesAValidObjectPath(_ id: String) {
        let path = MPRISTrack(id: id, title: "t").objectPath
        #expect(dbus_validate_path(path, nil) != 0)
        #expect(path.hasPrefix("/org/cdchanger/Track/t"))
    }

    @Test func differentIdsGiveDifferentPaths() {
        let ids = ["a/b", "a_b", "a_2Fb", "ab", "a-b", "A/b", "", "_"]
        let paths = Set(ids.map { MPRISTrack(id: $0, title: "").objectPath })
        #expect(paths.count == ids.count)
        #expect(MPRISTrack(id: "disc-3/track-5", title: "").objectPath == "/org/cdchanger/Track/tdisc_2D3_2Ftrack_2D5")
    }

    @Test func metadataHoldsWhatIsKnown() {
        let full = MPRISTrack(id: "x", title: "Song", album: "Album", artists: ["One", "Two"], trackNumber: 4, lengthMicroseconds: 61_000_000)
        #expect(MPRISInterface.metadata(full).dictionaryEntries == [
            "mpris:trackid": .objectPath(full.objectPath), "mpris:length": .int64(61_000_000), "xesam:title": .string("Song"),
            "xesam:album": .string("Album"), "xesam:artist": .strings(["One", "Two"]), "xesam:trackNumber": .int32(4),
        ])
        let bare = MPRISTrack(id: "y", title: "Only a title")
        #expect(MPRISInterface.metadata(bare).dictionaryEntries == ["mpris:trackid": .objectPath(bare.objectPath), "xesam:title": .string("Only a title")])
        #expect(MPRISInterface.metadata(nil).dictionaryEntries == [:])
    }

    @Test(arguments: MPRISStatus.Loop.allCases)
    func loopStatusUsesTheSpecsWords(_ loop: MPRISStatus.Loop) {
        #expect(["None", "Track", "Playlist"].contains(loop.rawValue))
    }
}
