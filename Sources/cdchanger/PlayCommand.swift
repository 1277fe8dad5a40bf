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
        synopsis: "play [--magazine NAME] [--disc N] [--track N] [--output alsa[:DEVICE]|null|wav:PATH] [--device NAME] [--fast] [--replaygain album|track|off]",
        summary: "Play without the dashboard, to the end of the disc (without --disc: resume where playback stopped).",
        valued: ["--magazine", "--disc", "--track", "--output", "--device", ReplayGainSetting.option],
        flags: ["--fast"],
        run: { arguments, environment in
            _ = try arguments.exactly([])
            let output: OutputChoice
            do {
                output = try OutputChoice.parse(output: arguments.value("--output"), device: arguments.value("--device"), fast: arguments.flag("--fast"))
            } catch let error as OutputChoiceError {
                throw UsageError(error.description)
            }
            let disc = try arguments.integer("--disc", in: 1...Magazine.slotCountRange.upperBound)
            let track = try arguments.integer("--track", in: 1...9999)
            if track != nil, disc == nil { throw UsageError("--track needs --disc") }
            let replayGain = try ReplayGainSetting.choose(option: arguments.value(ReplayGainSetting.option), environment: environment.environment)
            return try play(
                magazineName: arguments.value("--magazine"), disc: disc, track: track ?? 1, output: output, replayGain: replayGain, environment: environment)
        }
    )

    static func play(
        magazineName: String?, disc: Int?, track: Int, output: OutputChoice, replayGain: ReplayGainMode, environment: CommandEnvironment
    ) throws -> Int32 {
        let player = try RunningPlayer(environment: environment, output: output, replayGain: replayGain)
        let session = player.session
        let changer = session.changer
        changer.stopsAtEndOfDisc = true
        session.onNotice = { environment.err("cdchanger: \($0)") }
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
            player.quit()
            throw CommandFailure(error.description)
        } catch {
            player.quit()
            throw error
        }
        player.onQuit = {
            if changer.transport != .stopped { environment.err("Stopped; the position is saved.") }
        }
        player.run()
        return 0
    }
}
