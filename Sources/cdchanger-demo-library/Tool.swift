import Foundation

/// The command-line tools the build runs, and the few numbers it reads back from them.
enum Tool {
    /// Why a tool failed, with what it said.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (the first looked up in PATH) and returns its standard output and error;
    /// throws when it exits with a failure.
    @discardableResult
    static func run(_ arguments: [String], failingOnError: Bool = true) throws -> (output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // Standard error goes to a file, so a talkative tool can't stall on a full pipe while
        // standard output is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("demo-library-\(getpid())-stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else { throw Failure(description: "can't write \(errorFile.path)") }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardError = errorHandle
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let errorData = (try? Data(contentsOf: errorFile)) ?? Data()
        let result = (String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        guard process.terminationStatus == 0 || !failingOnError else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed:\n\(result.1)")
        }
        return result
    }

    /// sox with its repeatable noise and dither (-R); any clipping warning is a failure.
    static func sox(_ arguments: [String]) throws {
        let (_, error) = try run(["sox", "-R"] + arguments)
        if error.contains("clipped") { throw Failure(description: "sox clipped: sox \(arguments.joined(separator: " "))\n\(error)") }
        if !error.isEmpty { FileHandle.standardError.write(Data(error.utf8)) }
    }

    /// Samples per channel of an audio file (`sox --i -s`).
    static func samples(_ path: String) throws -> Int {
        try integer(["sox", "--i", "-s", path])
    }

    static func rate(_ path: String) throws -> Int {
        try integer(["sox", "--i", "-r", path])
    }

    static func channels(_ path: String) throws -> Int {
        try integer(["sox", "--i", "-c", path])
    }

    /// The RMS and peak level in dBFS (`sox FILE -n [effects] stats`).
    static func levels(_ path: String, _ effects: [String] = []) throws -> (rms: String, peak: String) {
        let (_, report) = try run(["sox", path, "-n"] + effects + ["stats"])
        func field(_ name: String) -> String {
            // "RMS lev dB   -25.28  -25.30  -25.26": the overall value, then each channel's.
            let words = report.split(separator: "\n").first { $0.hasPrefix(name) }?.split(separator: " ") ?? []
            return words.count > 3 ? String(words[3]) : "?"
        }
        return (field("RMS lev dB"), field("Pk lev dB"))
    }

    private static func integer(_ arguments: [String]) throws -> Int {
        let text = try run(arguments).output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let value = Int(text) else { throw Failure(description: "\(arguments.joined(separator: " ")) printed \(text)") }
        return value
    }
}
