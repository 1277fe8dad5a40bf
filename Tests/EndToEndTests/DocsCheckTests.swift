import Foundation
import Testing
import TestSupport

/// The docs check: every runnable example in README.md and docs/remote.md (a `console` block
/// under a `<!-- check: … -->` marker, see `DocExample`) is run with the built `cdchanger` on the
/// demo library, and fails when what a command prints or its exit status differs from the page.
@Suite("The documentation's examples run as shown")
struct DocsCheckTests {
    /// The checked pages and the fewest examples each must have (so the check cannot quietly vanish).
    static let pages: [(file: String, minimum: Int)] = [("README.md", 1), ("docs/remote.md", 9)]

    static let examples: [DocExample] = pages.flatMap { page in
        (try? DocExample.parse(String(contentsOf: ProjectPaths.root.appendingPathComponent(page.file), encoding: .utf8), file: page.file)) ?? []
    }

    @Test("every checked page parses and has its examples", arguments: pages.map(\.file))
    func pagesHaveExamples(file: String) throws {
        let text = try String(contentsOf: ProjectPaths.root.appendingPathComponent(file), encoding: .utf8)
        let found = try DocExample.parse(text, file: file)
        let minimum = try #require(Self.pages.first { $0.file == file }).minimum
        #expect(found.count >= minimum, "\(file) has \(found.count) checked examples, fewer than \(minimum)")
    }

    @Test("an example runs as the page shows it", arguments: examples)
    func exampleRunsAsShown(example: DocExample) throws {
        let run = try ExampleRun(example)
        for step in example.steps {
            let result = try run.run(step.command)
            let output = result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
            #expect(
                DocExample.matches(output, step.expectedOutput),
                "\(example.file):\(step.line): `\(step.command)` printed\n\(output)\n— the page shows\n\(step.expectedOutput.joined(separator: "\n"))"
            )
            #expect(result.status == step.expectedStatus, "\(example.file):\(step.line): `\(step.command)` exited \(result.status), the page says \(step.expectedStatus)")
        }
    }

    @Test("the checker notices a changed output, a changed exit status, and reads its wildcards")
    func checkerNoticesChanges() throws {
        let page = """
            <!-- check: no player -->
            ```console
            $ printf 'one\\ntwo\\nthree\\n'
            one
            …
            $ sh -c 'echo gone; exit 3'   # exit 3
            g…e
            ```
            """
        let example = try #require(try DocExample.parse(page, file: "page.md").first)
        #expect(example.player == nil)
        #expect(example.steps.map(\.command) == [#"printf 'one\ntwo\nthree\n'"#, "sh -c 'echo gone; exit 3'"])
        #expect(example.steps.map(\.expectedStatus) == [0, 3])
        #expect(DocExample.matches("one\ntwo\nthree", example.steps[0].expectedOutput))
        #expect(DocExample.matches("one", example.steps[0].expectedOutput))
        #expect(!DocExample.matches("zero\none", example.steps[0].expectedOutput))
        #expect(DocExample.matches("gone", example.steps[1].expectedOutput))
        #expect(!DocExample.matches("gone\nextra", example.steps[1].expectedOutput))
        #expect(!DocExample.matches("went", example.steps[1].expectedOutput))
        #expect(DocExample.lineMatches("Playing disc 3, track 1: 0:04 / 0:15", "Playing disc 3, track 1: 0:0… / 0:15"))
        #expect(!DocExample.lineMatches("Playing disc 3 (x) 0:04", "Playing disc 3 (y) …"), "text around a wildcard is literal")

        let run = try ExampleRun(example)
        let result = try run.run(example.steps[1].command)
        #expect(result.status == 3 && result.output == "gone\n")
        #expect(throws: DocExample.Malformed.self) { try DocExample.parse("<!-- check: something -->\n```console\n$ true\n```", file: "bad.md") }
        #expect(throws: DocExample.Malformed.self) { try DocExample.parse("<!-- check: no player -->\n```sh\ntrue\n```", file: "bad.md") }
    }
}

/// The place an example runs in: a fresh state folder and runtime folder, the demo library, the
/// built `cdchanger` first on `PATH`, and for `player` examples a private bus and the player.
final class ExampleRun {
    let state = TemporaryFolder("cdc-doc-state")
    let runtime = TemporaryFolder("cdc-doc-run")
    let bus: PrivateBus?
    private var player: BackgroundProcess?

    init(_ example: DocExample) throws {
        chmod(runtime.path, 0o700)
        bus = example.player == nil ? nil : try PrivateBus()
        guard let arguments = example.player else { return }
        let player = try BackgroundProcess(ProjectPaths.binary, arguments, environment: environment)
        self.player = player
        guard waitUntil(timeout: 10, { (try? self.run("cdchanger status"))?.status == 0 }) else {
            throw DocExample.Malformed(description: "\(example): the player did not start: \(player.error)")
        }
        if let bus {
            guard waitUntil(timeout: 10, { (try? bus.names())?.contains(PrivateBus.mprisName) == true }) else {
                throw DocExample.Malformed(description: "\(example): the player is not on the bus: \(player.error)")
            }
        }
    }

    deinit {
        guard let player else { return }
        player.send(SIGINT)
        _ = player.waitForExit()
    }

    var environment: [String: String] {
        let binFolder = URL(fileURLWithPath: ProjectPaths.binary).deletingLastPathComponent().path
        return [
            "PATH": binFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "HOME": state.path, "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": runtime.path,
            "CDCHANGER_LIBRARY": ProjectPaths.demoLibrary.path, "CDCHANGER_STATE_DIR": state.path,
            "DBUS_SESSION_BUS_ADDRESS": bus?.address ?? "unix:path=\(runtime.path)/no-bus-here",
        ]
    }

    /// Runs one command line with bash, standard error merged into standard output.
    func run(_ command: String) throws -> ProcessResult {
        try runProcess("/bin/bash", ["-c", "exec 2>&1\n" + command], environment: environment, currentDirectory: ProjectPaths.root.path)
    }
}
