#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// The prompt bar's earlier sentences, kept between runs in the state folder (`prompt-history`):
/// one sentence a line, oldest first, at most `limit` of them, rewritten atomically after each new
/// sentence so that a crash or a power cut leaves the old list or the new one, never half of one.
public struct PromptHistoryFile: Sendable {
    public let url: URL
    public let limit: Int

    public init(stateFile: StateFile, limit: Int) {
        url = stateFile.directory.appendingPathComponent("prompt-history")
        self.limit = limit
    }

    /// The sentences, oldest first: the newest `limit` of them; nothing when there is no file or it
    /// can't be read (a history only saves typing).
    public func load() -> [String] {
        AtomicFile.removeLeftovers(of: url)
        guard let data = try? Data(contentsOf: url) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        return lines.map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }.suffix(limit).map { $0 }
    }

    /// Writes the newest `limit` sentences (line breaks inside one become spaces).
    public func save(_ sentences: [String]) throws(StateError) {
        let lines = sentences.suffix(limit).map { String($0.map { $0.isNewline ? " " : $0 }) }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(Data(lines.map { $0 + "\n" }.joined().utf8), to: url)
        } catch {
            throw .cannotWrite(url.path, reason: "\(error)")
        }
    }
}
