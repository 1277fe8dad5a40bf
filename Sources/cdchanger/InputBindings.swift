import ChangerIntents
import ChangerKit
import Dashboard
import IntentKit
import Remote

/// What the keys and the media keys run: every dashboard key command and every MPRIS method as a
/// ready-bound invocation of one of the app's intents (which intents have them is
/// `ChangerIntent.directInputs`). Functions of the changer's state only, so the bindings are checked
/// without a running player.
enum InputBindings {
    /// The intent a dashboard key stands for; nil for quit, which runs none. `elapsed` is how far
    /// into the track playback is (going to a time is a seek by the difference).
    static func invocation(for command: DashboardCommand, settings: PlayerSettings, elapsed: Double) -> IntentInvocation? {
        switch command {
        case .playDisc(let number): ChangerInvocations.playDisc(number)
        case .playTrack(let track, let disc, let magazine, let name): ChangerInvocations.playDisc(disc, track: track, magazine: (magazine, name))
        case .playMagazine(let id, let name): ChangerInvocations.playMagazine(id: id, name: name)
        case .togglePlayPause: ChangerInvocations.plain(.togglePlayPause)
        case .stop: ChangerInvocations.plain(.stop)
        case .nextTrack: ChangerInvocations.plain(.nextTrack)
        case .previousTrack: ChangerInvocations.plain(.previousTrack)
        case .nextDisc: ChangerInvocations.plain(.nextDisc)
        case .previousDisc: ChangerInvocations.plain(.previousDisc)
        case .seek(let seconds): abs(seconds) == 10 ? ChangerInvocations.seek(forward: seconds > 0) : ChangerInvocations.seek(by: Double(seconds))
        case .seekTo(let seconds): ChangerInvocations.seek(toMicroseconds: Int64(seconds) * 1_000_000, from: elapsed)
        case .volumeUp: ChangerInvocations.changeVolume(up: true)
        case .volumeDown: ChangerInvocations.changeVolume(up: false)
        case .toggleMute: ChangerInvocations.plain(settings.muted ? .unmute : .mute)
        case .cycleRepeat: ChangerInvocations.repeatMode(settings.repeatMode.next)
        case .cycleRandom: ChangerInvocations.randomMode(settings.randomMode.next)
        case .scan: ChangerInvocations.plain(.scan)
        case .quit: nil
        }
    }

    /// The intent an MPRIS method runs; nil for quit and raise, which run none.
    static func invocation(for command: MPRISCommand, transport: TransportState, elapsed: Double) -> IntentInvocation? {
        switch command {
        case .playPause: ChangerInvocations.plain(.togglePlayPause)
        case .play: ChangerInvocations.plain(transport == .paused ? .resume : .playSomething)
        case .pause: ChangerInvocations.plain(.pause)
        case .stop: ChangerInvocations.plain(.stop)
        case .next: ChangerInvocations.plain(.nextTrack)
        case .previous: ChangerInvocations.plain(.previousTrack)
        case .seek(let offset): ChangerInvocations.seek(toMicroseconds: Int64(elapsed * 1_000_000) + offset, from: elapsed)
        case .setPosition(_, let position): ChangerInvocations.seek(toMicroseconds: position, from: elapsed)
        case .setVolume(let volume): ChangerInvocations.setVolume(Int((volume * 100).rounded()))
        case .setLoop(let loop): ChangerInvocations.repeatMode(loop == .none ? .off : loop == .track ? .track : .magazine)
        case .setShuffle(let on): ChangerInvocations.randomMode(on ? .magazine : .off)
        case .quit, .raise: nil
        }
    }
}
