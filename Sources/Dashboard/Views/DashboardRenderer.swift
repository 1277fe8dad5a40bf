/// Draws a whole frame: every panel from the view model, then the popup and the open overlay.
/// A pure function of its input, so a frame can never show state from an earlier one.
enum DashboardRenderer {
    static func render(_ model: ViewModel, width: Int, height: Int) -> ScreenBuffer {
        var buffer = draw(model.glyphs.isASCII ? model.spelledInASCII() : model, width: width, height: height)
        if model.glyphs.isASCII { buffer.transliterateToASCII() }
        return buffer
    }

    private static func draw(_ model: ViewModel, width: Int, height: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        let layout = Layout(width: width, height: height, slotCount: model.snapshot.slots.count)
        guard layout.kind != .tooSmall else {
            TooSmallView.draw(width: width, height: height, into: &buffer)
            return buffer
        }
        let glyphs = model.glyphs
        let outputInHeader = HeaderView.draw(model, in: layout.header, into: &buffer)
        for rule in layout.rules {
            buffer.horizontalLine(x: 0, y: rule, length: width, glyphs.horizontal, role: .frame)
        }
        if let divider = layout.rackDivider {
            buffer.verticalLine(x: divider, y: layout.rack.y, length: layout.rack.height, glyphs.vertical, role: .frame)
            if layout.rules.contains(layout.rack.y - 1) { buffer.set(x: divider, y: layout.rack.y - 1, glyphs.teeDown, role: .frame) }
            if layout.rules.contains(layout.rack.maxY) { buffer.set(x: divider, y: layout.rack.maxY, glyphs.teeUp, role: .frame) }
        }
        NowPlayingView.draw(model, layout: layout, in: layout.nowPlaying, into: &buffer)
        if layout.kind == .compact {
            RackView.drawStrip(model, in: layout.rack, trailer: outputInHeader ? nil : model.snapshot.output, into: &buffer)
        } else {
            RackView.draw(model, in: layout.rack, into: &buffer)
        }
        SlotsView.draw(model, layout: layout, in: layout.slots, into: &buffer)
        let pinned = PinnedNoticesView.placement(model, layout: layout)
        MessagesView.draw(model, pinned: pinned, in: layout.messages, into: &buffer)
        PromptBarView.draw(model, in: layout.prompt, into: &buffer)
        FooterView.draw(model, in: layout.footer, into: &buffer)
        PromptPopupView.draw(model, above: layout.messages, top: layout.header.maxY, into: &buffer)
        PinnedNoticesView.draw(pinned, glyphs: glyphs, into: &buffer)

        let screen = buffer.bounds
        switch model.ui.overlay {
        case .help(let scroll):
            buffer.cursor = nil
            HelpOverlay.draw(scroll: scroll, glyphs: glyphs, in: screen, into: &buffer)
        case .browser(let browser):
            LibraryBrowserView.draw(browser, activity: model.snapshot.activity, glyphs: glyphs, layout: layout, in: screen, into: &buffer)
        case .magazines(let editor):
            buffer.cursor = nil
            MagazineEditorView.draw(editor, magazines: model.snapshot.magazines, glyphs: glyphs, in: screen, into: &buffer)
        case .confirming(let confirmation):
            buffer.cursor = nil
            ConfirmView.draw(confirmation, glyphs: glyphs, in: screen, into: &buffer)
        case .tracks(let list):
            buffer.cursor = nil
            TrackListView.draw(list, playing: model.snapshot.nowPlaying, glyphs: glyphs, layout: layout, in: screen, into: &buffer)
        case .goTo(let goTo):
            GoToTimeView.draw(goTo, glyphs: glyphs, in: screen, into: &buffer)
        case nil:
            break
        }
        return buffer
    }
}
