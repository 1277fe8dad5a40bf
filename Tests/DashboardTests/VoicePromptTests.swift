import Foundation
import Testing
import TestSupport
import TmuxDriver
@testable import Dashboard

/// The voice prompt in the dashboard: `v` listens, the prompt bar shows "Listening…", the level
/// and the words so far, and what was heard goes the way of a typed sentence.
@Suite struct VoicePromptTests {
    func promptRow(_ frame: ScreenBuffer) -> Int { frame.height - 2 }

    @Test func vListensAndTheBarShowsTheLevelAndTheWordsSoFar() {
        let harness = DashboardHarness()
        harness.press(.character("v"))
        #expect(harness.host.listeningToggles == 1)
        harness.host.listening = DashboardSnapshot.Listening(level: 0.25, partial: "play disc")
        let row = harness.frame().text(row: promptRow(harness.frame()))
        #expect(row.contains("Listening… ━━━━━━──"), "\(row)")
        #expect(row.contains("play disc"))
        harness.press(.character("v"))
        #expect(harness.host.listeningStops == 1)
        harness.press(.escape)
        #expect(harness.host.listeningStops == 2)
    }

    /// Found by the key-storm test: a turn that ended (no microphone) after the last frame was
    /// drawn still swallowed every Esc, so the prompt bar could not be left.
    @Test func escAfterATurnEndedBetweenFramesLeavesThePromptBar() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        harness.host.listening = DashboardSnapshot.Listening()
        _ = harness.frame()
        harness.host.listening = nil
        _ = harness.controller.handle(.escape)
        #expect(!harness.controller.ui.prompt.isFocused)
        #expect(harness.host.listeningStops == 0)
    }

    @Test func theFirstTurnSaysTheModelIsLoading() {
        let harness = DashboardHarness()
        harness.host.listening = DashboardSnapshot.Listening(isLoading: true)
        #expect(harness.frame().text(row: promptRow(harness.frame())).contains("Loading voice…"))
    }

    @Test func aHeardSentenceIsShownAndSubmittedAsATypedOneIs() {
        let harness = DashboardHarness()
        harness.host.replies["play disc 3"] = PromptReply(text: "Playing disc 3, Night Drive.", kind: .done)
        harness.controller.voiceTurnEnded(.heard("play disc 3"))
        #expect(harness.host.submitted == ["play disc 3"])
        #expect(harness.controller.ui.prompt.history.last == "play disc 3")
        let frame = harness.frame()
        #expect(frame.text(row: promptRow(frame)).contains("Heard “play disc 3”"))
        #expect(harness.screenText.contains("Playing disc 3, Night Drive."))
    }

    @Test func aQuestionCanBeAnsweredByVoice() {
        let harness = DashboardHarness()
        harness.host.replies["play a specific disc"] = PromptReply(text: "Which disc?", kind: .question)
        harness.host.replies["four"] = PromptReply(text: "Playing disc 4, Desert Mirage.", kind: .done)
        harness.controller.voiceTurnEnded(.heard("play a specific disc"))
        #expect(harness.controller.ui.prompt.isFocused)
        #expect(harness.frame().text(row: promptRow(harness.frame())).contains("v to say it"))
        // `v` in the empty bar answers by voice; typed, it would be a letter.
        harness.press(.character("v"))
        #expect(harness.host.listeningToggles == 1)
        harness.host.listening = nil
        harness.controller.voiceTurnEnded(.notHeard)
        #expect(harness.screenText.contains("Sorry, I didn't catch that. Which disc?"))
        harness.controller.voiceTurnEnded(.heard("four"))
        #expect(harness.host.submitted == ["play a specific disc", "four"])
        #expect(harness.screenText.contains("Playing disc 4, Desert Mirage."))
    }

    @Test func anUnsureSentenceIsAskedBackAndYesRunsIt() {
        let harness = DashboardHarness()
        harness.host.confirmations["next song"] = PromptReply(text: "Did you say “next song”?", kind: .choices(["Skip to the next song"]))
        harness.host.replies["yes"] = PromptReply(text: "Next: Open Highway.", kind: .done)
        harness.controller.voiceTurnEnded(.unsure("next song"))
        #expect(harness.host.confirmed == ["next song"])
        #expect(harness.host.submitted.isEmpty, "nothing runs before the answer")
        #expect(harness.controller.ui.prompt.history.isEmpty, "an unsure sentence is not kept as said")
        #expect(harness.controller.ui.prompt.isFocused)
        let frame = harness.frame()
        #expect(frame.text(row: promptRow(frame)).contains("Heard “next song”"))
        #expect(harness.screenText.contains("Did you say “next song”?"))
        harness.controller.voiceTurnEnded(.heard("yes"))
        #expect(harness.host.submitted == ["yes"])
        #expect(harness.screenText.contains("Next: Open Highway."))
    }

    @Test func anUnsureAnswerToAQuestionIsAskedBack() {
        let harness = DashboardHarness()
        harness.host.replies["play a specific disc"] = PromptReply(text: "Which disc?", kind: .question)
        harness.host.confirmations["four"] = PromptReply(text: "Did you say “four”?", kind: .choices(["Play disc 4"]))
        harness.controller.voiceTurnEnded(.heard("play a specific disc"))
        harness.controller.voiceTurnEnded(.unsure("four"))
        #expect(harness.host.confirmed == ["four"])
        #expect(harness.screenText.contains("Did you say “four”?"))
        #expect(harness.controller.ui.prompt.pending == .choices(question: "Did you say “four”?", ["Play disc 4"]))
    }

    @Test func anUnsureSentenceThatIsNotUnderstoodIsNotHeard() {
        let harness = DashboardHarness()
        harness.controller.voiceTurnEnded(.unsure("turn it top"))
        #expect(harness.host.confirmed == ["turn it top"])
        #expect(harness.screenText.contains("Sorry, I didn't catch that."))
        #expect(harness.host.submitted.isEmpty)
    }

    /// Found using the dashboard by voice: after "Sorry, CD Changer hasn't added support for
    /// that." for a spoken sentence, the bar kept its focus for the "Try saying" hints and `v`
    /// typed a letter instead of listening again.
    @Test func afterASpokenSentenceThatIsNotSupportedVListensAgain() {
        let harness = DashboardHarness()
        harness.host.replies["four"] = PromptReply(text: "Sorry, CD Changer hasn't added support for that.", kind: .unsupported(suggestions: ["Play disc 3 of Magazine One"]))
        harness.controller.voiceTurnEnded(.heard("four"))
        #expect(harness.controller.ui.prompt.isFocused)
        #expect(harness.frame().text(row: promptRow(harness.frame())).contains("or v to try again"))
        harness.press(.character("v"))
        #expect(harness.host.listeningToggles == 1)
        #expect(harness.controller.ui.prompt.field.isEmpty)
    }

    @Test func afterATypedSentenceThatIsNotSupportedVIsALetter() {
        let harness = DashboardHarness()
        harness.host.replies["four"] = PromptReply(text: "Sorry, CD Changer hasn't added support for that.", kind: .unsupported(suggestions: ["Play disc 3 of Magazine One"]))
        harness.press(.character("/"))
        harness.type("four")
        harness.press(.enter)
        #expect(harness.frame().text(row: promptRow(harness.frame())).contains("or try again"))
        harness.type("volume up")
        #expect(harness.controller.ui.prompt.field.text == "volume up")
        #expect(harness.host.listeningToggles == 0)
    }

    @Test func vTypedIntoTheBarIsALetter() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        harness.type("volume")
        #expect(harness.controller.ui.prompt.field.text == "volume")
        #expect(harness.host.listeningToggles == 0)
    }

    @Test func voiceThatCannotBeUsedSaysWhy() {
        let harness = DashboardHarness()
        harness.controller.voiceTurnEnded(.unavailable("No microphone: cannot open the microphone “hw:9”."))
        #expect(harness.screenText.contains("No microphone"))
        #expect(harness.host.submitted.isEmpty)
    }

    @Test("the meter fills on a decibel scale", arguments: [(0.0, 0), (0.004, 0), (0.063, 4), (0.5, 7), (1.0, 8)])
    func meter(level: Double, cells: Int) {
        #expect(PromptBarView.meterCells(level) == cells)
    }

    @Test func theHelpListsTheKey() {
        #expect(KeyMap.help.flatMap(\.bindings).contains { $0.keys == "v" && $0.meaning.hasPrefix("say a sentence") })
        #expect(KeyMap.mainAction(for: .character("v")) == .listen)
    }
}

