import Foundation
import Testing
import TestSupport
@testable import Remote

/// Clients learn about changes from `PropertiesChanged` (only what changed) and `Seeked`.
@Suite struct MPRISSignalsTests {
    /// `gdbus monitor` on the player's name: one line per signal.
    static func monitor(_ bus: PrivateBus) throws -> StreamingProcess {
        let monitor = try StreamingProcess(try which("gdbus"), ["monitor", "--session", "--dest", MPRISService.preferredBusName], environment: bus.environment)
        // It prints a line once it has subscribed.
        try #require(monitor.waitForLine { $0.contains("Monitoring signals") } != nil)
        return monitor
    }

    static func propertiesChanged(_ monitor: StreamingProcess) -> [String] {
        monitor.lines.filter { $0.contains("PropertiesChanged") }
    }

    @Test func playerctlFollowSeesPlaybackChanges() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let follow = try StreamingProcess(try which("playerctl"), ["-p", "cdchanger", "--follow", "status"], environment: bus.environment)
        #expect(follow.waitForLine { $0 == "Playing" } != nil)
        player.update { $0.playback = .paused }
        service.statusChanged()
        #expect(follow.waitForLine { $0 == "Paused" } != nil)
        player.update { $0.playback = .stopped }
        service.statusChanged()
        #expect(follow.waitForLine { $0 == "Stopped" } != nil)
    }

    @Test func playerctlFollowSeesTrackChangesFromItsOwnCommands() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let follow = try StreamingProcess(try which("playerctl"), ["-p", "cdchanger", "--follow", "metadata", "title"], environment: bus.environment)
        #expect(follow.waitForLine { $0 == "Opening" } != nil)
        // The service signals after a command by itself (the fake applies commands at once).
        try bus.control("next")
        #expect(follow.waitForLine { $0 == "Highway Ünïcödé 💿" } != nil)
    }

    @Test func onlyTheChangedPropertiesAreSignalled() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let monitor = try Self.monitor(bus)
        player.update { $0.volume = 0.25 }
        service.statusChanged()
        let volume = try #require(monitor.waitForLine { $0.contains("PropertiesChanged") })
        #expect(volume.hasSuffix("org.freedesktop.DBus.Properties.PropertiesChanged ('org.mpris.MediaPlayer2.Player', {'Volume': <0.25>}, @as [])"))

        player.update {
            $0.track = FakePlayer.discTracks[2]
            $0.canGoNext = false
        }
        service.statusChanged()
        #expect(monitor.waitForLine { $0.contains("PropertiesChanged") && $0.contains("Metadata") } != nil)
        let changed = try #require(Self.propertiesChanged(monitor).last)
        #expect(changed.contains("{'Metadata': <{'mpris:trackid': <objectpath '\(FakePlayer.discTracks[2].objectPath)'>, 'xesam:title': <'Closing'>, 'xesam:album': <'Road Trip'>, 'xesam:trackNumber': <3>}>, 'CanGoNext': <false>}"))
        #expect(!changed.contains("Volume"))
    }

    @Test func nothingChangedMeansNoSignalAndPositionIsNeverSignalled() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let monitor = try Self.monitor(bus)
        service.statusChanged()
        player.update { $0.positionMicroseconds += 1_000_000 }  // playback moving on
        service.statusChanged()
        usleep(400_000)
        #expect(monitor.lines.filter { $0.contains("/org/mpris/MediaPlayer2:") }.isEmpty)
        // A real change afterwards is the only signal.
        player.update { $0.shuffle = true }
        service.statusChanged()
        #expect(monitor.waitForLine { $0.contains("PropertiesChanged") } != nil)
        usleep(300_000)
        #expect(Self.propertiesChanged(monitor).count == 1)
        #expect(Self.propertiesChanged(monitor).first?.contains("{'Shuffle': <true>}") == true)
    }

    @Test func seekingSendsSeekedWithTheNewPosition() throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let monitor = try Self.monitor(bus)
        try bus.control("position", "5+")
        let seeked = try #require(monitor.waitForLine { $0.contains("Seeked") })
        #expect(seeked.hasSuffix("org.mpris.MediaPlayer2.Player.Seeked (int64 17500000,)"))

        // A jump from elsewhere (a key, a sentence): the app says so.
        player.update { $0.positionMicroseconds = 90_000_000 }
        service.statusChanged(seeked: true)
        #expect(monitor.waitForLine { $0.hasSuffix("Seeked (int64 90000000,)") } != nil)
        #expect(Self.propertiesChanged(monitor).isEmpty)
    }

    @Test func statusChangedIsSafeFromManyThreads() async throws {
        let bus = try PrivateBus()
        let player = FakePlayer()
        let service = try player.service(on: bus)
        defer { service.stop() }
        let monitor = try Self.monitor(bus)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    player.update { $0.volume = Double(index % 2) }
                    service.statusChanged(seeked: index % 7 == 0)
                }
            }
        }
        player.update { $0.volume = 0.125 }
        service.statusChanged()
        #expect(monitor.waitForLine { $0.contains("{'Volume': <0.125>}") } != nil)
        #expect(try bus.playerctl("volume").output == "0.125000")
    }
}
