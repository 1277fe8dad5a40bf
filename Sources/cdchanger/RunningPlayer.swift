import ChangerIntents
import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import IntentKit
import MainLoop
import Playback
import Remote
import Session

/// A player process (the dashboard or `cdchanger play`): the session, its control socket and its
/// MPRIS service, with SIGINT, SIGTERM and SIGHUP turned into a clean quit that saves the position.
final class RunningPlayer {
    let loop: MainLoop
    let session: PlayerSession
    let environment: CommandEnvironment
    private let server: ControlServer
    private var mpris: MPRISService?
    /// Called on quit, before the loop stops (the dashboard restores the terminal here).
    var onQuit: (() -> Void)?

    /// Takes the control socket first — a second player for the same state exits without touching
    /// it — then opens the state and the library and starts the audio engine.
    init(environment: CommandEnvironment, output: OutputChoice) throws {
        self.environment = environment
        signal(SIGPIPE, SIG_IGN)
        let loop = try MainLoop()
        self.loop = loop
        let mailbox = loop.mailbox
        let answer = AnswerBox()
        server = ControlServer(path: RunningPlayer.socketPath(for: environment)) { request in
            mailbox.sync { answer.handler?(request) ?? ControlResponse(status: 1, error: "The player is starting.") }
        }
        do {
            try server.start()
        } catch {
            throw CommandFailure(error.description, status: 1)
        }
        environment.opensPlayer = true
        session = PlayerSession(context: environment.context, output: output, loop: loop)
        for problem in environment.settingsFile.problems { session.post(notice: problem, pinned: true) }
        answer.handler = { [unowned self] request in self.answer(request) }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            loop.onSignal(signal) { [unowned self] in self.quit() }
        }
    }

    /// The socket for this state folder: `control.sock` for the default one, a name derived from
    /// the folder otherwise, so players with different state folders don't take each other's place.
    static func socketPath(for environment: CommandEnvironment) -> String {
        let standard = ControlSocket.defaultPath(environment: environment.environment)
        let folder = StateFile.directory(option: environment.stateDirectory, environment: environment.environment).standardizedFileURL.path
        let defaultFolder = StateFile.directory(option: nil, environment: environment.environment).standardizedFileURL.path
        guard folder != defaultFolder else { return standard }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in folder.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return ControlSocket.folder(of: standard) + "/control-" + String(hash, radix: 16) + ".sock"
    }

    /// Starts MPRIS — only now, so a player that fails to start playing says nothing about the
    /// session bus — and runs the loop until quit.
    func run() {
        startMPRIS()
        loop.run()
    }

    private var hasQuit = false

    /// Saves the position, stops the audio, the socket and MPRIS, and ends the loop. Once.
    func quit() {
        guard !hasQuit else { return }
        hasQuit = true
        onQuit?()
        session.shutdown()
        _ = server.stop()
        _ = mpris?.stop()
        loop.stop()
    }

    // MARK: Control socket

    private func answer(_ request: ControlRequest) -> ControlResponse {
        switch request.command {
        case ControlRequest.Command.say:
            let reply = session.respond(to: request.arguments.joined(separator: " "), via: .remote)
            var text = reply.response
            switch reply.resolution {
            case .ambiguous(let ambiguity):
                text += "\n" + ambiguity.candidates.enumerated().map { "  \($0.offset + 1). \($0.element.summary)" }.joined(separator: "\n")
            case .unsupported(let unsupported) where !unsupported.suggestions.isEmpty:
                text += " Try: " + unsupported.suggestions.map { "\u{201C}\($0)\u{201D}" }.joined(separator: ", ") + "."
            default:
                break
            }
            return ControlResponse(status: reply.exitStatus, output: text + "\n", payload: request.has(ControlRequest.jsonFlag) ? reply.jsonLine : nil)
        case ControlRequest.Command.status:
            let status = session.status
            if request.has(ControlRequest.jsonFlag) {
                return ControlResponse(status: 0, payload: (try? Formatting.json(status)) ?? "{}")
            }
            return ControlResponse(status: 0, output: status.summary + "\n")
        case RemoteCommands.outputCommand:
            return changeOutput(request.arguments.first)
        case ControlRequest.Command.magazine:
            return runMagazineCommand(request.arguments + (request.has(ControlRequest.jsonFlag) ? ["--json"] : []))
        default:
            return ControlResponse(status: ControlResponse.rejectedStatus, error: "Unknown request \u{201C}\(request.command)\u{201D}.\n")
        }
    }

    /// Shows the output, or moves playback to `specification` (`alsa[:DEVICE]`, `null`, `wav:PATH`).
    private func changeOutput(_ specification: String?) -> ControlResponse {
        guard let specification else {
            return ControlResponse(status: 0, output: "Output: \(session.engine.outputDescription).\n")
        }
        let choice: OutputChoice
        do {
            choice = try OutputChoice.parse(output: specification, device: nil, fast: false)
        } catch {
            return ControlResponse(status: 2, error: "\(error.description)\n")
        }
        session.engine.setOutput(choice)
        session.changed()
        let hint = session.changer.transport == .paused ? " Say \u{201C}resume\u{201D} to go on." : ""
        return ControlResponse(status: 0, output: "Output: \(choice).\(hint)\n")
    }

    /// Runs a `magazine` subcommand on this player's own state, so the snapshot refreshes at once.
    private func runMagazineCommand(_ words: [String]) -> ControlResponse {
        let output = CommandOutput(capturing: true)
        let local = CommandEnvironment(context: session.context, registry: session.registry, output: output)
        let status = CLI.run(["magazine"] + words, environment: local)
        session.updateShelf(local.context.shelf)
        return ControlResponse(status: status, output: output.standardOutput, error: output.standardError)
    }

    // MARK: MPRIS

    private func startMPRIS() {
        let mailbox = loop.mailbox
        let box = MPRISBox()
        do {
            mpris = try MPRISService(
                status: { mailbox.sync { box.status?() ?? MPRISStatus() } },
                command: { command in
                    if command == .quit {
                        mailbox.post { box.perform?(command) }
                    } else {
                        mailbox.sync { box.perform?(command) }
                    }
                }
            )
        } catch {
            session.post(notice: error.description, pinned: true)
            session.changed()
            return
        }
        box.status = { [unowned self] in self.mprisStatus() }
        box.perform = { [unowned self] command in self.perform(command) }
        session.observeChanges { [weak self] in self?.mpris?.statusChanged() }
    }

    private func mprisStatus() -> MPRISStatus {
        let status = session.status
        let playback: MPRISStatus.Playback = status.state == "playing" ? .playing : status.state == "paused" ? .paused : .stopped
        let track = status.title.map { title in
            MPRISTrack(
                id: "disc\(status.disc ?? 0)track\(status.track ?? 0)", title: title, album: status.album ?? "",
                artists: status.artist.map { [$0] } ?? [], trackNumber: status.track,
                lengthMicroseconds: status.total.map { Int64($0 * 1_000_000) }
            )
        }
        let loop: MPRISStatus.Loop = switch status.repeatMode {
        case "track": .track
        case "off": .none
        default: .playlist
        }
        let anything = session.changer.currentMagazine.map { !session.changer.playableSlots(of: $0).isEmpty } ?? false
        return MPRISStatus(
            playback: playback, track: track, positionMicroseconds: Int64(status.elapsed * 1_000_000),
            volume: status.muted ? 0 : Double(status.volume) / 100, loop: loop, shuffle: status.randomMode != "off",
            canGoNext: anything, canGoPrevious: anything, canPlay: anything, canPause: true, canSeek: track != nil
        )
    }

    /// Every MPRIS method runs an intent, as keys and sentences do.
    private func perform(_ command: MPRISCommand) {
        let changer = session.changer
        if let invocation = InputBindings.invocation(for: command, transport: changer.transport, elapsed: changer.elapsed) {
            session.perform(invocation)
        }
        switch command {
        case .seek, .setPosition: mpris?.statusChanged(seeked: true)
        case .quit: quit()
        case .playPause, .play, .pause, .stop, .next, .previous, .setVolume, .setLoop, .setShuffle, .raise: break
        }
    }
}

/// Holds the socket handler, set once the session exists. Only touched on the main loop's thread
/// (the server's threads reach it through `mailbox.sync`), so it needs no lock.
private final class AnswerBox: @unchecked Sendable {
    var handler: ((ControlRequest) -> ControlResponse)?
}

/// Holds the MPRIS callbacks, set once the service exists; like `AnswerBox`, touched only on the loop.
private final class MPRISBox: @unchecked Sendable {
    var status: (() -> MPRISStatus)?
    var perform: ((MPRISCommand) -> Void)?
}
