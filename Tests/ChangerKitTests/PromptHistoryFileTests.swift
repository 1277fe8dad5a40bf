import ChangerKit
import Foundation
import Testing
import TestSupport

/// The prompt bar's history in the state folder: bounded, one sentence a line, written atomically,
/// and anything odd in it read without harm.
struct PromptHistoryFileTests {
    static func file(limit: Int = 3) -> (PromptHistoryFile, TemporaryFolder) {
        let folder = TemporaryFolder("cdc-history")
        return (PromptHistoryFile(stateFile: StateFile(directory: folder.url.appendingPathComponent("state")), limit: limit), folder)
    }

    @Test func savedSentencesComeBackOldestFirst() throws {
        let (history, folder) = Self.file()
        #expect(history.load().isEmpty)
        try history.save(["play disc 3", "next song"])
        #expect(history.load() == ["play disc 3", "next song"])
        #expect(try String(contentsOf: history.url, encoding: .utf8) == "play disc 3\nnext song\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state")
        #expect(names == ["prompt-history"], "no temporary file is left: \(names)")
    }

    @Test func onlyTheNewestAreKept() throws {
        let (history, _) = Self.file(limit: 3)
        try history.save(["a", "b", "c", "d", "e"])
        #expect(history.load() == ["c", "d", "e"])
        try Data("1\n2\n3\n4\n5\n\n".utf8).write(to: history.url)
        #expect(history.load() == ["3", "4", "5"])
    }

    @Test func aLineBreakInASentenceNeverSplitsIt() throws {
        let (history, _) = Self.file()
        try history.save(["play\ndisc 3", "one\r\ntwo"])
        #expect(history.load() == ["play disc 3", "one two"])
    }

    @Test func oddContentIsReadWithoutHarm() throws {
        let (history, _) = Self.file(limit: 10)
        try FileManager.default.createDirectory(at: history.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0x70, 0x6C, 0x61, 0x79, 0xFF, 0x0A, 0x20, 0x0A, 0x0D, 0x0A, 0x6F, 0x6B]).write(to: history.url)
        #expect(history.load() == ["play\u{FFFD}", "ok"])
    }

    @Test func aFolderThatCantBeWrittenIsAClearError() throws {
        let folder = TemporaryFolder("cdc-history")
        try Data("not a folder".utf8).write(to: folder.url.appendingPathComponent("state"))
        let history = PromptHistoryFile(stateFile: StateFile(directory: folder.url.appendingPathComponent("state")), limit: 5)
        #expect(throws: StateError.self) { try history.save(["play disc 3"]) }
    }
}
