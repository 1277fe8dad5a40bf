#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Remote

/// `cdchanger say` and `cdchanger status`: talk to the running player over its control socket.
/// Also routes `magazine` commands to a running player, so its state is edited in one place.
enum RemoteCommands {
    /// The control request that shows or changes the player's output.
    static let outputCommand = "output"

    /// Exit status when no player is running.
    static let noPlayerStatus: Int32 = 4
    /// Exit status when the player could not be reached for another reason (a timeout, a garbled answer).
    static let unreachableStatus: Int32 = 5


    static let descriptions: [CommandDescription] = [
        CommandDescription(
            words: ["say"], synopsis: "say [--json] SENTENCE…",
            summary: "Tell the running player what to do (\u{201C}play disc 3\u{201D}, \u{201C}next song\u{201D}).",
            options: [OptionHelp("--json", "print what the sentence did as JSON (the object of resolve --json, with the response)")],
            exitStatuses: [
                ExitStatusHelp(0, "done"),
                ExitStatusHelp(1, "not understood, or understood but not possible (nothing was done): the answer says why"),
                ExitStatusHelp(2, "ambiguous: the question and the numbered candidates are printed"),
                ExitStatusHelp(3, "needs a value: the question is printed; answer it with another cdchanger say"),
                ExitStatusHelp(noPlayerStatus, "no player is running"),
                ExitStatusHelp(unreachableStatus, "the player could not be reached (a timeout, an answer that could not be read)"),
            ],
            run: { arguments, environment in
                guard !arguments.positionals.isEmpty else { throw UsageError("missing SENTENCE") }
                let response = try send(.say(arguments.positionals, json: arguments.flag("--json")), environment)
                return deliver(response, environment, preferPayload: arguments.flag("--json"))
            }
        ),
        CommandDescription(
            words: ["output"], synopsis: "output [alsa[:DEVICE] | null | wav:PATH]",
            summary: "Show the running player's sound output, or move it to another one (e.g. after a device was lost).",
            run: { arguments, environment in
                guard arguments.positionals.count <= 1 else { throw UsageError("unexpected argument \u{201C}\(arguments.positionals[1])\u{201D}") }
                let response = try send(ControlRequest(command: outputCommand, arguments: arguments.positionals), environment)
                return deliver(response, environment, preferPayload: false)
            }
        ),
        CommandDescription(
            words: ["status"], synopsis: "status [--json]",
            summary: "What the running player is playing: magazine, disc, track, title, artist, times, state and modes.",
            options: [OptionHelp("--json", "print the status as one JSON object, for status bars and scripts")],
            run: { arguments, environment in
                _ = try arguments.exactly([])
                let response = try send(.status(json: arguments.flag("--json")), environment)
                return deliver(response, environment, preferPayload: arguments.flag("--json"))
            }
        ),
    ]

    /// Sends a request to the player for this state folder; "no player" becomes exit status 4.
    static func send(_ request: ControlRequest, _ environment: CommandEnvironment, timeout: Double = 10) throws -> ControlResponse {
        let path = RunningPlayer.socketPath(for: environment)
        do {
            return try ControlClient.send(request, to: path, timeout: timeout)
        } catch where error.isNoPlayer {
            throw CommandFailure("No CD Changer player is running. Start one with `cdchanger` (the dashboard) or `cdchanger play`.", status: noPlayerStatus)
        } catch {
            throw CommandFailure(error.description, status: unreachableStatus)
        }
    }

    /// Prints what the player answered and returns its status.
    static func deliver(_ response: ControlResponse, _ environment: CommandEnvironment, preferPayload: Bool) -> Int32 {
        if preferPayload, let payload = response.payload {
            environment.out(payload)
        } else if !response.output.isEmpty {
            environment.out(String(response.output.dropLast(response.output.hasSuffix("\n") ? 1 : 0)))
        }
        if !response.error.isEmpty {
            environment.err(String(response.error.dropLast(response.error.hasSuffix("\n") ? 1 : 0)))
        }
        return response.status
    }

    /// When a player runs for this state folder, runs the `magazine` command there and returns its
    /// status; nil when no player runs (the command then runs here).
    static func routeToPlayer(words: [String], environment: CommandEnvironment) throws -> Int32? {
        var forwarded: [String] = []
        var iterator = words.makeIterator()
        var droppedGroupWord = false
        while let word = iterator.next() {
            if GlobalOptions.valued.contains(word) {
                _ = iterator.next()
            } else if GlobalOptions.valued.contains(where: { word.hasPrefix($0 + "=") }) {
                continue
            } else if !droppedGroupWord, word == "magazine" {
                droppedGroupWord = true
            } else {
                forwarded.append(word)
            }
        }
        let path = RunningPlayer.socketPath(for: environment)
        let response: ControlResponse
        do {
            response = try ControlClient.send(.magazine(forwarded), to: path)
        } catch where error.isNoPlayer {
            return nil
        } catch {
            throw CommandFailure(error.description, status: unreachableStatus)
        }
        return deliver(response, environment, preferPayload: false)
    }
}
