#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dashboard's behaviour without a terminal: turns keys into host commands, sentences and
/// edits (the magazine menu's through `MagazineEditorController`), keeps the UI state, and renders
/// frames from a fresh host snapshot. The `Dashboard` feeds
/// it keys from ncurses and paints its frames; tests drive it directly with a fake host.
final class DashboardController {
    let host: any DashboardHost
    let clock: DashboardClock
    var glyphs: Glyphs
    private(set) var ui = UIState()
    /// The snapshot of the latest frame.
    private(set) var lastSnapshot: DashboardSnapshot?
    private var lastRender: (clock: String, time: Double)?
    private var seenNotice: String?
    private var seenRemoteResponse: Int?
    private var seenLibraryRevision: Int?
    private var seenMagazine: UUID??
    private var seenPlayingSlot: Int?
    /// The size of the latest frame, for paging in lists.
    private var screen = Rect(x: 0, y: 0, width: 80, height: 24)

    /// What handling a key asks of the terminal.
    enum Outcome: Equatable, Sendable {
        /// The key means nothing here.
        case ignored
        /// Draw a new frame.
        case handled
        /// Clear the terminal and draw everything again (Ctrl-L).
        case repaint
        /// The user quit; the host has been told.
        case quit
    }

    init(host: any DashboardHost, clock: DashboardClock = .system, glyphs: Glyphs = .unicode) {
        self.host = host
        self.clock = clock
        self.glyphs = glyphs
        ui.prompt.restore(history: host.savedPromptHistory())
    }

    // MARK: Frames

    /// A frame for a terminal of this size, drawn from the host's state as it is now.
    func frame(width: Int, height: Int) -> ScreenBuffer {
        screen = Rect(x: 0, y: 0, width: width, height: height)
        let snapshot = host.snapshot()
        observe(snapshot)
        let now = clock.monotonic()
        let clockText = clock.wallClock()
        lastRender = (clockText, now)
        if case .help(let scroll) = ui.overlay {
            ui.overlay = .help(scroll: min(scroll, HelpOverlay.maximumScroll(in: screen)))
        }
        if case .tracks(var list) = ui.overlay {
            if let disc = trackListDisc(for: list, snapshot: snapshot) {
                let otherDisc = disc.disc != list.disc.disc || disc.magazine != list.disc.magazine
                list.update(disc)
                if otherDisc, let playing = snapshot.nowPlaying { list.selection = playing.track - 1 }
                ui.overlay = .tracks(list)
            } else {
                ui.overlay = nil
            }
        }
        let model = ViewModel(snapshot: snapshot, ui: ui, clock: clockText, now: now, glyphs: glyphs)
        return DashboardRenderer.render(model, width: width, height: height)
    }

    /// Whether a frame drawn now would differ from the last one for reasons of time alone: the
    /// elapsed time while playing, the clock's minute, a message starting to fade or going.
    func needsTimedFrame() -> Bool {
        guard let lastRender, let lastSnapshot else { return true }
        if lastSnapshot.transport == .playing { return true }
        if clock.wallClock() != lastRender.clock { return true }
        let now = clock.monotonic()
        for message in [ui.response, ui.notice, ui.heard].compactMap({ $0 }) where message.phase(at: lastRender.time) != message.phase(at: now) {
            return true
        }
        return false
    }

    /// Keeps the UI in step with the changer: a new notice appears; the slot cursor goes to the
    /// playing slot when the magazine or the playing disc changes, and stays within the slots.
    private func observe(_ snapshot: DashboardSnapshot) {
        lastSnapshot = snapshot
        if snapshot.notice != seenNotice {
            seenNotice = snapshot.notice
            if let notice = snapshot.notice, !notice.isEmpty {
                ui.notice = TimedMessage(text: notice, since: clock.monotonic(), lifetime: .notice)
            }
        }
        if seenLibraryRevision != snapshot.libraryRevision {
            if seenLibraryRevision != nil, case .browser(var browser) = ui.overlay {
                browser.replaceAlbums(host.libraryAlbums())
                ui.overlay = .browser(browser)
            }
            seenLibraryRevision = snapshot.libraryRevision
        }
        if let remote = snapshot.remoteResponse, remote.count != seenRemoteResponse {
            seenRemoteResponse = remote.count
            if ui.response?.isSticky != true { say(remote.text) }
        }
        let magazine = snapshot.magazines.first { $0.isCurrent }?.id
        let playing = snapshot.slots.first { $0.state == .playing || $0.state == .paused }?.number
        if seenMagazine != .some(magazine) {
            seenMagazine = .some(magazine)
            ui.slotCursor = playing ?? snapshot.slots.first?.number ?? 1
        } else if let playing, playing != seenPlayingSlot {
            ui.slotCursor = playing
        }
        seenPlayingSlot = playing
        let numbers = snapshot.slots.map(\.number)
        if let first = numbers.first, let last = numbers.last, !numbers.contains(ui.slotCursor) {
            ui.slotCursor = min(max(ui.slotCursor, first), last)
        }
        if case .magazines(var editor) = ui.overlay {
            editor.selection = min(max(0, editor.selection), max(0, snapshot.magazines.count - 1))
            ui.overlay = .magazines(editor)
        }
    }

