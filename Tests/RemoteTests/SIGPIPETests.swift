import Foundation
import Testing
@testable import Remote

/// A client that hangs up while the answer is being written costs the server an `EPIPE`, never
/// a `SIGPIPE` that would kill the player.
@Suite(.serialized) struct SIGPIPETests {
    @Test func aClientThatDisconnectsMidResponseDoesNotKillTheProcess() throws {
        // Make SIGPIPE deadly again for the test (libraries may have set it to be ignored), so
        // only the server's own MSG_NOSIGNAL protects this process.
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }

        let big = String(repeating: "A", count: 8 * 1024 * 1024)
        let fixture = try ServerFixture { request in
            ControlResponse(status: 0, output: request.arguments.first == "big" ? big : "small")
        }
        for _ in 0..<5 {
            let connection = try RawConnection(path: fixture.path)
            connection.send(ControlWire.encode(.say(["big"])))
            // Read a little of the answer, then vanish while the server is still writing.
            _ = connection.socket.wait(for: Int16(POLLIN), until: Deadline(after: 2))
            var some = [UInt8](repeating: 0, count: 1024)
            _ = some.withUnsafeMutableBytes { recv(connection.socket.descriptor, $0.baseAddress, $0.count, 0) }
        }
        usleep(200_000)
        #expect(try ControlClient.send(.say(["small"]), to: fixture.path).output == "small")
    }
}
