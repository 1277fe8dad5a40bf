import OrderedJSON

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
