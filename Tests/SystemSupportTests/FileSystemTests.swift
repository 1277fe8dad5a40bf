import Foundation
import Glibc
import SystemSupport
import Testing

@Suite("File-system calls on paths")
struct FileSystemTests {
    /// A fresh folder, removed afterwards.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cdc-system-\(UUID().uuidString.prefix(8))").path
        init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test("the status of a file, a folder and a symbolic link")
    func statuses() throws {
        let folder = Folder()
        let file = folder.path + "/song.mp3"
        try Data(repeating: 7, count: 1234).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o640)
        symlink(file, folder.path + "/link")

        let status = try FileSystem.status(of: file, followingLinks: true)
        #expect(status.kind == .regularFile && status.isRegularFile && !status.isDirectory)
        #expect(status.size == 1234)
        #expect(status.permissions == 0o640)
        #expect(status.owner == geteuid())
        #expect(status.modificationNanoseconds > 0)
        #expect(FileSystem.status(of: folder.path)?.isDirectory == true)
        #expect(try FileSystem.status(of: folder.path + "/link", followingLinks: false).kind == .symbolicLink)
        let followed = try FileSystem.status(of: folder.path + "/link", followingLinks: true)
        #expect(followed.inode == status.inode && followed.device == status.device)
    }

    @Test("a missing path: nil, or an error that says which call failed for which path")
    func missing() {
        let path = "/nonexistent-\(UUID().uuidString)"
        #expect(FileSystem.status(of: path) == nil)
        #expect(throws: SystemCallError(call: "lstat", code: ENOENT, path: path)) {
            try FileSystem.status(of: path, followingLinks: false)
        }
        #expect(FileSystem.entries(of: path) == .failure(SystemCallError(call: "opendir", code: ENOENT, path: path)))
    }

    @Test("a folder's entries, names that are not UTF-8 included, without . and ..")
    func entries() throws {
        let folder = Folder()
        let odd: [UInt8] = [0x43, 0x61, 0x66, 0xE9]  // "Caf" and a Latin-1 é
        let oddPath = Array(folder.path.utf8) + [UInt8(ascii: "/")] + odd
        let descriptor = oddPath.withCString { open($0, O_CREAT | O_WRONLY, 0o600) }
        #expect(descriptor >= 0)
        close(descriptor)
        mkdir(folder.path + "/Album", 0o700)

        let names = try FileSystem.entries(of: folder.path).get()
        #expect(Set(names) == [odd, Array("Album".utf8)])
        #expect(FileSystem.status(of: oddPath)?.isRegularFile == true)
    }

    @Test("access is checked, and a refusal names the call and the path")
    func access() throws {
        let folder = Folder()
        let file = folder.path + "/notes.txt"
        try Data("hi".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        try FileSystem.checkAccess(file, for: [.read, .write])
        // Not even root may execute a file with no execute bit.
        #expect(throws: SystemCallError(call: "access", code: EACCES, path: file)) {
            try FileSystem.checkAccess(file, for: .execute)
        }
    }
}