    /// Shows text that another library wrote to standard error as a notice.
    func report(standardError line: String) {
        let trimmed = line.trimmed()
        guard !trimmed.isEmpty else { return }
        ui.notice = TimedMessage(text: trimmed, since: clock.monotonic(), lifetime: .notice)
    }

    private func say(_ text: String, sticky: Bool = false) {
        guard !text.isEmpty else { return }
        ui.response = TimedMessage(text: text, since: clock.monotonic(), isSticky: sticky)
    }

    /// A sticky response (a question) starts fading once the question is over.
    private func releaseResponse() {
        guard ui.response?.isSticky == true else { return }
        ui.response?.isSticky = false
        ui.response?.since = clock.monotonic()
    }

    // MARK: Keys

    func handle(_ key: Key) -> Outcome {
        if key == .resize { return .handled }
        if let overlay = ui.overlay { return handle(key, in: overlay) }
        // A second `v`, or Esc, ends the turn early; what was said so far is still recognized.
        if key == .escape || key == .character("v"), host.stopListening() { return .handled }
        if ui.prompt.isFocused { return handlePromptKey(key) }
        return handleMainKey(key)
    }

    private func handleMainKey(_ key: Key) -> Outcome {
        guard let action = KeyMap.mainAction(for: key) else { return .ignored }
        switch action {
        case .command(.quit):
            say(host.perform(.quit))
            return .quit
        case .command(let command):
            say(host.perform(command))
        case .focusPrompt:
            ui.prompt.isFocused = true
        case .listen:
            listen()
        case .showHelp:
            ui.overlay = .help(scroll: 0)
        case .moveSlotCursor(let offset):
            moveSlotCursor(by: offset)
        case .slotCursorToFirst:
            moveSlotCursor(by: -Int(Int16.max))
        case .slotCursorToLast:
            moveSlotCursor(by: Int(Int16.max))
        case .playHighlightedSlot:
            say(host.perform(.playDisc(ui.slotCursor)))
        case .loadHighlightedSlot:
            openBrowser()
        case .ejectHighlightedSlot:
            askToEject()
        case .openMagazines:
            let magazines = host.snapshot().magazines
            ui.overlay = .magazines(MagazineEditorState(selection: magazines.firstIndex { $0.isCurrent } ?? 0))
        case .showMagazine(let step):
            showMagazine(steppingBy: step)
        case .openTrackList:
            openTrackList()
        case .openGoTo:
            guard let playing = host.snapshot().nowPlaying else {
                say("Nothing is playing.")
                return .handled
            }
            ui.overlay = .goTo(GoToTimeState(status: "\(playing.title) is \(ViewModel.time(playing.duration)) long."))
        case .undo:
            say(host.undo().message)
        case .dismissNotices:
            guard let shown = shownPinnedNotices(), !shown.isEmpty else { return .ignored }
            ui.dismissedNotices.formUnion(shown)
        case .repaint:
            return .repaint
        }
        return .handled
    }

    /// The pinned notices a frame drawn now shows whole (a notice may have come since the last frame).
    private func shownPinnedNotices() -> [Int]? {
        let model = ViewModel(snapshot: host.snapshot(), ui: ui, clock: "", now: clock.monotonic(), glyphs: glyphs)
        return PinnedNoticesView.placement(model, layout: Layout(width: screen.width, height: screen.height))?.shownIDs
    }

    private func moveSlotCursor(by offset: Int) {
        let numbers = (lastSnapshot ?? host.snapshot()).slots.map(\.number)
        guard !numbers.isEmpty else { return }
        let index = numbers.firstIndex(of: ui.slotCursor) ?? 0
        ui.slotCursor = numbers[min(max(0, index + offset), numbers.count - 1)]
    }