extension OnTheRealPlayer {
    /// The real player in tmux, listening on a real ALSA capture device fed with espeak-ng speech
    /// (`CaptureFeed`). The phrases are ones the recognizer hears right today (docs/voice.md).
    @Suite
    struct VoicePromptEndToEndTests {
        static func speech(_ text: String, voice: SpeechFixtures.Voice, in folder: TemporaryFolder) throws -> URL {
            let file = folder.file("\(text.replacingOccurrences(of: " ", with: "-")).wav")
            try SpeechFixtures.speak(text, voice: voice, to: file)
            return file
        }

        /// The dashboard playing disc 1, listening on the capture device, its first turn started
        /// and loading the model (the microphone, a FIFO here, waits for its writer).
        static func firstTurn() throws -> (folder: TemporaryFolder, microphone: CaptureFeed, player: DashboardPlayer, session: TmuxSession) {
            let folder = TemporaryFolder("cdc-dash-voice")
            let microphone = try CaptureFeed(in: folder)
            let player = try DashboardPlayer()
            let session = try player.open(["--output", "null", "--mic", CaptureFeed.device], environment: microphone.environment)
            try session.send("1")
            try session.wait(for: "Playing disc 1")
            try session.send("v")
            try session.wait(for: "Loading voice…", timeout: 15)
            return (folder, microphone, player, session)
        }

