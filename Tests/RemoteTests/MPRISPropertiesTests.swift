import Foundation
import TestSupport
import Testing
@testable import Remote

/// The exported object as generic D-Bus clients see it: introspection, properties, errors.
@Suite struct MPRISPropertiesTests {
    @Test func introspectionDescribesEveryInterfaceAndGdbusCanParseIt() throws {
        let bus = try PrivateBus()
        let service = try FakePlayer().service(on: bus)
        defer { service.stop() }
        // Without --xml, gdbus parses the XML and reads every property with GetAll.
        let result = try bus.run("gdbus", ["introspect", "--session", "--dest", MPRISService.preferredBusName, "--object-path", "/org/mpris/MediaPlayer2"])
        #expect(result.status == 0, "\(result.error)")
        let text = result.output
        for interface in ["org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties", "org.mpris.MediaPlayer2 {", "org.mpris.MediaPlayer2.Player {"] {
            #expect(text.contains("interface \(interface)"), "\(interface)")
        }
        for method in ["Raise();", "Quit();", "PlayPause();", "Next();", "Previous();", "Play();", "Pause();", "Stop();", "Seek(in  x Offset);", "SetPosition(in  o TrackId,", "OpenUri(in  s Uri);"] {
            #expect(text.contains(method), "\(method)")
        }
        for property in [
            "readonly s Identity = 'CD Changer';", "readonly s DesktopEntry = 'cdchanger';", "readonly b CanQuit = true;", "readonly b CanRaise = false;",
            "readonly b HasTrackList = false;", "readonly as SupportedUriSchemes = [];", "readonly s PlaybackStatus = 'Playing';",
            "readwrite s LoopStatus = 'None';", "readwrite d Volume = 0.5;", "readonly x Position = 12500000;", "readwrite b Shuffle = false;",
            "readwrite d Rate = 1.0;", "readonly d MinimumRate = 1.0;", "readonly b CanGoNext = true;", "readonly b CanControl = true;",
        ] {
            #expect(text.contains(property), "\(property)")
        }
        #expect(text.contains("Seeked(x Position);"))
        #expect(text.contains("PropertiesChanged(s interface_name,"))
    }

    @Test func getAllOfTheRootInterface() throws {
        let bus = try PrivateBus()
        let service = try FakePlayer().service(on: bus)
        defer { service.stop() }
        let result = try bus.call("org.freedesktop.DBus.Properties.GetAll", "org.mpris.MediaPlayer2")
        #expect(result.output == "({'CanQuit': <true>, 'CanRaise': <false>, 'HasTrackList': <false>, 'Identity': <'CD Changer'>, 'DesktopEntry': <'cdchanger'>, 'SupportedUriSchemes': <@as []>, 'SupportedMimeTypes': <@as []>},)")
    }

