import Testing
@testable import Remote

/// The line format of requests and responses (docs/remote.md, "Wire protocol").
@Suite struct ControlWireTests {
    @Test func requestLineHasTheDocumentedShape() {
        let line = ControlWire.encode(ControlRequest.say(["play", "road \"trip\""], json: true))
        #expect(line == #"{"v":1,"command":"say","arguments":["play","road \"trip\""],"flags":["json"]}"# + "\n")
    }

    @Test(arguments: [
        ControlRequest.ping,
        ControlRequest.say(["next", "song"]),
        ControlRequest.status(json: true),
        ControlRequest.magazine(["rename", "Road Trip", "Night Drive"]),
        ControlRequest(command: "future-command", arguments: ["ünïcödé", "new\nline", ""], flags: ["x", "y"]),
    ])
    func requestsRoundTrip(_ request: ControlRequest) throws {
        let line = ControlWire.encode(request)
        #expect(line.filter { $0 == "\n" }.count == 1)
        #expect(try ControlWire.decodeRequest(Array(line.utf8.dropLast())) == request)
    }

    @Test func aHandTypedRequestMayLeaveOutEverythingButTheCommand() throws {
        let request = try ControlWire.decodeRequest(Array(#"{"command":"status","extra":{"ignored":true}}"#.utf8))
        #expect(request == ControlRequest(command: "status"))
    }

    @Test(arguments: [
        (#"[1,2]"#, "must be a JSON object"),
        (#"{"arguments":[]}"#, "\"command\""),
        (#"{"command":""}"#, "\"command\""),
        (#"{"command":7}"#, "\"command\""),
        (#"{"command":"say","arguments":"next"}"#, "\"arguments\""),
        (#"{"command":"say","flags":[1]}"#, "\"flags\""),
        (#"{"v":2,"command":"say"}"#, "protocol version 2"),
        (#"{"v":"one","command":"say"}"#, "\"v\""),
        (#"{"command":"say""#, "not JSON"),
    ])
    func unusableRequestsSayWhy(_ line: String, _ reason: String) {
        #expect {
            try ControlWire.decodeRequest(Array(line.utf8))
        } throws: { error in
            (error as? ControlWire.DecodingError)?.message.contains(reason) == true
        }
    }

    @Test func responsePayloadTravelsAsJSONAndComesBackAsTheSameText() throws {
        let payload = #"{"intent":"PlayDisc","parameters":{"disc":3},"score":1.50,"list":[]}"#
        let response = ControlResponse(status: 2, output: "Which one?\n", error: "", payload: payload)
        let line = ControlWire.encode(response)
        #expect(line == #"{"v":1,"status":2,"output":"Which one?\n","error":"","payload":"# + payload + "}\n")
        let decoded = try ControlWire.decodeResponse(Array(line.utf8.dropLast()))
        #expect(decoded == response)
    }

    @Test func prettyPayloadIsCompactedOntoTheLine() throws {
        let response = ControlResponse(status: 0, payload: "{\n  \"a\": [\n    1\n  ]\n}")
        let line = ControlWire.encode(response)
        #expect(line.filter { $0 == "\n" }.count == 1)
        #expect(try ControlWire.decodeResponse(Array(line.utf8.dropLast())).payload == #"{"a":[1]}"#)
    }

    @Test func anInvalidPayloadBecomesAnErrorInsteadOfABrokenLine() throws {
        let line = ControlWire.encode(ControlResponse(status: 0, output: "fine", payload: "{not json"))
        let decoded = try ControlWire.decodeResponse(Array(line.utf8.dropLast()))
        #expect(decoded.status == ControlResponse.internalErrorStatus)
        #expect(decoded.payload == nil)
        #expect(decoded.error.contains("invalid JSON"))
    }

    @Test(arguments: [#"{"output":"x"}"#, #"{"status":1.5}"#, #"{"status":0,"output":3}"#, "[]", "pong"])
    func unusableResponsesAreErrors(_ line: String) {
        #expect(throws: ControlWire.DecodingError.self) { try ControlWire.decodeResponse(Array(line.utf8)) }
    }
}
