import Foundation
import Testing

/// A dbus-daemon of the test's own, so tests never touch the developer's session bus and can
/// run side by side: each gets its own address, passed explicitly to the service and clients.
///
/// The daemon runs in the foreground as the test's child (`--nofork`), so it is reaped; it is
/// stopped with SIGKILL because children of the test process inherit a signal mask that blocks
/// SIGTERM.
public final class PrivateBus: Sendable {
    /// The MPRIS bus name CD Changer asks for.
    public static let mprisName = "org.mpris.MediaPlayer2.cdchanger"

    public let address: String
    private let folder = TemporaryFolder("cdc-bus")
    private let daemon: Process

    public init() throws {
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: try which("dbus-daemon"))
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1", "--address=unix:path=\(folder.path)/bus"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // The first line is the address, printed once the daemon listens.
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        guard let line = String(decoding: printed, as: UTF8.self).split(separator: "\n").first, line.hasPrefix("unix:") else {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
            throw BusStartFailure(message: "dbus-daemon did not print its address")
        }
        address = String(line)
        self.daemon = daemon
    }

    deinit {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
    }

    /// The environment for a client program on this bus (and no other).
    public var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    /// Runs `program` with this bus as its session bus.
    public func run(_ program: String, _ arguments: [String]) throws -> ProcessResult {
        try runProcess(program, arguments, environment: environment)
    }

    /// `playerctl -p cdchanger …` on this bus; its standard output without the final newline.
    public func playerctl(_ arguments: String...) throws -> ProcessResult {
        try playerctl(arguments)
    }

    public func playerctl(_ arguments: [String]) throws -> ProcessResult {
        var result = try run("playerctl", ["-p", "cdchanger"] + arguments)
        if result.output.hasSuffix("\n") { result.output.removeLast() }
        return result
    }

    /// `gdbus call` on the MPRIS object of `name`: `method` is `interface.Member`, arguments are
    /// GVariant text. Standard output without the final newline.
    public func call(_ method: String, _ arguments: String..., name: String = PrivateBus.mprisName) throws -> ProcessResult {
        var result = try run("gdbus", ["call", "--session", "--dest", name, "--object-path", "/org/mpris/MediaPlayer2", "--method", method] + arguments)
        if result.output.hasSuffix("\n") { result.output.removeLast() }
        return result
    }

    /// Runs a `playerctl -p cdchanger …` command that must succeed.
    public func control(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try playerctl(arguments)
        #expect(result.status == 0, "playerctl \(arguments.joined(separator: " ")): \(result.error)", sourceLocation: sourceLocation)
    }

    /// The names on the bus (`org.freedesktop.DBus.ListNames`).
    public func names() throws -> [String] {
        let result = try run("dbus-send", ["--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames"])
        return result.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { $0.contains(".") || $0.hasPrefix(":") }
    }
}

/// The test's dbus-daemon could not be started.
public struct BusStartFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
