import Foundation
import Synchronization

/// What a finished child process printed and returned.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var output: String
    public var error: String
}

/// Runs a program to completion and collects its output. Standard input gets `input` (or nothing).
public func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String? = nil, currentDirectory: String? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : try which(executable))
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let outputPipe = Pipe(), errorPipe = Pipe(), inputPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inputPipe.fileHandleForWriting.close()
    // Read standard error on another thread while the child runs, so a full pipe never blocks it.
    let errorData = Mutex(Data())
    let errorRead = DispatchGroup()
    DispatchQueue.global().async(group: errorRead) {
        let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
        errorData.withLock { $0 = data }
    }
    let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
    errorRead.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData.withLock { $0 }, as: UTF8.self)
    )
}

/// The full path of a program on `PATH`.
public func which(_ program: String) throws -> String {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let candidate = "\(folder)/\(program)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw MissingTool(name: program)
}

/// A program the tests need is not installed.
public struct MissingTool: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "\(name) is not installed (scripts/test.sh installs what the tests need)" }
}
