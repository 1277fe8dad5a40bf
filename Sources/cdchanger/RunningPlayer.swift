import AudioDecoding
import ChangerIntents
import ChangerKit
import Dashboard
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
import OrderedJSON
import Playback
import Remote
import Session
import Synchronization

/// A player process (the dashboard or `cdchanger play`): the session, its control socket and its
/// MPRIS service, with SIGINT, SIGTERM and SIGHUP turned into a clean quit that saves the position.
final class RunningPlayer {
    let loop: MainLoop
    let session: PlayerSession
    let environment: CommandEnvironment
    /// The voice prompt (the dashboard's `v`, `cdchanger listen`, D-Bus `Listen`).
    let voice: PlayerVoice
    private let server: ControlServer
    private var mpris: MPRISService?
    /// How the socket's and MPRIS's threads reach the loop; closed on quit.
    private let gate: LoopGate
    /// Called on quit, before the loop stops (the dashboard restores the terminal here).
    var onQuit: (() -> Void)?

    /// Takes the control socket first — a second player for the same state exits without touching
    /// it — then opens the state and the library and starts the audio engine. `scansInBackground`:
    /// a long first scan reads the discs in the slots now and the rest while the player runs.
    init(
        environment: CommandEnvironment, output: OutputChoice, replayGain: ReplayGainMode, microphone: String = VoiceCommands.defaultMicrophone,
        scansInBackground: Bool = false
    ) throws {
        self.environment = environment
        signal(SIGPIPE, SIG_IGN)
        let loop = try MainLoop()
        self.loop = loop
        let gate = LoopGate(mailbox: loop.mailbox)
        self.gate = gate
        let answer = AnswerBox()
        server = ControlServer(path: RunningPlayer.socketPath(for: environment)) { request in
            if request.command == ControlRequest.Command.listen { return RunningPlayer.answerAfterListening(request, gate: gate, answer: answer) }
            return gate.sync { answer.handler?(request) ?? ControlResponse(status: 1, error: "The player is starting.") }
                ?? ControlResponse(status: RemoteCommands.unreachableStatus, error: "The player is quitting.\n")
        }
        do {
            try server.start()
        } catch {
            throw CommandFailure(error.description, status: 1)
        }
        environment.opensPlayer = true
        environment.scansInBackground = scansInBackground
        session = PlayerSession(context: environment.context, output: output, replayGain: replayGain, loop: loop)
        voice = PlayerVoice(session: session, microphone: microphone)
        for problem in environment.settingsFile.problems { session.post(notice: problem, pinned: true) }
        answer.handler = { [unowned self] request in self.answer(request) }
        answer.listen = { [unowned self] json, done in
            self.voice.listen { ending in done(RunningPlayer.listenResponse(ending, json: json)) }
        }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            loop.onSignal(signal) { [unowned self] in self.quit() }
        }
        session.watchLibrary()
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
        isRunning = true
        loop.run()
        isRunning = false
    }

    private var isRunning = false
    private var hasQuit = false

    /// Quits: the socket and MPRIS take no more work, what they asked for already is done (so an
    /// answer being written still goes out), then the position is saved, the audio, the socket
    /// and MPRIS stop, and the loop ends. Once; safe from any handler on the loop.
    func quit() {
        guard !hasQuit else { return }
        hasQuit = true
        guard isRunning else {
            // Before the loop runs (a start that failed), nothing waits for it: finish now.
            gate.close()
            finishQuitting()
            return
        }
        let step = QuitStep(player: self)
        gate.close(then: { step.run() })
    }

    fileprivate func finishQuitting() {
        voice.shutdown()
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
            return RunningPlayer.sayResponse(session.respondToRemote(request.arguments.joined(separator: " ")), json: request.has(ControlRequest.jsonFlag))
        case ControlRequest.Command.confirm:
            guard let reply = session.confirmRemote(request.arguments.joined(separator: " ")) else {
                return ControlResponse(status: 1, output: VoiceResult.notHeardResponse + "\n",
                                       payload: request.has(ControlRequest.jsonFlag) ? VoiceCommands.notHeardJSON(sentence: nil).compactText : nil)
            }
            return RunningPlayer.sayResponse(reply, json: request.has(ControlRequest.jsonFlag))
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

    /// `say`'s answer to a sentence (and `confirm`'s): its status, its text, and its JSON when asked for.
    private static func sayResponse(_ reply: PlayerSession.SpokenReply, json: Bool) -> ControlResponse {
        ControlResponse(status: reply.exitStatus, output: text(of: reply) + "\n", payload: json ? reply.jsonLine : nil)
    }

    /// `say`'s answer: the response, with the numbered candidates of a question or the hints of "Sorry…".
    private static func text(of reply: PlayerSession.SpokenReply) -> String {
        var text = reply.response
        switch reply.resolution {
        case .ambiguous(let ambiguity):
            text += "\n" + ambiguity.candidates.enumerated().map { "  \($0.offset + 1). \($0.element.summary)" }.joined(separator: "\n")
        case .matched where reply.outcome?.followUp != nil:
            text += "\n" + reply.outcome!.followUp!.candidates.enumerated().map { "  \($0.offset + 1). \($0.element.summary)" }.joined(separator: "\n")
        case .unsupported(let unsupported) where !unsupported.suggestions.isEmpty:
            text += " Try: " + unsupported.suggestions.map { "\u{201C}\($0)\u{201D}" }.joined(separator: ", ") + "."
        default:
            break
        }
        return text
    }

    /// `listen`, on a connection thread: starts a turn on the loop (or joins the one under way),
    /// waits for it here — the loop goes on meanwhile — and answers once it ended.
    private static func answerAfterListening(_ request: ControlRequest, gate: LoopGate, answer: AnswerBox) -> ControlResponse {
        let response = Mutex<ControlResponse?>(nil)
        let ended = Semaphore()
        let json = request.has(ControlRequest.jsonFlag)
        let started = gate.sync { () -> Bool in
            guard let listen = answer.listen else { return false }
            listen(json) { reply in
                response.withLock { $0 = reply }
                ended.signal()
            }
            return true
        }
        guard let started else { return ControlResponse(status: RemoteCommands.unreachableStatus, error: "The player is quitting.\n") }
        guard started else { return ControlResponse(status: 1, error: "The player is starting.\n") }
        ended.wait()
        return response.withLock { $0 } ?? ControlResponse(status: RemoteCommands.unreachableStatus, error: "The player is quitting.\n")
    }

    /// The answer to `listen`: "Heard “…”." and `say`'s answer (its JSON with `heard`); status 1
    /// when nothing was heard, 5 when there is no microphone.
    private static func listenResponse(_ ending: PlayerVoice.Ending, json: Bool) -> ControlResponse {
        switch listenAnswer(ending) {
        case .ended(let heard?, let response, let status):
            var payload: String?
            if json, let reply = ending.reply, case .object(var object)? = try? JSONValue.parse(reply.jsonLine) {
                object.append("heard", .string(heard))
                payload = JSONValue.object(object).compactText
            }
            return ControlResponse(status: status, output: "Heard \u{201C}\(heard)\u{201D}.\n" + (response.isEmpty ? "" : response + "\n"), payload: payload)
        case .ended(nil, let response, let status):
            return ControlResponse(status: status, output: response + "\n", payload: json ? VoiceCommands.notHeardJSON(sentence: nil).compactText : nil)
        case .unavailable(let reason):
            return ControlResponse(status: RemoteCommands.unreachableStatus, error: reason + "\n")
        }
    }

    /// What a voice turn came to, as `listen` and D-Bus `Listen` answer it: the sentence heard,
    /// `say`'s answer to it and `say`'s exit status (a sentence heard without certainty is asked
    /// back: "Did you say …?", 2); "Sorry, I didn't catch that." and 1 when nothing was heard;
    /// the reason when voice cannot be used.
    private static func listenAnswer(_ ending: PlayerVoice.Ending) -> ListenAnswer {
        switch ending.result {
        case .heard(let sentence):
            guard let reply = ending.reply else { return .ended(heard: sentence, response: "", status: 1) }
            return .ended(heard: sentence, response: text(of: reply), status: reply.exitStatus)
        case .unsure(let sentence):
            // Asked back ("Did you say …?", status 2), or not heard when it was not understood.
            guard let reply = ending.reply else { return .ended(heard: nil, response: VoiceResult.notHeardResponse, status: 1) }
            return .ended(heard: sentence, response: text(of: reply), status: reply.exitStatus)
        case .notHeard:
            return .ended(heard: nil, response: VoiceResult.notHeardResponse, status: 1)
        case .unavailable(let reason):
            return .unavailable(reason)
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
        let local = CommandEnvironment(context: session.context, registry: session.registry, rackEditor: session.rackEditor, output: output)
        let status = CLI.run(["magazine"] + words, environment: local)
        session.changed()
        return ControlResponse(status: status, output: output.standardOutput, error: output.standardError)
    }

    // MARK: MPRIS

    private func startMPRIS() {
        let gate = self.gate
        let box = MPRISBox()
        let lastStatus = Mutex(MPRISStatus())
        do {
            mpris = try MPRISService(
                status: {
                    // Once quitting, the last status stands.
                    guard let status = gate.sync({ box.status?() ?? MPRISStatus() }) else { return lastStatus.withLock { $0 } }
                    lastStatus.withLock { $0 = status }
                    return status
                },
                command: { command in
                    if command == .quit {
                        gate.post { box.perform?(command) }
                    } else {
                        _ = gate.sync { box.perform?(command) }
                    }
                },
                // Posted, not awaited: the turn runs on the voice's worker thread and answers when it ends.
                listen: { answer in
                    let posted = gate.post {
                        guard let listen = box.listen else { return answer(.unavailable("The player is starting.")) }
                        listen(answer)
                    }
                    if !posted { answer(.unavailable("The player is quitting.")) }
                }
            )
        } catch {
            session.post(notice: error.description, pinned: true)
            session.changed()
            return
        }
        box.status = { [unowned self] in self.mprisStatus() }
        box.perform = { [unowned self] command in self.perform(command) }
        box.listen = { [unowned self] answer in
            self.voice.listen { ending in answer(RunningPlayer.listenAnswer(ending)) }
        }
        session.observeChanges { [weak self] in self?.publishMPRIS() }
    }

    private var signalledJumps = 0

    /// Tells MPRIS clients what changed, with `Seeked` after every jump in position (keys and
    /// sentences included, not only MPRIS's own `Seek`).
    private func publishMPRIS() {
        let jumps = session.engine.positionJumps
        mpris?.statusChanged(seeked: jumps != signalledJumps)
        signalledJumps = jumps
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
        let changer = session.changer
        let anything = changer.currentMagazine.map { !changer.playableSlots(of: $0).isEmpty } ?? false
        // Next and Previous change the track only while one is playing or paused (a stopped
        // player shows none): Next when playback would reach another track by itself (always
        // with LoopStatus Track or Playlist), Previous when the track has one before it.
        let hasTrack = track != nil
        return MPRISStatus(
            playback: playback, track: track, positionMicroseconds: Int64(status.elapsed * 1_000_000),
            volume: status.muted ? 0 : Double(status.volume) / 100, loop: loop, shuffle: status.randomMode != "off",
            canGoNext: hasTrack && changer.hasNaturalNext, canGoPrevious: hasTrack && changer.hasPreviousTrack,
            canPlay: anything, canPause: true, canSeek: hasTrack
        )
    }

    /// Every MPRIS method runs an intent, as keys and sentences do; `Next` and `Previous` do
    /// nothing when `CanGoNext` or `CanGoPrevious` is false (MPRIS 2.2).
    private func perform(_ command: MPRISCommand) {
        let changer = session.changer
        switch command {
        case .next where !mprisStatus().canGoNext, .previous where !mprisStatus().canGoPrevious: return
        // A seek past the end acts like Next.
        case .seek(let offset) where passesEnd(offset) && !mprisStatus().canGoNext: return
        case .quit: quit()
        default: break
        }
        if let invocation = InputBindings.invocation(for: command, transport: changer.transport, elapsed: changer.elapsed) {
            session.perform(invocation)
        }
    }

    /// Whether a seek by `offset` microseconds would reach the end of the track.
    private func passesEnd(_ offset: Int64) -> Bool {
        let changer = session.changer
        guard let current = changer.current, let (_, _, track) = changer.resolve(current), track.duration > 0 else { return false }
        return changer.elapsed + Double(offset) / 1_000_000 >= track.duration
    }
}

/// Holds the socket handler, set once the session exists. Only touched on the main loop's thread
/// (the server's threads reach it through `mailbox.sync`), so it needs no lock.
private final class AnswerBox: @unchecked Sendable {
    var handler: ((ControlRequest) -> ControlResponse)?
    /// Starts (or joins) a voice turn; the closure gets the answer once it ended. `json`: `--json`.
    var listen: ((_ json: Bool, _ done: @escaping @Sendable (ControlResponse) -> Void) -> Void)?
}

/// Holds the MPRIS callbacks, set once the service exists; like `AnswerBox`, touched only on the loop.
private final class MPRISBox: @unchecked Sendable {
    var status: (() -> MPRISStatus)?
    var perform: ((MPRISCommand) -> Void)?
    /// Starts (or joins) a voice turn for D-Bus `Listen`; `answer` is called once it ended.
    var listen: ((_ answer: @escaping @Sendable (ListenAnswer) -> Void) -> Void)?
}

/// The last step of a quit, posted to the loop by `LoopGate.close(then:)`; like `AnswerBox`, it
/// touches the player only on the loop's thread.
private final class QuitStep: @unchecked Sendable {
    private unowned let player: RunningPlayer

    init(player: RunningPlayer) {
        self.player = player
    }

    func run() { player.finishQuitting() }
}
