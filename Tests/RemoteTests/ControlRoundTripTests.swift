import Foundation
import Synchronization
import Testing
@testable import Remote

/// A request from `ControlClient` reaches the app's handler and its answer comes back whole.
@Suite struct ControlRoundTripTests {
    @Test(arguments: [
        ControlRequest.say(["play", "road", "trip"]),
        ControlRequest.say(["next"], json: true),
        ControlRequest.status(json: true),
        ControlRequest.magazine(["rename", "Road Trip", "Night Drive"]),
    ])
    func theHandlerAnswersEachCommand(_ request: ControlRequest) throws {
        let fixture = try ServerFixture()
        let response = try ControlClient.send(request, to: fixture.path)
        #expect(response == ServerFixture.echo(request))
        #expect(fixture.requests.withLock { $0 } == [request])
    }

    @Test func pingIsAnsweredByTheServerWithItsProcessID() throws {
        let fixture = try ServerFixture()
        let response = try ControlClient.send(.ping, to: fixture.path)
        #expect(response.status == 0)
        #expect(response.output == "pong")
        #expect(response.payload == #"{"pid":\#(getpid())}"#)
        #expect(fixture.requests.withLock { $0 }.isEmpty)
    }

    @Test func largeAnswersAndUnicodeArriveIntact() throws {
        let text = String(repeating: "Ünïcödé 💿 \"quoted\"\n", count: 50_000)
        let fixture = try ServerFixture { _ in ControlResponse(status: 0, output: text, error: "tab\there") }
        let response = try ControlClient.send(.status(), to: fixture.path)
        #expect(response.output == text)
        #expect(response.error == "tab\there")
    }

    @Test func oneConnectionMayAskSeveralTimes() throws {
        let fixture = try ServerFixture()
        let connection = try RawConnection(path: fixture.path)
        connection.send(ControlWire.encode(.say(["one"])) + ControlWire.encode(.say(["two", "three"])))
        #expect(connection.response()?.output == "one\n")
        #expect(connection.response()?.output == "two three\n")
        connection.send(ControlWire.encode(.ping))
        #expect(connection.response()?.output == "pong")
    }

    @Test func aRequestWithoutAFinalNewlineIsAnsweredAtTheEnd() throws {
        let fixture = try ServerFixture()
        let connection = try RawConnection(path: fixture.path)
        connection.send(#"{"command":"say","arguments":["hello"]}"#)
        shutdown(connection.socket.descriptor, Int32(SHUT_WR))
        #expect(connection.response()?.output == "hello\n")
        #expect(connection.next() == .end)
    }

    @Test func manyClientsAtOnceAreAllAnswered() async throws {
        let fixture = try ServerFixture { request in
            usleep(20_000)  // a handler that takes a while, as one that waits for the main loop does
            return ServerFixture.echo(request)
        }
        let path = fixture.path
        let answers = try await withThrowingTaskGroup(of: (Int, ControlResponse).self) { group in
            for index in 0..<12 {
                group.addTask { (index, try ControlClient.send(.say(Array(repeating: "w", count: index)), to: path)) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for index in 0..<12 {
            #expect(answers[index]?.status == Int32(index))
        }
    }

    @Test func aSlowHandlerTimesTheClientOut() throws {
        let fixture = try ServerFixture { request in
            usleep(800_000)
            return ServerFixture.echo(request)
        }
        #expect(throws: ControlSocketError.timedOut(path: fixture.path, seconds: 0.2)) {
            try ControlClient.send(.say(["slow"]), to: fixture.path, timeout: 0.2)
        }
        // The server is unharmed.
        #expect(try ControlClient.send(.ping, to: fixture.path).output == "pong")
    }

    @Test func theServerCanBeRestartedAfterStopping() throws {
        let fixture = try ServerFixture()
        fixture.server.stop()
        try fixture.server.start()
        #expect(fixture.server.isRunning)
        #expect(try ControlClient.send(.say(["again"]), to: fixture.path).output == "again\n")
    }

    @Test func stopDoesNotWaitForeverForAHandlerStuckInTheApp() throws {
        let entered = Atomic(false), release = Atomic(false)
        let fixture = try ServerFixture { request in
            // Like `mailbox.sync` while the main loop is the one calling stop().
            entered.store(true, ordering: .releasing)
            while !release.load(ordering: .acquiring) { usleep(10_000) }
            return ServerFixture.echo(request)
        }
        let path = fixture.path
        let caller = Thread { _ = try? ControlClient.send(.say(["stuck"]), to: path) }
        caller.start()
        while !entered.load(ordering: .acquiring) { usleep(10_000) }
        let started = Date()
        #expect(!fixture.server.stop(timeout: 0.3))
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(!FileManager.default.fileExists(atPath: path))
        release.store(true, ordering: .releasing)
    }
}
