import Foundation
import Testing
import TestSupport
import TmuxDriver
@testable import Dashboard

/// The prompt bar's history outlives the player: the dashboard starts with what the host saved,
/// and hands the host the history after each new sentence; on the real binary a sentence typed
/// before quitting comes back with ↑ after a restart.
@Suite struct PromptHistoryTests {
    @Test func theBarStartsWithTheSavedSentences() {
        let host = FakeHost()
        host.savedHistory = ["play disc 2", "next song"]
        let harness = DashboardHarness(host: host)
        harness.press(.character("/"), .up)
        #expect(harness.controller.ui.prompt.field.text == "next song")
        harness.press(.up)
        #expect(harness.controller.ui.prompt.field.text == "play disc 2")
    }

    @Test func eachNewSentenceIsSavedOnce() {
        let harness = DashboardHarness()
        harness.host.replies["pause"] = PromptReply(text: "Paused.", kind: .done)
        for _ in 0..<2 {
            harness.press(.character("/"))
            harness.type("pause")
            harness.press(.enter)
        }
        #expect(harness.host.savedHistory == ["pause"])
        #expect(harness.host.historySaves == 1, "the same sentence again changes nothing to save")
        harness.press(.enter, .enter)
        #expect(harness.host.historySaves == 1, "an empty bar saves nothing")
    }

    @Test func theSavedHistoryIsBounded() {
        let host = FakeHost()
        host.savedHistory = (1...150).map { "sentence \($0)" }
        let harness = DashboardHarness(host: host)
        harness.press(.character("/"))
        harness.type("one more")
        harness.press(.enter)
        #expect(harness.host.savedHistory.count == Dashboard.promptHistoryLimit)
        #expect(harness.host.savedHistory.last == "one more")
        #expect(harness.host.savedHistory.first == "sentence 52")
    }
}

extension OnTheRealPlayer {
    /// The prompt bar's history on the real binary: a sentence typed before a quit comes back after a restart.
    @Suite
    struct PromptHistoryEndToEndTests {
        @Test func aSentenceComesBackAfterARestart() throws {
            let player = try DashboardPlayer()
            let first = try player.open()
            try first.send("/")
            try first.type("play disc 6")
            try first.send("Enter")
            try first.wait(for: "Playing disc 6")
            try first.send("q")
            try TmuxEndToEndTests.expectRestored(first)
            let saved = try String(contentsOf: player.state.url.appendingPathComponent("prompt-history"), encoding: .utf8)
            #expect(saved == "play disc 6\n")

            let second = try player.open()
            try second.send("/")
            try second.send("Up")
            try second.wait(for: "▸ play disc 6")
            try second.send("Enter")
            try second.wait(for: "Playing disc 6")
        }
    }
}