    /// Tab, Shift-Tab: the next or previous magazine goes on show; what plays goes on playing.
    private func showMagazine(steppingBy step: Int) {
        let magazines = host.snapshot().magazines
        guard !magazines.isEmpty else {
            say("There is no magazine. Press M to make one.")
            return
        }
        let index = magazines.firstIndex { $0.isCurrent } ?? 0
        let target = magazines[((index + step) % magazines.count + magazines.count) % magazines.count]
        host.selectMagazine(target.id)
        say(target.isPlaying ? "Showing \(target.name), playing now." : "Showing \(target.name). A disc number plays from it.")
    }

    /// `t`: the playing disc's tracks, or (when nothing plays) those of the highlighted slot.
    private func openTrackList() {
        let snapshot = host.snapshot()
        if let playing = snapshot.nowPlaying, let disc = host.tracks(ofDisc: playing.disc, magazine: playing.magazine) {
            ui.overlay = .tracks(TrackListState(disc: disc, selection: playing.track - 1, followsPlaying: true))
            return
        }
        guard let magazine = snapshot.magazines.first(where: { $0.isCurrent }) else {
            say("There is no magazine. Press M to make one.")
            return
        }
        guard let disc = host.tracks(ofDisc: ui.slotCursor, magazine: magazine.id) else {
            say("Slot \(ui.slotCursor) holds no disc to list.")
            return
        }
        ui.overlay = .tracks(TrackListState(disc: disc, followsPlaying: false))
    }

    /// The disc a track list shows now: the playing one when it follows playback.
    private func trackListDisc(for list: TrackListState, snapshot: DashboardSnapshot) -> DiscTracks? {
        if list.followsPlaying, let playing = snapshot.nowPlaying {
            return host.tracks(ofDisc: playing.disc, magazine: playing.magazine)
        }
        return host.tracks(ofDisc: list.disc.disc, magazine: list.disc.magazine)
    }

    private func openBrowser() {
        let snapshot = host.snapshot()
        guard let magazine = snapshot.magazines.first(where: { $0.isCurrent }) else {
            say("There is no magazine to load into. Press M to make one.")
            return
        }
        guard snapshot.slots.contains(where: { $0.number == ui.slotCursor }) else {
            say("\(magazine.name) has no slot \(ui.slotCursor).")
            return
        }
        ui.overlay = .browser(LibraryBrowserState(magazine: magazine.id, magazineName: magazine.name, slot: ui.slotCursor, albums: host.libraryAlbums()))
    }

    private func askToEject() {
        let snapshot = host.snapshot()
        guard let magazine = snapshot.magazines.first(where: { $0.isCurrent }),
              let slot = snapshot.slots.first(where: { $0.number == ui.slotCursor }) else { return }
        guard slot.state != .empty else {
            say("Slot \(slot.number) is already empty.")
            return
        }
        let edit = DashboardEdit.eject(slot: slot.number, magazine: magazine.id)
        let name = slot.title.map { ", \($0)" } ?? ""
        ui.overlay = .confirming(Confirmation(edit: edit, title: "Eject", question: host.question(before: edit) ?? "Eject disc \(slot.number)\(name)?"))
    }

    /// Carries out an edit; a load moves the slot cursor on to the next slot, ready for the next disc.
    private func carryOut(_ edit: DashboardEdit) -> EditResult {
        let result = host.edit(edit)
        if result.succeeded, case .load(_, let slot, _) = edit {
            let numbers = host.snapshot().slots.map(\.number)
            if let next = numbers.first(where: { $0 > slot }) { ui.slotCursor = next }
        }
        return result
    }

    // MARK: Prompt bar

    private func handlePromptKey(_ key: Key) -> Outcome {
        if key == .tab || key == .backTab {
            complete(backwards: key == .backTab)
            return .handled
        }
        ui.prompt.completion = nil
        switch key {
        case .escape:
            leavePrompt()
        case .enter:
            submitTypedSentence()
        case .up:
            ui.prompt.showOlder()
        case .down:
            ui.prompt.showNewer()
        case .character(let character) where ui.prompt.field.isEmpty && character.isASCII && pickableChoice(character):
            submit(String(character))
        case .character("v") where ui.prompt.field.isEmpty && (ui.prompt.isAskingQuestion || ui.prompt.followsVoice):
            listen()
        case .character(let character) where ui.prompt.field.isEmpty && character.isASCII && pickableHint(character) != nil:
            let hint = pickableHint(character)!
            // A picked hint is a whole sentence, so it joins the history as if typed.
            ui.prompt.remember(hint)
            host.savePromptHistory(ui.prompt.history)
            submit(hint)
        case .control("l"):
            return .repaint
        default:
            return ui.prompt.field.apply(key) ? .handled : .ignored
        }
        return .handled
    }

