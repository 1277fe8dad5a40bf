/// Everything one frame is drawn from: the host's snapshot (derived afresh for every frame), the
/// dashboard's own UI state, the time and the symbols to draw with.
struct ViewModel: Sendable {
    var snapshot: DashboardSnapshot
    var ui: UIState
    /// The wall clock as shown in the header, e.g. "14:05".
    var clock: String
    /// Monotonic seconds, for fading messages.
    var now: Double
    var glyphs: Glyphs

    var currentMagazine: DashboardSnapshot.MagazineRow? { snapshot.magazines.first { $0.isCurrent } }

    /// The model with names and messages spelled in ASCII where a letter has a plain spelling
    /// ("Bjørk Ærø" → "Bjork AEro"), drawn before widths are measured, so "æ" reads "ae" rather
    /// than the one-cell look-alike the screen buffer would give it.
    func spelledInASCII() -> ViewModel {
        let ascii = TextFolding.asciiSpelling
        var model = self
        model.snapshot.magazines = snapshot.magazines.map { row in
            var row = row
            row.name = ascii(row.name)
            return row
        }
        model.snapshot.slots = snapshot.slots.map { slot in
            var slot = slot
            slot.title = slot.title.map(ascii)
            slot.artist = slot.artist.map(ascii)
            return slot
        }
        if var panel = snapshot.nowPlaying {
            panel.title = ascii(panel.title)
            panel.artist = ascii(panel.artist)
            panel.album = ascii(panel.album)
            panel.magazineName = ascii(panel.magazineName)
            model.snapshot.nowPlaying = panel
        }
        model.snapshot.notice = snapshot.notice.map(ascii)
        model.snapshot.activity = snapshot.activity.map(ascii)
        model.ui.response?.text = ascii(ui.response?.text ?? "")
        model.ui.notice?.text = ascii(ui.notice?.text ?? "")
        switch ui.overlay {
        case .tracks(var list):
            list.disc.title = ascii(list.disc.title)
            list.disc.artist = ascii(list.disc.artist)
            list.disc.tracks = list.disc.tracks.map { DiscTracks.Track(title: ascii($0.title), artist: ascii($0.artist), duration: $0.duration) }
            model.ui.overlay = .tracks(list)
        case .confirming(var confirmation):
            confirmation.question = ascii(confirmation.question)
            model.ui.overlay = .confirming(confirmation)
        case .help, .browser, .magazines, .goTo, nil:
            break
        }
        return model
    }

    /// Whether a mode name means the mode is on ("off" and "" mean off).
    static func isOn(_ mode: String) -> Bool {
        let name = mode.lowercased()
        return !name.isEmpty && name != "off" && name != "none"
    }

    /// Seconds as "m:ss", or "h:mm:ss" from an hour.
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let total = Int(seconds)
        let hours = total / 3600, minutes = (total / 60) % 60, secs = total % 60
        let paddedSeconds = secs < 10 ? "0\(secs)" : "\(secs)"
        if hours > 0 {
            return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(paddedSeconds)"
        }
        return "\(minutes):\(paddedSeconds)"
    }
}