    @Test func getAllOfThePlayerInterface() throws {
        let bus = try PrivateBus()
        let player = FakePlayer(MPRISStatus(
            playback: .paused, track: FakePlayer.discTracks[1], positionMicroseconds: 3_000_000, volume: 0.75,
            loop: .playlist, shuffle: true, canGoNext: false, canGoPrevious: true, canPlay: true, canPause: true, canSeek: false
        ))
        let service = try player.service(on: bus)
        defer { service.stop() }
        let track = FakePlayer.discTracks[1]
        let result = try bus.call("org.freedesktop.DBus.Properties.GetAll", "org.mpris.MediaPlayer2.Player")
        #expect(result.output == "({'PlaybackStatus': <'Paused'>, 'LoopStatus': <'Playlist'>, 'Rate': <1.0>, 'Shuffle': <true>, "
            + "'Metadata': <{'mpris:trackid': <objectpath '\(track.objectPath)'>, 'mpris:length': <int64 185500000>, 'xesam:title': <'Highway Ünïcödé 💿'>, "
            + "'xesam:album': <'Road Trip'>, 'xesam:artist': <['The Drivers', 'Guest']>, 'xesam:trackNumber': <2>}>, 'Volume': <0.75>, "
            + "'Position': <int64 3000000>, 'MinimumRate': <1.0>, 'MaximumRate': <1.0>, 'CanGoNext': <false>, 'CanGoPrevious': <true>, "
            + "'CanPlay': <true>, 'CanPause': <true>, 'CanSeek': <false>, 'CanControl': <true>},)")
    }

    @Test func getOneProperty() throws {
        let bus = try PrivateBus()
        let service = try FakePlayer().service(on: bus)
        defer { service.stop() }
        #expect(try bus.call("org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Volume").output == "(<0.5>,)")
        #expect(try bus.call("org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2", "Identity").output == "(<'CD Changer'>,)")
    }

    @Test func writablePropertiesBecomeCommands() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        for (property, value) in [("Volume", "<0.25>"), ("Volume", "<-3.0>"), ("LoopStatus", "<'Track'>"), ("Shuffle", "<true>"), ("Rate", "<1.0>")] {
            let result = try bus.call("org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", property, value)
            #expect(result.status == 0, "\(property): \(result.error)")
        }
        #expect(player.commands == [.setVolume(0.25), .setVolume(0), .setLoop(.track), .setShuffle(true)])
    }

    @Test("setting Rate to 0.0 acts as Pause, as MPRIS 2.2 asks")
    func rateZeroPauses() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let monitor = try MPRISSignalsTests.monitor(bus)
        let result = try bus.call("org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "Rate", "<0.0>")
        #expect(result.status == 0, "\(result.error)")
        #expect(player.commands == [.pause])
        #expect(monitor.waitForLine { $0.contains("{'PlaybackStatus': <'Paused'>}") } != nil)
        #expect(try bus.call("org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Rate").output == "(<1.0>,)")
    }

    @Test(arguments: [
        (["org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "PlaybackStatus", "<'Playing'>"], "PropertyReadOnly"),
        (["org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2", "Identity", "<'Other'>"], "PropertyReadOnly"),
        (["org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "LoopStatus", "<'Forever'>"], "InvalidArgs"),
        (["org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "Volume", "<'loud'>"], "InvalidArgs"),
        (["org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "Rate", "<2.0>"], "NotSupported"),
        (["org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Lyrics"], "UnknownProperty"),
        (["org.freedesktop.DBus.Properties.GetAll", "org.example.Nothing"], "UnknownInterface"),
        (["org.mpris.MediaPlayer2.Player.OpenUri", "file:///music/song.mp3"], "NotSupported"),
        (["org.mpris.MediaPlayer2.Player.Rewind"], "UnknownMethod"),
        (["org.mpris.MediaPlayer2.Player.Next", "'extra'"], "InvalidArgs"),
    ])
    func mistakesGetTheRightDBusError(_ call: [String], _ error: String) throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let result = try bus.run("gdbus", ["call", "--session", "--dest", MPRISService.preferredBusName, "--object-path", "/org/mpris/MediaPlayer2", "--method"] + call)
        #expect(result.status != 0)
        #expect(result.error.contains("org.freedesktop.DBus.Error.\(error)"), "\(result.error)")
        #expect(player.commands.isEmpty)
    }

    /// gdbus checks argument types against the introspection data itself; dbus-send does not.
    @Test(arguments: [["org.mpris.MediaPlayer2.Player.Seek", "string:ten"], ["org.mpris.MediaPlayer2.Player.SetPosition", "int64:5"], ["org.mpris.MediaPlayer2.Player.Seek"]])
    func argumentsOfTheWrongTypeAreInvalid(_ call: [String]) throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let result = try bus.run("dbus-send", ["--session", "--print-reply", "--dest=\(MPRISService.preferredBusName)", "/org/mpris/MediaPlayer2"] + call)
        #expect(result.status != 0)
        #expect(result.error.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(result.error)")
        #expect(player.commands.isEmpty)
    }

    @Test func quitAndRaiseAreCommandsAndPingIsAnswered() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        #expect(try bus.call("org.mpris.MediaPlayer2.Raise").status == 0)
        #expect(try bus.call("org.mpris.MediaPlayer2.Quit").status == 0)
        #expect(try bus.call("org.freedesktop.DBus.Peer.Ping").status == 0)
        #expect(player.commands == [.raise, .quit])
    }

    @Test func setPositionIsIgnoredForAnotherTrackOrOutsideTheTrack() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let current = FakePlayer.discTracks[0].objectPath, other = FakePlayer.discTracks[1].objectPath
        for (track, position) in [(other, "int64 1000000"), (current, "int64 -5"), (current, "int64 999000000"), (current, "int64 60000000")] {
            #expect(try bus.call("org.mpris.MediaPlayer2.Player.SetPosition", "objectpath '\(track)'", position).status == 0)
        }
        #expect(player.commands == [.setPosition(trackID: FakePlayer.discTracks[0].id, positionMicroseconds: 60_000_000)])
    }
}
