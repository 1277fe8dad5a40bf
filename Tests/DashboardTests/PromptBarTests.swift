import Testing
@testable import Dashboard

/// The prompt bar: focus, typing, the cursor, history, Esc, and the host's four kinds of reply.
@Suite struct PromptBarTests {
    func promptRow(_ frame: ScreenBuffer) -> Int { frame.height - 2 }

    @Test func showsThePlaceholderUntilFocused() {
        let harness = DashboardHarness()
        let frame = harness.frame()
        #expect(frame.text(row: promptRow(frame)).contains("Say something… e.g. play disc 3"))
        #expect(frame.role(of: "Say something…") == .promptPlaceholder)
        #expect(frame.cursor == nil)
    }

    @Test func typingShowsTheTextWithTheCursorAfterIt() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        harness.type("play disc 3")
        let frame = harness.frame()
        let row = frame.text(row: promptRow(frame))
        #expect(row.hasPrefix(" ▸ play disc 3"))
        #expect(!row.contains("Say something"))
        #expect(frame.cursor == ScreenBuffer.Point(x: 3 + 11, y: promptRow(frame)))
        #expect(frame.role(of: "play disc 3") == .promptText)
    }

    @Test func backspaceAndCursorKeysEditInPlace() {
        let harness = DashboardHarness()
        harness.press(.character(":"))
        harness.type("play dics")
        harness.press(.backspace, .backspace)
        harness.type("sc")
        #expect(harness.controller.ui.prompt.field.text == "play disc")
        harness.press(.left, .left, .left, .left)
        harness.type("the ")
        #expect(harness.controller.ui.prompt.field.text == "play the disc")
        #expect(harness.frame().cursor?.x == 3 + 9)
    }

    @Test func enterSubmitsTheSentenceAndADoneReplyLeavesTheBar() {
        let harness = DashboardHarness()
        harness.host.replies["play disc 3"] = PromptReply(text: "Playing disc 3, Night Drive.", kind: .done)
        harness.press(.enter)
        harness.type("play disc 3")
        harness.press(.enter)
        #expect(harness.host.submitted == ["play disc 3"])
        #expect(!harness.controller.ui.prompt.isFocused)
        let frame = harness.frame()
        #expect(frame.text(row: 20).contains("Playing disc 3, Night Drive."))
        #expect(frame.role(of: "Playing disc 3") == .response)
        #expect(frame.text(row: promptRow(frame)).contains("Say something"))
    }

    @Test func escLeavesTheBarAndDropsTheText() {
        let harness = DashboardHarness()
        harness.press(.character("/"))
        harness.type("half a sen")
        harness.press(.escape)
        #expect(!harness.controller.ui.prompt.isFocused)
        #expect(harness.host.submitted.isEmpty)
        harness.press(.character("/"))
        #expect(harness.controller.ui.prompt.field.isEmpty)
    }

    @Test func enterOnAnEmptyBarLeavesIt() {
        let harness = DashboardHarness()
        harness.press(.enter, .enter)
        #expect(!harness.controller.ui.prompt.isFocused)
        #expect(harness.host.submitted.isEmpty)
    }

    @Test func historyStepsThroughEarlierSentencesAndBackToTheDraft() {
        let harness = DashboardHarness()
        for sentence in ["play disc 1", "next track", "next track", "louder"] {
            harness.host.replies[sentence] = PromptReply(text: "OK.", kind: .done)
            harness.press(.character("/"))
            harness.type(sentence)
            harness.press(.enter)
        }
        harness.press(.character("/"))
        harness.type("draft")
        let field = { harness.controller.ui.prompt.field.text }
        harness.press(.up)
        #expect(field() == "louder")
        harness.press(.up)
        #expect(field() == "next track")  // repeated sentences are kept once
        harness.press(.up)
        #expect(field() == "play disc 1")
        harness.press(.up)
        #expect(field() == "play disc 1")
        harness.press(.down, .down, .down)
        #expect(field() == "draft")
        harness.press(.up, .enter)
        #expect(harness.host.submitted.last == "louder")
    }

    @Test func aFollowUpQuestionIsAnsweredInTheBar() {
        let harness = DashboardHarness()
        harness.host.replies["play disc"] = PromptReply(text: "Which disc?", kind: .question)
        harness.host.replies["3"] = PromptReply(text: "Playing disc 3, Blue Hour.", kind: .done)
        harness.press(.character("/"))
        harness.type("play disc")
        harness.press(.enter)
        #expect(harness.controller.ui.prompt.isFocused)
        var frame = harness.frame()
        #expect(frame.text(row: 20).contains("Which disc?"))
        #expect(frame.text(row: promptRow(frame)).contains("Type your answer, v to say it, or Esc to cancel"))
        // The question does not fade while it waits.
        harness.clock.advance(60)
        #expect(harness.frame().text(row: 20).contains("Which disc?"))
        harness.type("3")
        harness.press(.enter)
        #expect(harness.host.submitted == ["play disc", "3"])
        frame = harness.frame()
        #expect(frame.text(row: 20).contains("Playing disc 3, Blue Hour."))
        #expect(!harness.controller.ui.prompt.isFocused)
    }

    @Test func escCancelsAPendingQuestionAtTheHost() {
        let harness = DashboardHarness()
        harness.host.replies["play disc"] = PromptReply(text: "Which disc?", kind: .question)
        harness.press(.character("/"))
        harness.type("play disc")
        harness.press(.enter, .escape)
        #expect(harness.host.cancelledQuestions == 1)
        #expect(!harness.controller.ui.prompt.isFocused)
        harness.clock.advance(13)
        #expect(!harness.frame().lines.contains { $0.contains("Which disc?") })
    }

    static func ambiguous() -> DashboardHarness {
        let harness = DashboardHarness()
        harness.host.replies["play road trip"] = PromptReply(text: "Which one?", kind: .choices(["Road Trip", "Road Trip Classics"]))
        harness.host.replies["2"] = PromptReply(text: "Playing Road Trip Classics.", kind: .done)
        harness.host.replies["classics"] = PromptReply(text: "Playing Road Trip Classics.", kind: .done)
        harness.press(.character("/"))
        harness.type("play road trip")
        harness.press(.enter)
        return harness
    }

    @Test func ambiguityShowsNumberedChoices() throws {
        let harness = Self.ambiguous()
        let frame = harness.frame()
        let title = try #require(frame.lines.firstIndex { $0.contains("Which one?") })
        #expect(frame.text(row: title + 1).contains("1  Road Trip"))
        #expect(frame.text(row: title + 2).contains("2  Road Trip Classics"))
        #expect(frame.text(row: frame.height - 1).contains("1-9 pick"))
    }

    @Test func aChoiceIsPickedByOneDigit() {
        let harness = Self.ambiguous()
        harness.press(.character("2"))
        #expect(harness.host.submitted == ["play road trip", "2"])
        #expect(harness.host.performed.isEmpty)
        #expect(harness.lines.contains { $0.contains("Playing Road Trip Classics.") })
        #expect(!harness.lines.contains { $0.contains("Which one?") })
    }

    @Test func aChoiceIsPickedByTypingIt() {
        let harness = Self.ambiguous()
        harness.type("classics")
        harness.press(.enter)
        #expect(harness.host.submitted == ["play road trip", "classics"])
        #expect(!harness.controller.ui.prompt.isFocused)
    }

    @Test func aDigitBeyondTheChoicesIsJustText() {
        let harness = Self.ambiguous()
        harness.press(.character("7"))
        #expect(harness.host.submitted == ["play road trip"])
        #expect(harness.controller.ui.prompt.field.text == "7")
    }

    @Test func anUnknownSentenceIsAnsweredSorryWithTheNearestPhrase() throws {
        let harness = DashboardHarness()
        harness.host.suggestions = ["play disc 3", "next track"]
        harness.press(.character("/"))
        harness.type("make me a sandwich")
        harness.press(.enter)
        let frame = harness.frame()
        #expect(frame.text(row: 20).contains("Sorry, CD Changer hasn't added support for that."))
        let hint = try #require(frame.lines.firstIndex { $0.contains("Try saying") })
        #expect(frame.text(row: hint + 1).contains("play disc 3"))
        #expect(frame.text(row: hint + 2).contains("next track"))
        #expect(harness.controller.ui.prompt.isFocused)
        harness.press(.escape)
        #expect(harness.host.cancelledQuestions == 0)
        #expect(!harness.lines.contains { $0.contains("Try saying") })
    }

    @Test func theBarScrollsLongTextToKeepTheCursorVisible() {
        let harness = DashboardHarness(width: 40, height: 12)
        harness.press(.character("/"))
        let sentence = "play the album with the very long name on disc number seven"
        harness.type(sentence)
        let frame = harness.frame()
        // The field runs from column 3 to 38; the end of the text shows, with room for the cursor.
        #expect(frame.text(row: 10) == " ▸ " + sentence.suffix(35) + "  ")
        #expect(frame.cursor == ScreenBuffer.Point(x: 38, y: 10))
    }
}

