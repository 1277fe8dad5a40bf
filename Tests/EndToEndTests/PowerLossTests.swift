import ChangerKit
import Foundation
import Testing
import TestSupport

@Suite("Nothing reported saved is lost", .serialized)
struct PowerLossTests {
    /// Kills per run; CDCHANGER_LONG_RELIABILITY=1 makes it ten times as many.
    static let kills = ProcessInfo.processInfo.environment["CDCHANGER_LONG_RELIABILITY"] == nil ? 200 : 2000

    /// Starts `cdchanger ARGUMENTS` with its output going to files.
    static func spawn(_ arguments: [String], state: String, output: String) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words: [String] = [ProjectPaths.binary, "--state-dir", state, "--library", ProjectPaths.demoLibrary.path] + arguments
        let argv = words.map { strdup($0) } + [nil]
        let environment: [String] = ["HOME=\(state)", "LANG=C.UTF-8", "XDG_RUNTIME_DIR=\(state)/run"]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, ProjectPaths.binary, &actions, nil, argv, envp) == 0)
        return pid
    }

    /// Waits for the process; its exit status, or nil when a signal ended it.
    @discardableResult
    static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    @Test("SIGKILL at random moments during edits: the state always loads, valid, with every change reported saved")
    func killedWhileEditing() throws {
        let folder = TemporaryFolder("cdc-powerloss")
        mkdir(folder.path + "/run", 0o700)
        let file = StateFile(directory: folder.url)
        let output = folder.path + "/out.txt"
        // How long one edit takes uninterrupted (a release build is much faster than a debug one);
        // the slowest of three, so that a busy machine still lets enough edits finish.
        var reportedSaved: Set<String> = []
        var duration: UInt32 = 0
        for warmUp in 1...3 {
            let started = Date()
            Self.reap(Self.spawn(["magazine", "create", "Warm-up \(warmUp)"], state: folder.path, output: output))
            duration = max(duration, UInt32(Date().timeIntervalSince(started) * 1_000_000))
            reportedSaved.insert("Warm-up \(warmUp)")
        }
        var killedMidway = 0
        for round in 0..<Self.kills {
            let name = "Kill \(round)"
            let pid = Self.spawn(["magazine", "create", name], state: folder.path, output: output)
            // Kill anywhere from before the command starts to a while after it would have ended.
            usleep(UInt32.random(in: 0...(duration + duration / 2)))
            if kill(pid, SIGKILL) == 0 { killedMidway += 1 }
            Self.reap(pid)
            if (try? String(contentsOfFile: output, encoding: .utf8))?.contains("Created \(name)") == true {
                reportedSaved.insert(name)
            }
            switch file.load() {
            case .loaded(let state):
                let names = Set(state.rack.magazines.map(\.name))
                #expect(reportedSaved.isSubset(of: names), "round \(round): lost \(reportedSaved.subtracting(names))")
            case .none:
                #expect(reportedSaved.isEmpty, "round \(round): the state file vanished")
            case .unusable(let reason, _, _):
                Issue.record("round \(round): the state file was damaged: \(reason)")
                return
            }
        }
        #expect(killedMidway > Self.kills / 4, "too few kills landed while the command ran (\(killedMidway))")
        #expect(reportedSaved.count > Self.kills / 10, "too few edits completed (\(reportedSaved.count)) to prove anything")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "temporary files of killed writers are removed: \(leftovers)")
    }

    @Test("two processes editing at once lose nothing: each edit re-reads the state under the lock")
    func concurrentEdits() throws {
        let folder = TemporaryFolder("cdc-concurrent")
        mkdir(folder.path + "/run", 0o700)
        let group = DispatchGroup()
        for writer in ["A", "B"] {
            DispatchQueue.global().async(group: group) {
                for index in 0..<15 {
                    let name = "\(writer) \(index)"
                    let status = Self.reap(Self.spawn(["magazine", "create", name], state: folder.path, output: "/dev/null"))
                    #expect(status == 0, "magazine create \(name) ended with \(status.map(String.init) ?? "a signal")")
                }
            }
        }
        group.wait()
        let state = try #require(StateFile(directory: folder.url).load().state)
        let names = Set(state.rack.magazines.map(\.name))
        for writer in ["A", "B"] {
            for index in 0..<15 { #expect(names.contains("\(writer) \(index)")) }
        }
    }

    /// The first process on a fresh folder saves a fresh state: one started at the same moment
    /// must not write that fresh state over an edit the other has saved since.
    @Test("two processes starting at once on a fresh folder both keep their first edit", arguments: 0..<12)
    func firstEditsOnAFreshFolder(round: Int) throws {
        let folder = TemporaryFolder("cdc-fresh-\(round)")
        mkdir(folder.path + "/run", 0o700)
        let pids = ["A", "B"].map { Self.spawn(["magazine", "create", $0], state: folder.path, output: "/dev/null") }
        for pid in pids { #expect(Self.reap(pid) == 0) }
        let state = try #require(StateFile(directory: folder.url).load().state)
        let names = Set(state.rack.magazines.map(\.name))
        #expect(names.isSuperset(of: ["A", "B"]), "round \(round): only \(names.sorted())")
    }
}
