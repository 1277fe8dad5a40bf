import Foundation
import Testing
import TestSupport

/// The release build of `cdchanger` (what scripts/run.sh builds) links the Swift runtime and
/// FoundationEssentials statically, without ICU (Package.swift), so the player's modules may
/// import FoundationEssentials but never the whole of Foundation: one that does fails to link
/// only in that build, which the tests (debug, dynamic) never make. On 2026-12-06 two new Voice
/// files imported Foundation for `cos` and `log10` and `run.sh` stopped linking; Glibc has them.
@Suite struct FoundationImportTests {
    /// Targets that are not linked into `cdchanger`: development tools.
    static let tools: Set<String> = ["cdchanger-bench", "cdchanger-demo-library"]

    /// Every `.swift` file under Sources/ of a target linked into the player.
    static func playerSources() throws -> [URL] {
        let sources = ProjectPaths.root.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !tools.contains($0) }
        return targets.flatMap { target -> [URL] in
            let folder = sources.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0) }
        }
    }

    @Test("the player's modules import Foundation only where FoundationEssentials cannot be imported")
    func playerModulesImportFoundationEssentials() throws {
        let files = try Self.playerSources()
        #expect(files.count > 100, "found only \(files.count) source files")
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces) == "import Foundation" {
                let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                let guarded = previous == "#else" && index > 2 && lines[index - 3].contains("canImport(FoundationEssentials)")
                #expect(guarded, "\(file.path):\(index + 1) imports the whole of Foundation; import FoundationEssentials (or Glibc for maths)")
            }
        }
    }
}
