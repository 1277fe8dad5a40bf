import Foundation
import Testing
import TestSupport

/// A small tmpfs the test mounts as the state folder, so it can fill the disk or make it read-only.
final class SmallDisk {
    let mountPoint = TemporaryFolder("cdc-disk")
    private var mounted = false

    init(kilobytes: Int) throws {
        let result = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", mountPoint.path])
        guard result.status == 0 else { throw FixtureError(message: "mount failed: \(result.error)") }
        mounted = true
    }

    deinit {
        if mounted { _ = try? runProcess("/bin/umount", ["-l", mountPoint.path]) }
    }

    var path: String { mountPoint.path }

    /// Fills the disk with one file until writing fails.
    func fill() throws {
        _ = try runProcess("/bin/dd", ["if=/dev/zero", "of=\(path)/filler", "bs=1k"])
    }

    func empty() throws {
        try FileManager.default.removeItem(atPath: path + "/filler")
    }

    func remount(readOnly: Bool) throws {
        let result = try runProcess("/bin/mount", ["-o", "remount,\(readOnly ? "ro" : "rw")", path])
        guard result.status == 0 else { throw FixtureError(message: "remount failed: \(result.error)") }
    }

    /// Whether this machine lets the tests mount a tmpfs (root with CAP_SYS_ADMIN).
    static let isAvailable: Bool = (try? SmallDisk(kilobytes: 64)) != nil
}

@Suite("A full or read-only disk loses nothing", .serialized, .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
struct StorageFaultTests {
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case diskFull, readOnly
        var testDescription: String { rawValue }
    }

    @Test("the player keeps running, says it can't save, keeps the change and saves it once it can", arguments: Fault.allCases)
    func unsavableChangesAreKept(fault: Fault) throws {
        let disk = try SmallDisk(kilobytes: 256)
        let runtime = TemporaryFolder("cdc-run")
        chmod(runtime.path, 0o700)
        let environment = ["HOME": disk.path, "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": runtime.path,
                           "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                           "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runtime.path)/no-bus"]
        let common = ["--state-dir", disk.path, "--library", ProjectPaths.demoLibrary.path]
        let player = try BackgroundProcess(ProjectPaths.binary, common + ["play", "--disc", "1", "--output", "null"], environment: environment)
        #expect(player.waitFor("track 1/4"))
        let stateURL = URL(fileURLWithPath: disk.path + "/state.json")
        let before = try Data(contentsOf: stateURL)

        switch fault {
        case .diskFull: try disk.fill()
        case .readOnly: try disk.remount(readOnly: true)
        }
        let created = try runProcess(ProjectPaths.binary, common + ["magazine", "create", "Kept"], environment: environment)
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.contains("Created Kept"))
        #expect(created.error.contains("keeps the change"), "\(created.error)")
        #expect(created.error.contains(fault == .diskFull ? "No space left" : "Read-only"), "\(created.error)")
        #expect(player.waitFor("will be saved when possible", inError: true))
        #expect(player.isRunning)
        // The running player has the change; the file on disk is untouched and still valid.
        #expect(try runProcess(ProjectPaths.binary, common + ["say", "play kept"], environment: environment).output.contains("Kept has no disc to play"))
        #expect(try Data(contentsOf: stateURL) == before)

        switch fault {
        case .diskFull: try disk.empty()
        case .readOnly: try disk.remount(readOnly: false)
        }
        #expect(player.waitFor("Saved the changes that could not be saved before.", inError: true))
        let saved = try String(contentsOf: stateURL, encoding: .utf8)
        #expect(saved.contains("\"Kept\""))
        player.send(SIGINT)
        #expect(player.waitForExit() == 0)
    }

    @Test("without a player, an edit the disk refuses says so, exits 1 and leaves the saved state as it was")
    func commandWithoutPlayer() throws {
        let disk = try SmallDisk(kilobytes: 256)
        let common = ["--state-dir", disk.path, "--library", ProjectPaths.demoLibrary.path]
        let environment = ["HOME": disk.path, "LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        #expect(try runProcess(ProjectPaths.binary, common + ["magazine", "list"], environment: environment).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: disk.path + "/state.json"))
        try disk.fill()
        let result = try runProcess(ProjectPaths.binary, common + ["magazine", "create", "Lost"], environment: environment)
        #expect(result.status == 1)
        #expect(result.error.contains("The change was not saved"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: disk.path + "/state.json")) == before)
    }
}