/// The "Try saying" hints after a sentence that was not understood are numbered, and a digit typed
/// into the empty bar says that hint.
@Suite struct PromptHintTests {
    static func sorry() -> DashboardHarness {
        let harness = DashboardHarness()
        harness.host.suggestions = ["play disc 3", "next track", "pause"]
        harness.host.replies["next track"] = PromptReply(text: "Next track.", kind: .done)
        harness.press(.character("/"))
        harness.type("make me a sandwich")
        harness.press(.enter)
        return harness
    }

    @Test func theHintsAreNumbered() throws {
        let harness = Self.sorry()
        let frame = harness.frame()
        let title = try #require(frame.lines.firstIndex { $0.contains("Try saying") })
        #expect(frame.text(row: title + 1).contains("1  play disc 3"))
        #expect(frame.text(row: title + 2).contains("2  next track"))
        #expect(frame.text(row: title + 3).contains("3  pause"))
        #expect(frame.text(row: frame.height - 1).contains("1-9 pick"))
        #expect(frame.text(row: frame.height - 2).contains("Type a number to say one of them"))
    }

    @Test func aDigitSaysThatHintAndRemembersIt() {
        let harness = Self.sorry()
        harness.press(.character("2"))
        #expect(harness.host.submitted == ["make me a sandwich", "next track"])
        #expect(harness.lines.contains { $0.contains("Next track.") })
        #expect(!harness.controller.ui.prompt.isFocused)
        #expect(harness.host.savedHistory == ["make me a sandwich", "next track"])
        harness.press(.character("/"), .up)
        #expect(harness.controller.ui.prompt.field.text == "next track")
    }

    @Test func aDigitBeyondTheHintsOrAfterTextIsJustText() {
        let harness = Self.sorry()
        harness.press(.character("7"))
        #expect(harness.controller.ui.prompt.field.text == "7")
        harness.press(.backspace)
        harness.type("play 1")
        #expect(harness.controller.ui.prompt.field.text == "play 1")
        #expect(harness.host.submitted == ["make me a sandwich"])
    }
}
