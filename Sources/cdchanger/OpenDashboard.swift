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
        synopsis: "[--device NAME | --output alsa[:DEVICE]|null] [--replaygain album|track|off] [--mic DEVICE]",
        summary: "Open the dashboard (the default).",
        options: [
            OptionHelp("--output", "alsa[:DEVICE]|null", "where the sound goes: an ALSA device (alsa is alsa:default) or nowhere, in real time (null); else the settings file's output, else alsa:default"),
            OptionHelp("--device", "NAME", "the ALSA device to play through, e.g. hw:1 (the same as --output alsa:NAME)"),
            OptionHelp(ReplayGainSetting.option, ReplayGainSetting.choices, ReplayGainSetting.help),
            VoiceCommands.microphoneOption,
        ],
        run: { arguments, environment in
            let output: OutputChoice
            do {
                output = try OutputChoice.parse(
                    output: arguments.value("--output") ?? (arguments.value("--device") == nil ? environment.setting(SettingsKeys.output) : nil),
                    device: arguments.value("--device"), fast: false
                )
            } catch let error as OutputChoiceError {
                throw UsageError(error.description)
            }
            let replayGain = try ReplayGainSetting.choose(
                option: arguments.value(ReplayGainSetting.option), environment: environment.environment,
                configured: environment.setting(SettingsKeys.replayGain))
            return try open(output: output, replayGain: replayGain, microphone: VoiceCommands.microphone(arguments, environment), environment: environment)
        }
    )

    static func open(output: OutputChoice, replayGain: ReplayGainMode, microphone: String, environment: CommandEnvironment) throws -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure("The dashboard needs a terminal. Without one, use `cdchanger play`, `cdchanger say` or `cdchanger magazine list`.")
        }
        let player = try RunningPlayer(environment: environment, output: output, replayGain: replayGain, microphone: microphone, scansInBackground: true)
        let bridge = DashboardBridge(player: player)
        let colors: Dashboard.ColorChoice = environment.setting(SettingsKeys.colors) == "never" ? .never : .automatic
        let dashboard = Dashboard(host: bridge, loop: player.loop, options: Dashboard.Options(colors: colors, handlesTerminationSignals: false))
        player.voice.onTurnEnded = { [unowned bridge] result in bridge.voiceTurnEnded(result, on: dashboard) }
        player.onQuit = { dashboard.stop() }
        player.session.observeChanges { dashboard.setNeedsRedraw() }
        do {
            try dashboard.start()
        } catch {
            player.quit()
            throw CommandFailure(error.description)
        }
        DebugCrash.scheduleIfAsked(on: player.loop, environment: environment.environment)
        player.run()
        dashboard.stop()
        return 0
    }
}
