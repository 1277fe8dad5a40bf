import Foundation
import Testing
import TestSupport

/// A private state folder, runtime folder (for the control socket) and optional D-Bus session bus,
/// for running the real `cdchanger` as a player and talking to it as a user would.
final class PlayerFixture: Sendable {
    let state = TemporaryFolder("cdc-state")
    let runtime = TemporaryFolder("cdc-run")
    let library: String
    let bus: PrivateBus?

    init(library: String = ProjectPaths.demoLibrary.path, bus: Bool = false) throws {
        self.library = library
        self.bus = bus ? try PrivateBus() : nil
        chmod(runtime.path, 0o700)
    }

    var environment: [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": state.path,
            "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": runtime.path,
        ]
        // Without a bus of its own, a player must not find the developer's session bus either.
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus?.address ?? "unix:path=\(runtime.path)/no-bus-here"
        return environment
    }

    /// Starts `cdchanger ARGUMENTS` in the background (e.g. `play --disc 1 --output null`).
    func start(_ arguments: [String]) throws -> BackgroundProcess {
        try BackgroundProcess(ProjectPaths.binary, ["--state-dir", state.path, "--library", library] + arguments, environment: environment)
    }

    /// Starts a headless player and waits until its first track has started.
    func startPlayer(_ arguments: [String] = ["play", "--disc", "1", "--output", "null"]) throws -> BackgroundProcess {
        let player = try start(arguments)
        #expect(player.waitFor("track "), "the player did not start: \(player.error)")
        #expect(waitUntil(timeout: 5) { socketPaths.count == 1 }, "no control socket")
        return player
    }

    /// Runs `cdchanger ARGUMENTS` to completion.
    func run(_ arguments: String...) throws -> ProcessResult {
        try runProcess(ProjectPaths.binary, ["--state-dir", state.path, "--library", library] + arguments, environment: environment)
    }

    /// The control sockets in the runtime folder.
    var socketPaths: [String] {
        let folder = runtime.path + "/cdchanger"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".sock") }.map { folder + "/" + $0 }
    }

    /// The saved state as JSON.
    func savedState() throws -> [String: Any] {
        let data = try Data(contentsOf: state.url.appendingPathComponent("state.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
