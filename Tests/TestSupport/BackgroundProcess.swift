import Foundation
import Synchronization

/// A program running in the background during a test: its output is collected as it comes, the
/// test can wait for a line, send signals, and wait for it to end. Killed when the value goes away.
public final class BackgroundProcess: Sendable {
    private let process: Process
    private let collected = Collected()

    /// What the program printed so far, shared with the pipes' reading threads.
    private final class Collected: Sendable {
        let text = Mutex<(output: String, error: String)>(("", ""))
    }

    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        let collected = self.collected
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.text.withLock { $0.output += String(decoding: data, as: UTF8.self) }
        }
        error.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.text.withLock { $0.error += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        self.process = process
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    public var output: String { collected.text.withLock { $0.output } }
    public var error: String { collected.text.withLock { $0.error } }
    public var isRunning: Bool { process.isRunning }
    public var pid: Int32 { process.processIdentifier }

    /// Waits until standard output (or error) contains `text`; false after `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, inError: Bool = false, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout) { (inError ? self.error : self.output).contains(text) }
    }

    /// Sends a signal (SIGINT, SIGTERM, SIGHUP…).
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the program to end and returns its exit status; nil if it is still running after `timeout`.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        guard waitUntil(timeout: timeout, { !self.process.isRunning }) else { return nil }
        process.waitUntilExit()
        // Let the pipes' last bytes arrive.
        usleep(50_000)
        return process.terminationStatus
    }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass.
public func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