    /// A digit typed into an empty bar picks a numbered choice at once.
    private func pickableChoice(_ character: Character) -> Bool {
        guard case .choices(_, let choices) = ui.prompt.pending, let number = character.wholeNumberValue else { return false }
        return number >= 1 && number <= choices.count && choices.count <= 9
    }

    /// The "Try saying" hint a digit typed into an empty bar picks, if any.
    private func pickableHint(_ character: Character) -> String? {
        guard case .suggestions(let hints) = ui.prompt.pending, let number = character.wholeNumberValue,
              number >= 1, number <= hints.count, hints.count <= 9 else { return nil }
        return hints[number - 1]
    }

    /// Tab: the first (or next, or with Shift-Tab the previous) magazine or album name that fits
    /// the words before the cursor.
    private func complete(backwards: Bool) {
        if var completion = ui.prompt.completion {
            if backwards { completion.previous() } else { completion.next() }
            ui.prompt.completion = completion
            ui.prompt.field = completion.field
            return
        }
        let names = host.snapshot().magazines.map(\.name) + host.libraryAlbums().map(\.title)
        guard var completion = PromptCompletion(field: ui.prompt.field, names: names) else {
            let words = ui.prompt.field.text.split(separator: " ").last.map(String.init) ?? ""
            say(words.isEmpty ? "There are no magazines or albums to complete." : "No magazine or album name starts with \u{201C}\(words)\u{201D}.")
            return
        }
        if backwards { completion.previous() }
        ui.prompt.completion = completion
        ui.prompt.field = completion.field
    }

    private func leavePrompt() {
        switch ui.prompt.pending {
        case .question, .choices: host.cancelQuestion()
        case .suggestions, nil: break
        }
        ui.prompt.blur()
        releaseResponse()
    }

    private func submitTypedSentence() {
        let before = ui.prompt.history
        guard let sentence = ui.prompt.takeSentence() else {
            if ui.prompt.pending == nil { ui.prompt.blur() }
            return
        }
        if ui.prompt.history != before { host.savePromptHistory(ui.prompt.history) }
        ui.prompt.followsVoice = false
        submit(sentence)
    }

    /// `v`: a voice turn starts (the host shows its progress in the snapshot, then calls
    /// `voiceTurnEnded`); the last sentence heard leaves the bar.
    private func listen() {
        ui.heard = nil
        host.toggleListening()
    }

    /// The end of a voice turn: a heard sentence goes into the history and through `submit`,
    /// as a typed one does, with the bar focused so a question it raises can be answered.
    func voiceTurnEnded(_ result: VoiceResult) {
        switch result {
        case .heard(let sentence):
            ui.prompt.remember(sentence)
            host.savePromptHistory(ui.prompt.history)
            showHeard(sentence)
            submit(sentence)
        case .unsure(let sentence):
            guard let reply = host.confirm(sentence) else { return notHeard() }
            showHeard(sentence)
            ui.prompt.field = TextField()
            releaseResponse()
            show(reply)
        case .notHeard:
            notHeard()
        case .unavailable(let reason):
            say(reason)
        }
    }

    /// "Heard “…”" in the bar, which keeps the focus so a question the sentence raises can be answered.
    private func showHeard(_ sentence: String) {
        ui.prompt.completion = nil
        ui.heard = TimedMessage(text: sentence, since: clock.monotonic())
        ui.prompt.isFocused = true
        ui.prompt.followsVoice = true
    }

    /// "Sorry, I didn't catch that."; an open question stays open, and is asked again.
    private func notHeard() {
        switch ui.prompt.pending {
        case .question(let question), .choices(let question, _): say(VoiceResult.notHeardResponse + " " + question, sticky: true)
        case .suggestions, nil: say(VoiceResult.notHeardResponse)
        }
    }

