import Foundation
import Testing
import SystemSupport
@testable import Remote

/// Whatever a local process sends, the server answers with an error and keeps serving.
@Suite struct MalformedRequestTests {
    static let quick = ControlServer.Limits(maximumRequestBytes: 64 * 1024, requestTimeout: 0.5, writeTimeout: 2, maximumClients: 8)

    @Test(arguments: [
        "not json at all", "{\"command\":", "[\"say\",\"next\"]", "{\"arguments\":[\"next\"]}", "{\"command\":\"say\",\"arguments\":[1,2]}",
        "{\"v\":9,\"command\":\"say\"}", "\u{00}\u{01}\u{02}", "{\"command\":\"say\"} trailing",
    ])
    func aMalformedLineGetsAnErrorAndTheConnectionStaysUsable(_ line: String) throws {
        let fixture = try ServerFixture(limits: Self.quick)
        let connection = try RawConnection(path: fixture.path)
        connection.send(line + "\n")
        let answer = try #require(connection.response())
        #expect(answer.status == ControlResponse.rejectedStatus)
        #expect(answer.error.hasPrefix("cdchanger: the player refused the request: "))
        connection.send(ControlWire.encode(.say(["after"])))
        #expect(connection.response()?.output == "after\n")
        #expect(fixture.requests.withLock { $0 } == [.say(["after"])])
    }

