import AudioDecoding
import Dashboard
import Playback
#if canImport(Glibc)
import Glibc
#endif

/// `cdchanger` with no command: the full-screen dashboard, playing through the chosen device.
enum OpenDashboard {
    static let description = CommandDescription(
        words: [],
        synopsis: "[--device NAME | --output alsa[:DEVICE]|null] [--replaygain album|track|off]",
        summary: "Open the dashboard (the default).",
        valued: ["--output", "--device", ReplayGainSetting.option],
        run: { arguments, environment in
            if let stray = arguments.positionals.first { throw UsageError("unknown command \u{201C}\(stray)\u{201D}") }
            let output: OutputChoice
            do {
                output = try OutputChoice.parse(output: arguments.value("--output"), device: arguments.value("--device"), fast: false)
            } catch let error as OutputChoiceError {
                throw UsageError(error.description)
            }
            let replayGain = try ReplayGainSetting.choose(option: arguments.value(ReplayGainSetting.option), environment: environment.environment)
            return try open(output: output, replayGain: replayGain, environment: environment)
        }
    )

    static func open(output: OutputChoice, replayGain: ReplayGainMode, environment: CommandEnvironment) throws -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure("The dashboard needs a terminal. Without one, use `cdchanger play`, `cdchanger say` or `cdchanger magazine list`.")
        }
        let player = try RunningPlayer(environment: environment, output: output, replayGain: replayGain)
        let bridge = DashboardBridge(player: player)
        let dashboard = Dashboard(host: bridge, loop: player.loop, options: Dashboard.Options(handlesTerminationSignals: false))
        player.onQuit = { dashboard.stop() }
        player.session.observeChanges { dashboard.setNeedsRedraw() }
        do {
            try dashboard.start()
        } catch {
            player.quit()
            throw CommandFailure(error.description)
        }
        player.run()
        dashboard.stop()
        return 0
    }
}