    /// Sends a sentence (a typed one, a picked choice or hint) to the host and shows its reply.
    private func submit(_ sentence: String) {
        ui.prompt.field = TextField()
        let reply = host.submit(sentence)
        releaseResponse()
        show(reply)
    }

    /// Shows the host's reply, leaving its question or choices open in the prompt bar.
    private func show(_ reply: PromptReply) {
        switch reply.kind {
        case .done:
            say(reply.text)
            ui.prompt.blur()
        case .question:
            say(reply.text, sticky: true)
            ui.prompt.pending = .question(reply.text)
        case .choices(let choices):
            say(reply.text, sticky: true)
            ui.prompt.pending = .choices(question: reply.text, choices)
        case .unsupported(let suggestions):
            say(reply.text)
            ui.prompt.pending = suggestions.isEmpty ? nil : .suggestions(suggestions)
        }
    }

    // MARK: Overlays

    private func handle(_ key: Key, in overlay: Overlay) -> Outcome {
        switch overlay {
        case .help(let scroll):
            let page = max(1, HelpOverlay.box(in: screen).height - 3)
            let limit = HelpOverlay.maximumScroll(in: screen)
            switch key {
            case .up, .character("k"): ui.overlay = .help(scroll: max(0, scroll - 1))
            case .down, .character("j"): ui.overlay = .help(scroll: min(limit, scroll + 1))
            case .pageUp: ui.overlay = .help(scroll: max(0, scroll - page))
            case .pageDown, .character(" "): ui.overlay = .help(scroll: min(limit, scroll + page))
            default: ui.overlay = nil
            }
        case .browser(var browser):
            switch key {
            case .escape:
                ui.overlay = nil
            case .enter:
                guard let album = browser.selectedAlbum else { return .handled }
                let edit = DashboardEdit.load(albumID: album.id, slot: browser.slot, magazine: browser.magazine)
                if let question = host.question(before: edit) {
                    ui.overlay = .confirming(Confirmation(edit: edit, title: "Replace", question: question))
                    return .handled
                }
                let result = carryOut(edit)
                if result.succeeded {
                    say(result.message)
                    ui.overlay = nil
                } else {
                    browser.status = result.message
                    ui.overlay = .browser(browser)
                }
            default:
                let page = LibraryBrowserView.listRows(in: screen, layout: Layout(width: screen.width, height: screen.height))
                guard browser.apply(key, pageSize: page) else { return .ignored }
                ui.overlay = .browser(browser)
            }
        case .magazines(let menu):
            switch MagazineEditorController(host: host).handle(key, in: menu) {
            case .ignored:
                return .ignored
            case .handled(let next, let response):
                ui.overlay = next.map(Overlay.magazines)
                if let response { say(response) }
            }
        case .confirming(let confirmation):
            if key == .character("y") || key == .character("Y") || key == .enter {
                say(carryOut(confirmation.edit).message)
            } else {
                say("Nothing changed.")
            }
            ui.overlay = nil
        case .tracks(var list):
            let page = max(1, TrackListView.listRows(in: screen, layout: Layout(width: screen.width, height: screen.height)))
            switch list.apply(key, pageSize: page) {
            case .ignored:
                return .ignored
            case .close:
                ui.overlay = nil
            case .moved:
                ui.overlay = .tracks(list)
            case .play(let track):
                list.selection = track - 1
                ui.overlay = .tracks(list)
                say(host.perform(.playTrack(track, disc: list.disc.disc, magazine: list.disc.magazine, magazineName: list.disc.magazineName)))
            }
        case .goTo(var goTo):
            switch key {
            case .escape:
                ui.overlay = nil
            case .enter:
                guard let seconds = GoToTimeState.seconds(in: goTo.field.text) else {
                    goTo.status = "Type a time such as 1:30, 90 or 1:02:03."
                    ui.overlay = .goTo(goTo)
                    return .handled
                }
                guard let playing = host.snapshot().nowPlaying else {
                    ui.overlay = nil
                    say("Nothing is playing.")
                    return .handled
                }
                guard Double(seconds) < playing.duration else {
                    goTo.status = "\(playing.title) is only \(ViewModel.time(playing.duration)) long."
                    ui.overlay = .goTo(goTo)
                    return .handled
                }
                ui.overlay = nil
                say(host.perform(.seekTo(seconds: seconds)))
            default:
                guard goTo.field.apply(key) else { return .ignored }
                ui.overlay = .goTo(goTo)
            }
        }
        return .handled
    }
}