    @Test func invalidUTF8IsRefused() throws {
        let fixture = try ServerFixture(limits: Self.quick)
        let connection = try RawConnection(path: fixture.path)
        connection.send(Array(#"{"command":"say","arguments":[""#.utf8) + [0xC3, 0x28] + Array("\"]}\n".utf8))
        #expect(connection.response()?.status == ControlResponse.rejectedStatus)
    }

    @Test func anOversizedLineIsRefusedAndTheServerKeepsServing() throws {
        let fixture = try ServerFixture(limits: Self.quick)
        let connection = try RawConnection(path: fixture.path)
        // 10 MB without a newline; the server stops reading at its limit, answers and hangs up,
        // so the rest of the write fails: that is expected.
        let socket = connection.socket
        let sender = Thread {
            _ = socket.sendAll([UInt8](repeating: UInt8(ascii: "x"), count: 10 * 1024 * 1024), until: Deadline(after: 3))
        }
        sender.start()
        let answer = try #require(connection.response(timeout: 5))
        #expect(answer.status == ControlResponse.rejectedStatus)
        #expect(answer.error.contains("longer than 65536 bytes"))
        #expect(try ControlClient.send(.say(["still", "here"]), to: fixture.path).output == "still here\n")
        #expect(fixture.requests.withLock { $0 }.count == 1)
    }

    @Test func aLongLineWithANewlineIsRefusedToo() throws {
        let fixture = try ServerFixture(limits: ControlServer.Limits(maximumRequestBytes: 1000, requestTimeout: 1))
        let words = Array(repeating: "word", count: 400)
        #expect(try ControlClient.send(.say(words), to: fixture.path).status == ControlResponse.rejectedStatus)
        #expect(try ControlClient.send(.say(["short"]), to: fixture.path).status == 1)
    }

    @Test func aSilentClientTimesOutWithoutHoldingUpOthers() throws {
        let fixture = try ServerFixture(limits: Self.quick)
        let silent = try RawConnection(path: fixture.path)
        let halfLine = try RawConnection(path: fixture.path)
        halfLine.send(#"{"command":"say","#)
        // Others are served while those two wait.
        let started = Date()
        #expect(try ControlClient.send(.say(["meanwhile"]), to: fixture.path).output == "meanwhile\n")
        #expect(Date().timeIntervalSince(started) < 0.4)
        for connection in [silent, halfLine] {
            let answer = try #require(connection.response(timeout: 3))
            #expect(answer.status == ControlResponse.rejectedStatus)
            #expect(answer.error.contains("no whole request line"))
            #expect(connection.next(timeout: 3) == .end)
        }
    }

    @Test func tooManyClientsAtOnceAreToldToTryAgain() throws {
        let fixture = try ServerFixture(limits: ControlServer.Limits(requestTimeout: 2, maximumClients: 2))
        let first = try RawConnection(path: fixture.path)
        let second = try RawConnection(path: fixture.path)
        usleep(100_000)  // both admitted
        let third = try RawConnection(path: fixture.path)
        let answer = try #require(third.response(timeout: 2))
        #expect(answer.status == ControlResponse.rejectedStatus)
        #expect(answer.error.contains("too many clients"))
        withExtendedLifetime([first, second]) {}
    }

    @Test("clients that connect and say nothing give their places to a newcomer, oldest first, and are told why")
    func idleClientsGiveTheirPlaces() throws {
        let fixture = try ServerFixture()  // the player's limits: 16 places, 0.25 s of grace
        let idle = try (0..<16).map { _ in try RawConnection(path: fixture.path) }
        usleep(400_000)
        let started = Date()
        let response = try ControlClient.send(.say(["still", "here"]), to: fixture.path, timeout: 2)
        #expect(response.output == "still here\n")
        #expect(Date().timeIntervalSince(started) < 1, "the newcomer waited \(Date().timeIntervalSince(started)) s")
        let told = try #require(idle[0].response(timeout: 2), "the oldest idle client is told why it lost its place")
        #expect(told.status == ControlResponse.rejectedStatus)
        #expect(told.error.contains("another client took the place"))
        #expect(idle[0].next(timeout: 2) == .end)
        // The others keep their places and are served when they ask.
        idle[1].send(ControlWire.encode(.say(["second"])))
        #expect(idle[1].response()?.output == "second\n")
    }

    @Test("a client that is being answered keeps its place; with nobody idle long enough, a newcomer is told to try again")
    func busyClientsKeepTheirPlaces() throws {
        let fixture = try ServerFixture(limits: ControlServer.Limits(maximumClients: 1, idleGrace: 0.1)) { request in
            usleep(600_000)
            return ServerFixture.echo(request)
        }
        let busy = try RawConnection(path: fixture.path)
        busy.send(ControlWire.encode(.say(["slow"])))
        usleep(200_000)
        let newcomer = try RawConnection(path: fixture.path)
        #expect(newcomer.response(timeout: 2)?.error.contains("too many clients") == true)
        #expect(busy.response()?.output == "slow\n")
    }

    @Test("stopping the server still delivers an answer that is being made")
    func anAnswerInTheMakingIsDeliveredOnStop() throws {
        let fixture = try ServerFixture { request in
            usleep(400_000)
            return ServerFixture.echo(request)
        }
        let connection = try RawConnection(path: fixture.path)
        let waiting = try RawConnection(path: fixture.path)
        connection.send(ControlWire.encode(.say(["stop"])))
        usleep(150_000)
        #expect(fixture.server.stop(timeout: 2))
        #expect(connection.response(timeout: 2)?.output == "stop\n")
        #expect(waiting.next(timeout: 2) == .end, "a client waiting for nothing in particular is let go")
    }

    @Test func aFuzzLoopOfRandomMessagesNeverStopsTheServer() throws {
        let fixture = try ServerFixture(limits: ControlServer.Limits(maximumRequestBytes: 4096, requestTimeout: 0.5, maximumClients: 8))
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let fragments = ["{", "}", "[", "]", "\"", ":", ",", "command", "say", "\\", "\\u", "d83d", "null", "1e999", "-", "\u{00}", "💿", " ", "\"v\"", "9"]
        var rejected = 0, answered = 0
        for round in 0..<300 {
            let connection = try RawConnection(path: fixture.path)
            var bytes: [UInt8]
            switch round % 4 {
            case 0:  // random bytes
                bytes = (0..<Int.random(in: 1...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 1:  // JSON-ish fragments
                bytes = Array((0..<Int.random(in: 1...40, using: &generator)).map { _ in fragments.randomElement(using: &generator)! }.joined().utf8)
            case 2:  // a valid request with a byte flipped
                bytes = Array(ControlWire.encode(.say(["play", "disc", "3"])).utf8.dropLast())
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            default:  // too long
                bytes = [UInt8](repeating: UInt8(ascii: "{"), count: 5000)
            }
            bytes.removeAll { $0 == UInt8(ascii: "\n") }
            connection.send(bytes + [UInt8(ascii: "\n")])
            if round % 10 == 0 {
                continue  // hang up without reading the answer
            }
            let answer = try #require(connection.response(timeout: 3), "round \(round) got no answer")
            if answer.status == ControlResponse.rejectedStatus { rejected += 1 } else { answered += 1 }
        }
        #expect(rejected > 200)
        #expect(try ControlClient.send(.say(["survived"]), to: fixture.path).output == "survived\n")
        _ = answered
    }
}
