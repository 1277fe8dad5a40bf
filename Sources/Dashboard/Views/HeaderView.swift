/// The top row, like a head unit's display: the app name and magazine (the playing one, else the
/// one on show) on the left; the mode lamps
/// (RPT, RDM, SCAN, RG while a ReplayGain is applied, and LAST while playback stops after this
/// track), volume, output device and clock on the right. When the row is short, details
/// go in a fixed order: mode names, magazine name, output device, the long app name.
enum HeaderView {
    typealias Piece = (text: String, role: Role)

    /// Draws the header; returns whether the output device fitted in it.
    @discardableResult
    static func draw(_ model: ViewModel, in rect: Rect, into buffer: inout ScreenBuffer) -> Bool {
        guard !rect.isEmpty else { return false }
        let snapshot = model.snapshot
        for detail in (0...5) {
            let magazine = snapshot.nowPlaying?.magazineName ?? model.currentMagazine?.name
            let (left, right) = pieces(snapshot, clock: model.clock, magazine: magazine, detail: detail)
            if width(left) + 1 + width(right) <= rect.width || detail == 5 {
                var x = rect.x
                for piece in left { x = buffer.write(piece.text, x: x, y: rect.y, role: piece.role, limit: rect.maxX) }
                var rightX = max(x + 1, rect.maxX - width(right))
                for piece in right { rightX = buffer.write(piece.text, x: rightX, y: rect.y, role: piece.role, limit: rect.maxX) }
                return detail < 4
            }
        }
        return false
    }

    /// The header's pieces at a level of detail: 0 shows everything, each level leaves out more.
    static func pieces(_ snapshot: DashboardSnapshot, clock: String, magazine: String?, detail: Int) -> (left: [Piece], right: [Piece]) {
        var left: [Piece] = [(detail >= 5 ? "CDC" : "CD CHANGER", .appName)]
        if detail < 2, let magazine {
            left.append(("  ", .normal))
            left.append((DisplayWidth.truncate(magazine, to: 24), .magazineName))
        }
        var right: [Piece] = []
        let lamps: [(String, String, Bool)] = [
            ("RPT", snapshot.repeatMode, ViewModel.isOn(snapshot.repeatMode)),
            ("RDM", snapshot.randomMode, ViewModel.isOn(snapshot.randomMode)),
            ("SCAN", "", snapshot.isScanning),
        ] + (snapshot.replayGain.map { [("RG", $0, true)] } ?? []) + (snapshot.stopsAfterTrack ? [("LAST", "", true)] : [])
        for (index, lamp) in lamps.enumerated() {
            if index > 0 { right.append((detail < 1 ? "  " : " ", .normal)) }
            right.append((lamp.0, lamp.2 ? .lampOn : .lampOff))
            if detail < 1, lamp.2, !lamp.1.isEmpty { right.append((" " + lamp.1.lowercased(), .normal)) }
        }
        right.append(("  ", .normal))
        right.append(snapshot.isMuted ? ("MUTE", .muted) : ("VOL \(snapshot.volume)", .volume))
        if detail < 4 {
            right.append(("  ", .normal))
            right.append((DisplayWidth.truncate(snapshot.output, to: detail < 3 ? 20 : 10), .output))
        }
        right.append(("  ", .normal))
        right.append((clock, .clock))
        return (left, right)
    }

    private static func width(_ pieces: [Piece]) -> Int {
        pieces.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }
}
