/// One request to a running player over the control socket: a command word, its arguments and
/// its flags, exactly as the `cdchanger` command line received them.
///
/// ```swift
/// let request = ControlRequest.say(["play", "road", "trip"], json: true)
/// // on the wire: {"v":1,"command":"say","arguments":["play","road","trip"],"flags":["json"]}
/// ```
///
/// The server answers `ping` itself; every other command goes to the app's handler, which
/// decides what it means. Unknown keys in a request are ignored, so newer clients can add
/// fields that older players skip.
public struct ControlRequest: Sendable, Equatable {
    /// What to do: one of the `Command` words, or anything a newer client sends.
    public var command: String
    /// The command's words (`say`'s sentence, `magazine`'s subcommand and its arguments).
    public var arguments: [String]
    /// Flags without dashes: `json` for `--json`.
    public var flags: [String]

    public init(command: String, arguments: [String] = [], flags: [String] = []) {
        self.command = command
        self.arguments = arguments
        self.flags = flags
    }

    /// Whether `flags` holds `flag`.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The command words this version of the protocol knows.
    public enum Command {
        /// Liveness check, answered by the server itself with its process id.
        public static let ping = "ping"
        /// Resolve and run a sentence in the player: `arguments` are the words.
        public static let say = "say"
        /// Ask a sentence back before running it ("Did you say …?"; a voice turn that was not sure
        /// what it heard): `arguments` are the words; "yes" said next runs it.
        public static let confirm = "confirm"
        /// Listen once on the player's microphone, then act on what was heard as `say` does; the
        /// answer comes after the turn (up to 8 s of listening, plus loading the speech model once).
        public static let listen = "listen"
        /// What is playing: no arguments; the `json` flag asks for a JSON payload.
        public static let status = "status"
        /// A `cdchanger magazine …` subcommand run by the player: `arguments` are the words after `magazine`.
        public static let magazine = "magazine"
    }

    /// The JSON flag word (`--json` on the command line).
    public static let jsonFlag = "json"

    public static let ping = ControlRequest(command: Command.ping)

    public static func say(_ words: [String], json: Bool = false) -> ControlRequest {
        ControlRequest(command: Command.say, arguments: words, flags: json ? [jsonFlag] : [])
    }

    public static func confirm(_ words: [String], json: Bool = false) -> ControlRequest {
        ControlRequest(command: Command.confirm, arguments: words, flags: json ? [jsonFlag] : [])
    }

    public static func listen(json: Bool = false) -> ControlRequest {
        ControlRequest(command: Command.listen, flags: json ? [jsonFlag] : [])
    }

    public static func status(json: Bool = false) -> ControlRequest {
        ControlRequest(command: Command.status, flags: json ? [jsonFlag] : [])
    }

    public static func magazine(_ arguments: [String], json: Bool = false) -> ControlRequest {
        ControlRequest(command: Command.magazine, arguments: arguments, flags: json ? [jsonFlag] : [])
    }
}
