import AudioDecoding
import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Playback
import Session

/// `cdchanger play`: plays without a screen, through the same engine and changer as the dashboard,
/// printing each track as it starts; exits 0 at the end of the disc. Ctrl-C stops it cleanly; a
/// stop asked for from outside leaves it running, stopped, until it is played again or quit.
enum PlayCommand {
    static let description = CommandDescription(
        words: ["play"],
        synopsis: "play [--magazine NAME] [--disc N] [--track N] [--output alsa[:DEVICE]|null|wav:PATH] [--device NAME] [--fast] [--replaygain album|track|off] [--mic DEVICE]",
        summary: "Play without the dashboard, to the end of the disc (without --disc: resume where playback stopped).",
        options: [
            OptionHelp("--magazine", "NAME", "the magazine to play (else the current one)"),
            OptionHelp("--disc", "N", "the disc (slot) to play; without it, playback resumes where it stopped"),
            OptionHelp("--track", "N", "the track of that disc to start with (needs --disc; else track 1)"),
            OptionHelp("--output", "alsa[:DEVICE]|null|wav:PATH", "where the sound goes: an ALSA device, nowhere in real time (null), or a WAV file; else the settings file's output, else alsa:default"),
            OptionHelp("--device", "NAME", "the ALSA device to play through, e.g. hw:1 (the same as --output alsa:NAME)"),
            OptionHelp("--fast", "play as fast as the CPU allows instead of in real time (with --output null or wav:PATH, which it implies; for tests and scripts)"),
            OptionHelp(ReplayGainSetting.option, ReplayGainSetting.choices, ReplayGainSetting.help),
            VoiceCommands.microphoneOption,
        ],
        run: { arguments, environment in
            _ = try arguments.exactly([])
            let output: OutputChoice
            do {
                let choosesOwn = arguments.value("--device") != nil || arguments.flag("--fast")
                output = try OutputChoice.parse(
                    output: arguments.value("--output") ?? (choosesOwn ? nil : environment.setting(SettingsKeys.output)),
                    device: arguments.value("--device"), fast: arguments.flag("--fast")
                )
            } catch let error as OutputChoiceError {
                throw UsageError(error.description)
            }
            let disc = try arguments.integer("--disc", in: 1...Magazine.slotCountRange.upperBound)
            let track = try arguments.integer("--track", in: 1...9999)
            if track != nil, disc == nil { throw UsageError("--track needs --disc") }
            let replayGain = try ReplayGainSetting.choose(
                option: arguments.value(ReplayGainSetting.option), environment: environment.environment,
                configured: environment.setting(SettingsKeys.replayGain))
            return try play(
                magazineName: arguments.value("--magazine"), disc: disc, track: track ?? 1, output: output, replayGain: replayGain,
                microphone: VoiceCommands.microphone(arguments, environment), environment: environment)
        }
    )

    static func play(
        magazineName: String?, disc: Int?, track: Int, output: OutputChoice, replayGain: ReplayGainMode, microphone: String, environment: CommandEnvironment
    ) throws -> Int32 {
        let player = try RunningPlayer(environment: environment, output: output, replayGain: replayGain, microphone: microphone)
        let printNotice = { (notice: String) in environment.err("cdchanger: \(notice)") }
        let session = player.session
        let changer = session.changer
        changer.stopsAtEndOfDisc = true
        session.onTrackStarted = { reference in
            guard let (magazine, album, track) = changer.resolve(reference) else { return }
            let length = ClockText.minutesAndSeconds(track.duration)
            environment.out("\(magazine.name) \u{00B7} disc \(reference.slot), track \(reference.trackIndex + 1)/\(album.tracks.count): \(track.title) \u{2014} \(track.artist) (\(album.title)) \(length)")
            fflush(nil)
        }
        // The end of the disc ends the command; a stop (a key, `say stop`, MPRIS) leaves it running, stopped.
        session.onFinished = { player.quit() }
        do {
            let magazineID = try magazineName.map { name throws(CommandFailure) -> UUID in
                guard let magazine = changer.store.state.rack.magazine(named: name) else {
                    throw CommandFailure(RackError.unknownMagazine(name, known: changer.store.state.rack.magazines.map(\.name)).description)
                }
                return magazine.id
            }
            switch (disc, magazineID) {
            case (let disc?, _): try changer.playDisc(disc, magazineID: magazineID, track: track)
            case (nil, let magazineID?): try changer.playMagazine(magazineID)
            case (nil, nil): try changer.playSomething()
            }
        } catch let error as TransportError {
            session.onNotice = printNotice
            player.quit()
            throw CommandFailure(error.description)
        } catch {
            session.onNotice = printNotice
            player.quit()
            throw error
        }
        // The notices that waited (the state file, the music folder) come now; MPRIS's when it starts.
        session.onNotice = printNotice
        player.onQuit = {
            if changer.transport != .stopped { environment.err("Stopped; the position is saved.") }
        }
        player.run()
        return 0
    }
}
