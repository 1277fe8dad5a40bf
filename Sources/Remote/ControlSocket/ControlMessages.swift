import OrderedJSON

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

    public static func status(json: Bool = false) -> ControlRequest {
        ControlRequest(command: Command.status, flags: json ? [jsonFlag] : [])
    }

    public static func magazine(_ arguments: [String], json: Bool = false) -> ControlRequest {
        ControlRequest(command: Command.magazine, arguments: arguments, flags: json ? [jsonFlag] : [])
    }
}

/// A running player's answer: the exit status the client should exit with, what it should
/// print on standard output and standard error, and an optional JSON payload.
public struct ControlResponse: Sendable, Equatable {
    /// The client's exit status (for `say`: 0 done, 1 not understood, 2 ambiguous, 3 needs a value).
    public var status: Int32
    /// Text for standard output (the spoken-style response, a status line, a listing).
    public var output: String
    /// Text for standard error.
    public var error: String
    /// A JSON value as compact text, or nil. It travels embedded in the response (not quoted),
    /// keeps its key order, and comes back out of `ControlClient` as the same compact text.
    public var payload: String?

    /// Makes a response. A `payload` that is not valid JSON is replaced by an error response
    /// when it is encoded, so a bug in the app never breaks the wire format.
    public init(status: Int32, output: String = "", error: String = "", payload: String? = nil) {
        self.status = status
        self.output = output
        self.error = error
        self.payload = payload
    }

    /// The status of a response the server made itself because it could not use the request
    /// (not JSON, too large, not a request, a newer protocol version, too many clients).
    public static let rejectedStatus: Int32 = 64

    /// The status of a response whose payload the app built as invalid JSON (a bug in the app).
    public static let internalErrorStatus: Int32 = 70

    /// A response refusing a request, with the reason on standard error.
    public static func rejected(_ reason: String) -> ControlResponse {
        ControlResponse(status: rejectedStatus, error: "cdchanger: the player refused the request: \(reason)")
    }
}

/// The newline-delimited JSON encoding of requests and responses (see docs/remote.md).
enum ControlWire {
    /// The protocol version this build writes and the newest it reads.
    static let version = 1

    /// Why a request line could not be used.
    struct DecodingError: Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func encode(_ request: ControlRequest) -> String {
        JSONValue.object([
            "v": .integer(version),
            "command": .string(request.command),
            "arguments": .array(request.arguments.map(JSONValue.string)),
            "flags": .array(request.flags.map(JSONValue.string)),
        ]).compactText + "\n"
    }

    static func decodeRequest<Bytes: Collection<UInt8>>(_ line: Bytes) throws(DecodingError) -> ControlRequest {
        let json: JSONValue
        do {
            json = try JSONValue.parse(line)
        } catch {
            throw DecodingError(message: "not JSON (\(error))")
        }
        guard case .object = json else { throw DecodingError(message: "a request must be a JSON object") }
        try checkVersion(json["v"], of: "request")
        guard case .string(let command) = json["command"], !command.isEmpty else {
            throw DecodingError(message: "\"command\" must be a non-empty string")
        }
        return ControlRequest(
            command: command,
            arguments: try strings(json["arguments"], named: "arguments"),
            flags: try strings(json["flags"], named: "flags")
        )
    }

    static func encode(_ response: ControlResponse) -> String {
        var object: JSONObject = [
            "v": .integer(version),
            "status": .integer(response.status),
            "output": .string(response.output),
            "error": .string(response.error),
        ]
        if let payload = response.payload {
            guard let value = try? JSONValue.parse(payload) else {
                return encode(ControlResponse(status: ControlResponse.internalErrorStatus, error: "cdchanger: the player built an invalid JSON answer (a bug; please report it)"))
            }
            object.append("payload", value)
        }
        return JSONValue.object(object).compactText + "\n"
    }

    static func decodeResponse<Bytes: Collection<UInt8>>(_ line: Bytes) throws(DecodingError) -> ControlResponse {
        let json: JSONValue
        do {
            json = try JSONValue.parse(line)
        } catch {
            throw DecodingError(message: "the player's answer is not JSON (\(error))")
        }
        guard case .object = json else { throw DecodingError(message: "the player's answer is not a JSON object") }
        try checkVersion(json["v"], of: "answer")
        guard case .number(let statusText) = json["status"], let status = Int32(statusText) else {
            throw DecodingError(message: "the player's answer has no integer \"status\"")
        }
        return ControlResponse(
            status: status,
            output: try string(json["output"], named: "output"),
            error: try string(json["error"], named: "error"),
            payload: json["payload"].map(\.compactText)
        )
    }

    private static func checkVersion(_ value: JSONValue?, of what: String) throws(DecodingError) {
        guard let value else { return }  // a hand-typed line may leave the version out: version 1
        guard case .number(let text) = value, let number = Int(text), number >= 1 else {
            throw DecodingError(message: "\"v\" must be a positive integer")
        }
        guard number <= version else {
            throw DecodingError(message: "the \(what) uses protocol version \(number), this build speaks version \(version); restart the player after upgrading")
        }
    }

    private static func strings(_ value: JSONValue?, named name: String) throws(DecodingError) -> [String] {
        guard let value, value != .null else { return [] }
        guard case .array(let items) = value else { throw DecodingError(message: "\"\(name)\" must be an array of strings") }
        var result: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw DecodingError(message: "\"\(name)\" must be an array of strings") }
            result.append(text)
        }
        return result
    }

    private static func string(_ value: JSONValue?, named name: String) throws(DecodingError) -> String {
        guard let value, value != .null else { return "" }
        guard case .string(let text) = value else { throw DecodingError(message: "\"\(name)\" in the player's answer must be a string") }
        return text
    }
}
