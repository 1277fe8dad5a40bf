@testable import cdchanger
import ChangerIntents
import ChangerKit
import Foundation
@testable import Dashboard
import IntentKit
import Remote
import Testing

@Suite("Keys and media keys run the intents expected of them")
struct InputBindingTests {
    /// Every key the terminal can send to the main view, through the real key map; playing the
    /// highlighted slot (`p`) is disc `n` of the slot cursor, as the controller sends it; and the
    /// commands the overlays send: Enter in the magazine menu, a track of the track list, a time after `g`.
    static let keyCommands: [DashboardCommand] = {
        var keys: [Key] = (32...126).map { .character(Character(Unicode.Scalar(UInt8($0)))) }
        keys += "abcdefghijklmnopqrstuvwxyz".map { .control($0) } + (1...12).map { .function($0) }
        keys += [.enter, .escape, .tab, .backTab, .backspace, .delete, .insert, .up, .down, .left, .right,
                 .pageUp, .pageDown, .home, .end, .shiftUp, .shiftDown]
        let magazine = UUID()
        return keys.compactMap { key in
            switch KeyMap.mainAction(for: key) {
            case .command(let command): command
            case .playHighlightedSlot: .playDisc(2)
            default: nil
            }
        } + [.playMagazine(magazine, name: "Road Trip"), .playTrack(3, disc: 2, magazine: magazine, magazineName: "Road Trip"), .seekTo(seconds: 90)]
    }()

    /// One of each MPRIS command.
    static let mediaCommands: [MPRISCommand] = [
        .playPause, .play, .pause, .stop, .next, .previous, .seek(offsetMicroseconds: 5_000_000),
        .setPosition(trackID: "disc1track1", positionMicroseconds: 30_000_000), .setVolume(0.4), .setLoop(.track),
        .setShuffle(true), .quit, .raise,
    ]

    /// The command's place in `MPRISCommand`; the switch stops compiling when a command is added,
    /// and the test below then wants it in `mediaCommands`.
    static func position(of command: MPRISCommand) -> Int {
        switch command {
        case .playPause: 0
        case .play: 1
        case .pause: 2
        case .stop: 3
        case .next: 4
        case .previous: 5
        case .seek: 6
        case .setPosition: 7
        case .setVolume: 8
        case .setLoop: 9
        case .setShuffle: 10
        case .quit: 11
        case .raise: 12
        }
    }

    /// The settings and transport states a key's meaning depends on (mute toggles, modes cycle,
    /// Play resumes when paused).
    static let settings: [PlayerSettings] = [PlayerSettings(), PlayerSettings(volume: 40, muted: true, repeatMode: .magazine, randomMode: .disc)]
    static let transports: [TransportState] = [.stopped, .playing, .paused]

    static func intentsRunByKeys() -> Set<ChangerIntent> {
        Set(settings.flatMap { settings in
            keyCommands.compactMap { InputBindings.invocation(for: $0, settings: settings, elapsed: 12)?.changerIntent }
        })
    }

    static func intentsRunByMediaKeys() -> Set<ChangerIntent> {
        Set(transports.flatMap { transport in
            mediaCommands.compactMap { InputBindings.invocation(for: $0, transport: transport, elapsed: 12)?.changerIntent }
        })
    }

    @Test("the dashboard's keys run exactly the intents that expect a key")
    func keys() {
        let expected = Set(ChangerIntent.allCases.filter { $0.directInputs.contains(.key) })
        #expect(Self.intentsRunByKeys() == expected)
    }

    @Test("MPRIS runs exactly the intents that expect a media key")
    func mediaKeys() {
        #expect(Set(Self.mediaCommands.map(Self.position)) == Set(0...12), "every MPRIS command is tried")
        let expected = Set(ChangerIntent.allCases.filter { $0.directInputs.contains(.mediaKey) })
        #expect(Self.intentsRunByMediaKeys() == expected)
    }

    @Test("every binding is a complete invocation of a catalog intent", arguments: [false, true])
    func complete(muted: Bool) throws {
        let registry = try ChangerShortcuts.makeRegistry(magazines: { [] })
        var settings = PlayerSettings()
        settings.muted = muted
        let invocations = Self.keyCommands.compactMap { InputBindings.invocation(for: $0, settings: settings, elapsed: 12) }
            + Self.mediaCommands.compactMap { InputBindings.invocation(for: $0, transport: muted ? .paused : .playing, elapsed: 12) }
        for invocation in invocations {
            #expect(invocation.changerIntent != nil, "\(invocation.intent)")
            #expect(registry.missingParameter(of: invocation) == nil, "\(invocation.intent)")
        }
    }

    @Test("MPRIS Seek and SetPosition go to an exact place, in microseconds, not whole seconds")
    func exactSeeks() {
        let set = InputBindings.invocation(for: MPRISCommand.setPosition(trackID: "disc1track1", positionMicroseconds: 2_000_000), transport: .playing, elapsed: 1.674036)
        #expect(set?["position"] == .integer(2_000_000))
        #expect(set?.changerIntent == .seek)
        let back = InputBindings.invocation(for: MPRISCommand.seek(offsetMicroseconds: -500_000), transport: .playing, elapsed: 12)
        #expect(back?["position"] == .integer(11_500_000))
        #expect(back == ChangerInvocations.seek(toMicroseconds: 11_500_000, from: 12))
        let beforeTheStart = InputBindings.invocation(for: MPRISCommand.seek(offsetMicroseconds: -60_000_000), transport: .playing, elapsed: 12)
        #expect(beforeTheStart?["position"] == .integer(0))
    }

    @Test("quit and raise run no intent")
    func noIntent() {
        #expect(InputBindings.invocation(for: .quit, settings: PlayerSettings(), elapsed: 0) == nil)
        #expect(InputBindings.invocation(for: MPRISCommand.quit, transport: .playing, elapsed: 0) == nil)
        #expect(InputBindings.invocation(for: MPRISCommand.raise, transport: .playing, elapsed: 0) == nil)
    }

    @Test("going to a time is a seek to exactly that second, forward or back", arguments: [
        (12.4, 90, "forward"), (95.3, 90, "backward"), (30.0, 31, "forward"), (31.9, 30, "backward"),
    ])
    func seekTo(elapsed: Double, target: Int, direction: String) throws {
        let invocation = try #require(InputBindings.invocation(for: .seekTo(seconds: target), settings: PlayerSettings(), elapsed: elapsed))
        #expect(invocation.changerIntent == .seek)
        guard case .enumCase(_, .string(let found), _) = invocation["direction"] else { Issue.record("no direction"); return }
        #expect(found == direction)
        #expect(invocation["position"] == .integer(target * 1_000_000))
    }
}
