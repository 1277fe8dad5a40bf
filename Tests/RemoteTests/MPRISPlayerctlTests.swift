import Foundation
import Testing
import TestSupport
@testable import Remote

/// `playerctl`, the client desktop key bindings use, sees and drives the player.
@Suite struct MPRISPlayerctlTests {
    @Test func statusAndMetadata() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        #expect(try bus.playerctl("status").output == "Playing")
        #expect(try bus.playerctl("metadata", "--format", "{{title}}|{{album}}|{{artist}}|{{xesam:trackNumber}}|{{mpris:length}}").output
            == "Opening|Road Trip|The Drivers|1|200000000")
        let trackID = try bus.playerctl("metadata", "mpris:trackid").output
        #expect(trackID == "'\(FakePlayer.discTracks[0].objectPath)'")  // playerctl quotes object paths
        // While playing, playerctl adds the time since it read Position.
        let position = try #require(Double(try bus.playerctl("position").output))
        #expect(position >= 12.5 && position < 13.5)
        #expect(try bus.playerctl("volume").output == "0.500000")
        #expect(try bus.playerctl("loop").output == "None")
        #expect(try bus.playerctl("shuffle").output == "Off")
    }

    @Test func unicodeAndSeveralArtists() throws {
        let bus = try PrivateBus()
        let player = FakePlayer(MPRISStatus(playback: .paused, track: FakePlayer.discTracks[1]))
        let service = try player.service(on: bus)
        defer { service.stop() }
        #expect(try bus.playerctl("status").output == "Paused")
        #expect(try bus.playerctl("metadata", "title").output == "Highway Ünïcödé 💿")
        #expect(try bus.playerctl("metadata", "artist").output == "The Drivers, Guest")
    }

    @Test func positionIsReadLive() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        player.update {
            $0.playback = .paused  // so playerctl does not extrapolate
            $0.positionMicroseconds = 61_250_000  // no statusChanged(): Position is never signalled
        }
        #expect(try bus.playerctl("position").output == "61.250000")
    }

    @Test(arguments: [
        ("play-pause", MPRISCommand.playPause, "Paused"),
        ("pause", .pause, "Paused"),
        ("stop", .stop, "Stopped"),
        ("next", .next, "Playing"),
        ("previous", .previous, "Playing"),
    ])
    func transportCommands(_ verb: String, _ command: MPRISCommand, _ status: String) throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let result = try bus.playerctl(verb)
        #expect(result.status == 0, "\(result.error)")
        #expect(player.commands == [command])
        #expect(try bus.playerctl("status").output == status)
    }

    @Test func nextAndPreviousChangeTheMetadata() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        try bus.control("next")
        service.statusChanged()
        #expect(try bus.playerctl("metadata", "title").output == "Highway Ünïcödé 💿")
        try bus.control("previous")
        try bus.control("previous")
        #expect(try bus.playerctl("metadata", "title").output == "Closing")
        #expect(player.commands == [.next, .previous, .previous])
    }

    @Test func playFromPaused() throws {
        let bus = try PrivateBus()
        let player = FakePlayer(MPRISStatus(playback: .paused, track: FakePlayer.discTracks[0]))
        let service = try player.service(on: bus)
        defer { service.stop() }
        try bus.control("play")
        #expect(player.commands == [.play])
        #expect(try bus.playerctl("status").output == "Playing")
    }

    @Test func seekingAndSettingThePosition() throws {
        let bus = try PrivateBus()
        let player = FakePlayer(MPRISStatus(playback: .paused, track: FakePlayer.discTracks[0], positionMicroseconds: 12_500_000))
        let service = try player.service(on: bus)
        defer { service.stop() }
        try bus.control("position", "30")
        try bus.control("position", "5+")
        try bus.control("position", "10-")
        #expect(player.commands == [
            .setPosition(trackID: "magazine-1/disc-2/track-1", positionMicroseconds: 30_000_000),
            .seek(offsetMicroseconds: 5_000_000),
            .seek(offsetMicroseconds: -10_000_000),
        ])
        #expect(try bus.playerctl("position").output == "25.000000")
    }

    @Test func volumeLoopAndShuffleAreSettable() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        try bus.control("volume", "0.8")
        try bus.control("volume", "1.5")
        try bus.control("loop", "Track")
        try bus.control("loop", "Playlist")
        try bus.control("shuffle", "On")
        #expect(player.commands == [.setVolume(0.8), .setVolume(1), .setLoop(.track), .setLoop(.playlist), .setShuffle(true)])
        #expect(try bus.playerctl("loop").output == "Playlist")
        #expect(try bus.playerctl("shuffle").output == "On")
        #expect(try bus.playerctl("volume").output == "1.000000")
    }

    @Test func openingAURIIsRefused() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let result = try bus.playerctl("open", "file:///music/song.mp3")
        #expect(result.status != 0)
        #expect(player.commands.isEmpty)
    }

    @Test func withNothingLoadedMetadataIsEmpty() throws {
        let bus = try PrivateBus()
        let player = FakePlayer(MPRISStatus())
        let service = try player.service(on: bus)
        defer { service.stop() }
        #expect(try bus.playerctl("status").output == "Stopped")
        #expect(try bus.playerctl("metadata").output == "")
    }
}
