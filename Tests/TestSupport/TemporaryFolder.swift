import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    // Immutable after init; the only mutation is the removal in deinit, when no one else holds it.
    public let url: URL

    public init(_ label: String = "cdchanger-test") {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        self.url = url
    }

    deinit {
        // Folders made unreadable by a test must become readable again to be removed.
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", url.path]).waitUntilExit()
        try? FileManager.default.removeItem(at: url)
    }

    public var path: String { url.path }

    /// A path inside the folder; parent folders are created.
    public func file(_ relative: String) -> URL {
        let file = url.appendingPathComponent(relative)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }

    /// Creates a subfolder (and its parents) and returns it.
    @discardableResult
    public func folder(_ relative: String) -> URL {
        let folder = url.appendingPathComponent(relative)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
