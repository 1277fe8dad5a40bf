import Foundation
import Testing
import TestSupport
@testable import Remote

/// A second player on the same socket is refused with `alreadyRunning`, and the first one is untouched.
@Suite struct SecondServerTests {
    @Test func aSecondServerIsRefusedWithTheFirstOnesPid() throws {
        let fixture = try ServerFixture()
        let inode = fileInode(fixture.path)
        let second = ControlServer(path: fixture.path) { _ in ControlResponse(status: 99) }
        #expect(throws: ControlSocketError.alreadyRunning(path: fixture.path, pid: getpid())) { try second.start() }
        #expect(!second.isRunning)
        #expect(fileInode(fixture.path) == inode)
        #expect(try ControlClient.send(.say(["still", "first"]), to: fixture.path).status == 2)
        second.stop()  // stopping a server that never started must not remove the first one's socket
        #expect(fileInode(fixture.path) == inode)
    }

    @Test func theMessageNamesThePid() {
        let error = ControlSocketError.alreadyRunning(path: "/run/user/1000/cdchanger/control.sock", pid: 4242)
        #expect(error.description.hasPrefix("A CD Changer player is already running (pid 4242)"))
    }

    @Test func aLiveListenerWithoutTheLockIsAlsoAPlayer() throws {
        // Someone answers on the socket though nobody holds the lock (a build from before the lock).
        let temporary = TemporaryFolder("cdc-foreign")
        let path = temporary.path + "/run/control.sock"
        try FileManager.default.createDirectory(atPath: temporary.path + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let listener = try UnixSocket(path: path)
        try listener.bind(to: path)
        try listener.listen(backlog: 4, path: path)
        #expect(throws: ControlSocketError.alreadyRunning(path: path, pid: getpid())) {
            try ControlServer(path: path) { ServerFixture.echo($0) }.start()
        }
        #expect(fileMode(path)?.isSocket == true)
    }

    @Test func afterTheFirstStopsASecondMayStart() throws {
        let fixture = try ServerFixture()
        fixture.server.stop()
        let second = ControlServer(path: fixture.path) { _ in ControlResponse(status: 7) }
        try second.start()
        defer { second.stop() }
        #expect(try ControlClient.send(.status(), to: fixture.path).status == 7)
    }
}
