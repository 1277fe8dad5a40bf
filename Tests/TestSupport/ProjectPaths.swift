import Foundation

/// Where the tests find the project's files and the built `cdchanger` binary.
public enum ProjectPaths {
    /// The repository's top folder (found from this source file's location).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled demo library.
    public static let demoLibrary = root.appendingPathComponent("Assets/DemoLibrary")

    /// The `cdchanger` binary built next to the running test bundle (`swift test` builds it too).
    public static var binary: String {
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testExecutable.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("cdchanger")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            folder = folder.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/cdchanger").path
    }
}

/// Runs the built `cdchanger` with a private state folder and music folder, and no inherited
/// settings from the environment (so a developer's own magazines are never touched).
public func runChanger(_ arguments: [String], stateDirectory: String, library: String, input: String? = nil, extraEnvironment: [String: String] = [:]) throws -> ProcessResult {
    var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": stateDirectory, "LANG": "C.UTF-8"]
    environment.merge(extraEnvironment) { _, new in new }
    return try runProcess(ProjectPaths.binary, ["--state-dir", stateDirectory, "--library", library] + arguments, environment: environment, input: input)
}