        @Test func spokenCommandsGoThroughThePromptBar() throws {
            let (folder, microphone, player, session) = try Self.firstTurn()
            let mute = try microphone.feed(try Self.speech("mute", voice: SpeechFixtures.Voice("en-us+f2", speed: 170), in: folder))
            try session.wait(for: "Heard “mute”", timeout: 30)
            try session.waitForText("Muted.", timeout: 5)
            #expect(try player.waitForStatus { $0["muted"] as? Bool == true }["muted"] as? Bool == true)
            // Second turn: the model is loaded, so the bar says it listens at once.
            try session.send("v")
            try session.wait(for: "Listening…")
            let stop = try microphone.feed(try Self.speech("stop the music", voice: SpeechFixtures.Voice("en-us", speed: 160), in: folder))
            try session.wait(for: "Heard “stop the music”", timeout: 30)
            try session.waitForText("Stopped", timeout: 5)
            #expect(try player.waitForStatus { $0["state"] as? String == "stopped" }["state"] as? String == "stopped")
            // The keys and the typed prompt still work after listening.
            try session.send("/")
            try session.type("play disc 2")
            try session.send("Enter")
            try session.wait(for: "Playing disc 2, Open Highway.")
            withExtendedLifetime((mute, stop)) {}
        }

        /// "pause the track" (`SpeechFixtures.unsurePause`) is heard rightly through the capture
        /// device, but not surely: the bar asks it back, and the "yes" said into the next turn pauses.
        @Test func anUnsureSentenceIsAskedBackAndYesSaidNextRunsIt() throws {
            let (folder, microphone, player, session) = try Self.firstTurn()
            let pause = try microphone.feed(try Self.speech(SpeechFixtures.unsurePause.sentence, voice: SpeechFixtures.unsurePause.voice, in: folder))
            let questions = SpeechFixtures.unsurePauseHeard.map(SpeechFixtures.question(askingBack:))
            try session.wait(timeout: 30, for: questions.joined(separator: " or ")) { screen in
                screen.contains { line in questions.contains { line.contains($0) } }
            }
            #expect(try player.waitForStatus { _ in true }["state"] as? String == "playing", "nothing runs before the answer")
            try session.send("v")
            try session.wait(for: "Listening…")
            let yes = try microphone.feed(try Self.speech("yes", voice: SpeechFixtures.Voice("en-us", speed: 160), in: folder))
            try session.wait(for: "Heard “yes”", timeout: 30)
            #expect(try player.waitForStatus { $0["state"] as? String == "paused" }["state"] as? String == "paused")
            withExtendedLifetime((pause, yes)) {}
        }

