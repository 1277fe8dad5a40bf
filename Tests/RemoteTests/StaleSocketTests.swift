import Foundation
import Testing
import TestSupport
@testable import Remote

/// A socket file left by a player that died is detected and replaced.
@Suite struct StaleSocketTests {
    @Test func aSocketNobodyAnswersOnIsReplaced() throws {
        let temporary = TemporaryFolder("cdc-stale")
        let path = temporary.path + "/run/control.sock"
        try leaveStaleSocket(at: path)
        #expect(throws: ControlSocketError.noPlayer(path: path)) { try ControlClient.send(.ping, to: path) }

        let server = ControlServer(path: path) { ServerFixture.echo($0) }
        try server.start()
        defer { server.stop() }
        #expect(fileMode(path)?.mode == 0o600)
        #expect(try ControlClient.send(.say(["fresh"]), to: path).output == "fresh\n")
    }

    @Test func aPlayerKilledWithoutCleaningUpLeavesASocketTheNextOneReplaces() throws {
        // A real crash: a child process listens on the socket and is killed with SIGKILL.
        let temporary = TemporaryFolder("cdc-crash")
        let path = temporary.path + "/run/control.sock"
        try FileManager.default.createDirectory(atPath: temporary.path + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try which("python3"))
        child.arguments = ["-c", """
            import socket, fcntl, os, time
            lock = open('\(path).lock', 'w'); fcntl.flock(lock, fcntl.LOCK_EX); lock.write(str(os.getpid())); lock.flush()
            s = socket.socket(socket.AF_UNIX); s.bind('\(path)'); s.listen(1)
            print('ready', flush=True); time.sleep(60)
            """]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        _ = output.fileHandleForReading.availableData  // "ready"
        // While it lives, it holds the lock: a second player is refused.
        #expect(throws: ControlSocketError.alreadyRunning(path: path, pid: child.processIdentifier)) {
            try ControlServer(path: path) { ServerFixture.echo($0) }.start()
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: path))

        let server = ControlServer(path: path) { ServerFixture.echo($0) }
        try server.start()
        defer { server.stop() }
        #expect(try ControlClient.send(.say(["after", "crash"]), to: path).output == "after crash\n")
    }

    @Test func somethingThatIsNotASocketIsLeftAlone() throws {
        let temporary = TemporaryFolder("cdc-file")
        let folder = temporary.folder("run")
        chmod(folder.path, 0o700)
        let path = folder.path + "/control.sock"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ControlSocketError.notASocket(path: path)) {
            try ControlServer(path: path) { ServerFixture.echo($0) }.start()
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        #expect(throws: ControlSocketError.notASocket(path: path)) { try ControlClient.send(.ping, to: path) }
    }
}

func fileInode(_ path: String) -> ino_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_ino : nil
}
