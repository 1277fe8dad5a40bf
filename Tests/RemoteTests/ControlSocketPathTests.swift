import Foundation
import Testing
import TestSupport
@testable import Remote

/// Where the socket lives, and the private folder and mode it gets.
@Suite struct ControlSocketPathTests {
    @Test func usesTheRuntimeFolderWhenTheSessionHasOne() {
        let runtime = TemporaryFolder("cdc-xdg")
        #expect(ControlSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": runtime.path]) == runtime.path + "/cdchanger/control.sock")
        #expect(ControlSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": runtime.path + "/"]) == runtime.path + "/cdchanger/control.sock")
    }

    @Test(arguments: [nil, "", "relative/run", "/nonexistent-cdchanger-runtime"])
    func fallsBackToAPerUserFolderInTmp(_ runtime: String?) {
        let environment = runtime.map { ["XDG_RUNTIME_DIR": $0] } ?? [:]
        #expect(ControlSocket.defaultPath(environment: environment) == "/tmp/cdchanger-\(geteuid())/control.sock")
    }

    @Test func theServerMakesAPrivateFolderAndAPrivateSocket() throws {
        let fixture = try ServerFixture()
        let folder = try #require(fileMode(ControlSocket.folder(of: fixture.path)))
        #expect(folder.mode == 0o700)
        #expect(folder.owner == geteuid())
        let socket = try #require(fileMode(fixture.path))
        #expect(socket.isSocket)
        #expect(socket.mode == 0o600)
        #expect(socket.owner == geteuid())
    }

    @Test func aFolderMadeUnderAWideUmaskIsStill0700() throws {
        let temporary = TemporaryFolder("cdc-umask")
        let path = temporary.path + "/run/control.sock"
        let previous = umask(0)
        defer { umask(previous) }
        try ControlSocket.prepareFolder(for: path)
        #expect(fileMode(temporary.path + "/run")?.mode == 0o700)
    }

    @Test(arguments: [0o755, 0o750, 0o701, 0o707])
    func refusesAFolderOthersCanReach(_ mode: Int) throws {
        let temporary = TemporaryFolder("cdc-open")
        let folder = temporary.folder("run")
        chmod(folder.path, mode_t(mode))
        let server = ControlServer(path: folder.path + "/control.sock") { _ in ControlResponse(status: 0) }
        #expect {
            try server.start()
        } throws: { error in
            guard case .unsafeFolder(let path, let reason)? = error as? ControlSocketError else { return false }
            return path == folder.path && reason.contains("other users can reach it") && reason.contains("chmod 700")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/control.sock"))
    }

    @Test func refusesAFolderThatIsASymbolicLink() throws {
        let temporary = TemporaryFolder("cdc-link")
        let target = temporary.folder("elsewhere")
        chmod(target.path, 0o700)
        symlink(target.path, temporary.path + "/run")
        #expect(throws: ControlSocketError.unsafeFolder(path: temporary.path + "/run", reason: "it is a symbolic link")) {
            try ControlServer(path: temporary.path + "/run/control.sock") { _ in ControlResponse(status: 0) }.start()
        }
    }

    @Test(.enabled(if: geteuid() == 0, "changing a folder's owner needs root"))
    func refusesAFolderOwnedBySomeoneElse() throws {
        let temporary = TemporaryFolder("cdc-owner")
        let folder = temporary.folder("run")
        chmod(folder.path, 0o700)
        chown(folder.path, 65534, 65534)
        let path = folder.path + "/control.sock"
        #expect {
            try ControlServer(path: path) { _ in ControlResponse(status: 0) }.start()
        } throws: { error in
            guard case .unsafeFolder(_, let reason)? = error as? ControlSocketError else { return false }
            return reason.contains("belongs to user 65534")
        }
        // The client will not talk to a player in such a folder either.
        #expect(throws: ControlSocketError.self) { try ControlClient.send(.ping, to: path) }
    }

    @Test func aPathTooLongForASocketAddressIsReported() throws {
        let temporary = TemporaryFolder("cdc-long")
        let folder = temporary.folder(String(repeating: "d", count: 120))
        chmod(folder.path, 0o700)
        let path = folder.path + "/control.sock"
        #expect(throws: ControlSocketError.pathTooLong(path: path)) {
            try ControlServer(path: path) { _ in ControlResponse(status: 0) }.start()
        }
    }

    @Test func stopRemovesTheSocket() throws {
        let fixture = try ServerFixture()
        #expect(FileManager.default.fileExists(atPath: fixture.path))
        #expect(fixture.server.stop())
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
        #expect(throws: ControlSocketError.noPlayer(path: fixture.path)) { try ControlClient.send(.ping, to: fixture.path) }
    }
}
