import Foundation
import Testing
import TestSupport
@testable import Remote

/// The client tells "no player is running" apart from other failures.
@Suite struct NoPlayerTests {
    @Test func noFolderMeansNoPlayer() {
        let temporary = TemporaryFolder("cdc-none")
        let path = temporary.path + "/missing/control.sock"
        #expect(throws: ControlSocketError.noPlayer(path: path)) { try ControlClient.send(.say(["next"]), to: path) }
    }

    @Test func noSocketFileMeansNoPlayer() {
        let temporary = TemporaryFolder("cdc-none")
        let folder = temporary.folder("run")
        chmod(folder.path, 0o700)
        let path = folder.path + "/control.sock"
        #expect(throws: ControlSocketError.noPlayer(path: path)) { try ControlClient.send(.status(), to: path) }
    }

    @Test func aStaleSocketMeansNoPlayer() throws {
        let temporary = TemporaryFolder("cdc-none")
        let path = temporary.path + "/run/control.sock"
        try leaveStaleSocket(at: path)
        do {
            _ = try ControlClient.send(.ping, to: path)
            Issue.record("a stale socket answered")
        } catch {
            #expect(error.isNoPlayer)
            #expect(error.description.hasPrefix("No CD Changer player is running"))
        }
    }

    @Test func otherFailuresAreNotNoPlayer() {
        #expect(!ControlSocketError.timedOut(path: "/x", seconds: 1).isNoPlayer)
        #expect(!ControlSocketError.notASocket(path: "/x").isNoPlayer)
        #expect(!ControlSocketError.badResponse(path: "/x", reason: "r").isNoPlayer)
    }

    @Test func aPeerThatHangsUpWithoutAnsweringIsABadResponse() throws {
        let temporary = TemporaryFolder("cdc-mute")
        let path = temporary.path + "/run/control.sock"
        try FileManager.default.createDirectory(atPath: temporary.path + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let listener = try UnixSocket(path: path)
        try listener.bind(to: path)
        try listener.listen(backlog: 4, path: path)
        let hangUp = Thread {
            var entry = pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 5000)
            let client = listener.accept()
            usleep(50_000)
            _ = client  // closed here, without a word
        }
        hangUp.start()
        #expect {
            try ControlClient.send(.ping, to: path)
        } throws: { error in
            guard case .badResponse(_, let reason)? = error as? ControlSocketError else { return false }
            return reason.contains("without answering")
        }
    }
}