        /// Found using the dashboard by voice: "four" said alone is heard and not understood
        /// ("Sorry, CD Changer hasn't added support for that." and hints to try); `v` then typed
        /// into the bar instead of listening again.
        @Test func afterASpokenSentenceThatIsNotSupportedVListensAgain() throws {
            let (folder, microphone, player, session) = try Self.firstTurn()
            let four = try microphone.feed(try Self.speech("four", voice: SpeechFixtures.Voice("en-us", speed: 160), in: folder))
            try session.waitForText("hasn't added support for that", timeout: 30)
            try session.wait(for: "or v to try again")
            try session.send("v")
            try session.wait(for: "Listening…")
            let mute = try microphone.feed(try Self.speech("mute", voice: SpeechFixtures.Voice("en-us+f2", speed: 170), in: folder))
            try session.wait(for: "Heard “mute”", timeout: 30)
            #expect(try player.waitForStatus { $0["muted"] as? Bool == true }["muted"] as? Bool == true)
            withExtendedLifetime((four, mute)) {}
        }

        /// D-Bus `org.cdchanger.Voice.Listen` (a desktop key binding) starts the same turn as `v`:
        /// the bar shows it, the heard sentence goes through the bar, and the call's reply says so.
        @Test func aTurnStartedOverDBusShowsInTheBar() throws {
            let folder = TemporaryFolder("cdc-dash-voice")
            let microphone = try CaptureFeed(in: folder)
            let player = try DashboardPlayer(bus: true)
            let bus = try #require(player.bus)
            let session = try player.open(["--output", "null", "--mic", CaptureFeed.device], environment: microphone.environment)
            try session.send("1")
            try session.wait(for: "Playing disc 1")
            let client = try BackgroundProcess(
                try which("dbus-send"),
                ["--session", "--print-reply", "--reply-timeout=60000", "--dest=\(PrivateBus.mprisName)", "/org/mpris/MediaPlayer2", "org.cdchanger.Voice.Listen"],
                environment: bus.environment
            )
            try session.wait(for: "Loading voice…", timeout: 15)
            let mute = try microphone.feed(try Self.speech("mute", voice: SpeechFixtures.Voice("en-us+f2", speed: 170), in: folder))
            try session.wait(for: "Heard “mute”", timeout: 30)
            try session.waitForText("Muted.", timeout: 5)
            #expect(client.waitForExit(timeout: 10) == 0, "\(client.error)")
            #expect(client.output.contains("string \"mute\""), "\(client.output)")
            #expect(client.output.contains("string \"Muted."), "\(client.output)")
            #expect(try player.waitForStatus { $0["muted"] as? Bool == true }["muted"] as? Bool == true)
            // The heard sentence is in the bar's history, as a typed one would be.
            try session.send("/")
            try session.send("Up")
            try session.wait(for: "▸ mute")
            withExtendedLifetime(mute) {}
        }

        @Test func withoutAMicrophoneVoiceIsOffAndEverythingElseWorks() throws {
            let player = try DashboardPlayer()
            let session = try player.open(["--output", "null", "--mic", "hw:97"])
            try session.send("v")
            let text = try session.wait(timeout: 10, for: "the no-microphone notice") { screen in
                PinnedNoticesEndToEndTests.prose(screen).contains("Voice is off; everything else works.")
            }
            #expect(PinnedNoticesEndToEndTests.prose(text).contains("No microphone: cannot open the microphone “hw:97”"), "\(text.joined(separator: "\n"))")
            try session.send("Escape")
            try session.send("/")
            try session.type("play disc 3")
            try session.send("Enter")
            try session.wait(for: "Playing disc 3, Night Drive.")
        }
    }
}
