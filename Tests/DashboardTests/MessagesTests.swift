import Testing
@testable import Dashboard

/// The response line and notices: shown, faded, gone; and what wakes the once-a-second frame.
@Suite struct MessagesTests {
    @Test func aResponseShowsThenFadesThenGoes() {
        let harness = DashboardHarness()
        harness.press(.character("3"))
        #expect(harness.frame().role(of: "Playing disc 3, Blue Hour.") == .response)
        harness.clock.advance(TimedMessage.Lifetime.response.shown + 0.5)
        #expect(harness.frame().role(of: "Playing disc 3, Blue Hour.") == .faded)
        harness.clock.advance(TimedMessage.Lifetime.response.fading)
        #expect(harness.frame().find("Playing disc 3") == nil)
    }

    @Test func aNoticeFromTheHostAppearsOnItsOwnLineAndFades() {
        let harness = DashboardHarness()
        harness.host.notice = "Skipped 04.mp3: not an MP3 file."
        harness.press(.character("1"))
        let frame = harness.frame()
        #expect(frame.text(row: 20).contains("Playing disc 1, Night Drive."))
        #expect(frame.text(row: 21).contains("Skipped 04.mp3: not an MP3 file."))
        #expect(frame.role(of: "Skipped") == .notice)
        harness.clock.advance(TimedMessage.Lifetime.notice.shown + TimedMessage.Lifetime.notice.fading + 1)
        #expect(harness.frame().find("Skipped") == nil)
        // The same notice again is not news; a different one is.
        #expect(harness.frame().find("Skipped") == nil)
        harness.host.notice = "Output device lost: playing silently."
        #expect(harness.frame().find("Output device lost") != nil)
    }

    @Test func compactShowsTheNewerOfResponseAndNotice() {
        let harness = DashboardHarness(width: 40, height: 12)
        harness.press(.character("1"))
        #expect(harness.frame().text(row: 9).contains("Playing disc 1"))
        harness.clock.advance(1)
        harness.host.notice = "Disc 4 is missing."
        #expect(harness.frame().text(row: 9).contains("Disc 4 is missing."))
    }

    @Test("an answer given to a remote client shows once on the response line")
    func remoteAnswersShow() {
        let harness = DashboardHarness()
        harness.host.remoteResponse = .init(text: "Playing disc 4, Paper Planes.", count: 1)
        #expect(harness.frame().text(row: 20).contains("Playing disc 4, Paper Planes."))
        harness.clock.advance(TimedMessage.Lifetime.response.shown + TimedMessage.Lifetime.response.fading + 1)
        #expect(harness.frame().find("Paper Planes.") == nil)
        harness.host.remoteResponse = .init(text: "Playing disc 4, Paper Planes.", count: 2)
        #expect(harness.frame().find("Playing disc 4, Paper Planes.") != nil)
    }

    @Test("long work under way holds the notice line until it ends; in the compact layout it yields to a fresh answer")
    func activityHoldsTheNoticeLine() {
        let harness = DashboardHarness()
        harness.host.notice = "Something older."
        harness.host.activity = "Scanning 3,412 of 10,000 files…"
        #expect(harness.frame().text(row: 21).contains("Scanning 3,412 of 10,000 files…"))
        harness.clock.advance(60)
        #expect(harness.frame().text(row: 21).contains("Scanning 3,412 of 10,000 files…"))
        harness.host.activity = nil
        #expect(harness.frame().find("Scanning") == nil)
        let compact = DashboardHarness(width: 40, height: 12)
        compact.host.activity = "Scanning 12 of 900 files…"
        #expect(compact.frame().text(row: 9).contains("Scanning 12 of 900"))
        compact.press(.character("1"))
        #expect(compact.frame().text(row: 9).contains("Playing disc 1"))
    }

    @Test("an answer too long for its row goes on in the notice's row when it is the newer")
    func longAnswersWrap() {
        let harness = DashboardHarness()
        harness.host.replies["x"] = PromptReply(text: String(repeating: "word ", count: 20) + "end.", kind: .done)
        harness.press(.character("/"))
        harness.type("x")
        harness.press(.enter)
        let frame = harness.frame()
        #expect(frame.text(row: 20).hasPrefix(" word word"))
        #expect(frame.text(row: 21).contains("word end."))
    }

    @Test func standardErrorLinesBecomeNotices() {
        let harness = DashboardHarness()
        harness.controller.report(standardError: "[mpg123] warning: junk at the beginning\n")
        harness.controller.report(standardError: "   ")
        #expect(harness.frame().text(row: 21).contains("[mpg123] warning: junk at the beginning"))
    }

    @Test func theTimedFrameRunsWhilePlayingOrWhenTheMinuteOrAMessageChanges() {
        let harness = DashboardHarness()
        _ = harness.frame()
        #expect(!harness.controller.needsTimedFrame())
        harness.clock.setWallClock("14:06")
        #expect(harness.controller.needsTimedFrame())
        _ = harness.frame()
        harness.press(.character("1"))
        #expect(harness.controller.needsTimedFrame())  // playing: the elapsed time moves
        harness.press(.character(" "))                  // paused
        #expect(!harness.controller.needsTimedFrame())
        harness.clock.advance(TimedMessage.Lifetime.response.shown + 0.1)
        #expect(harness.controller.needsTimedFrame())  // the response starts to fade
        _ = harness.frame()
        #expect(!harness.controller.needsTimedFrame())
    }
}
