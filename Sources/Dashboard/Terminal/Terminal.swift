import CNcursesw
import CTerminalShim
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The terminal, taken over with ncursesw: the one place that holds the curses screen and calls
/// curses. It paints `ScreenBuffer`s (only the cells that changed since the last paint; ncurses
/// then sends only what differs) and reads keys without blocking.
///
/// Use it on one thread only (the main loop's). `close()` (also run by `deinit`) gives the
/// terminal back as it was.
///
/// The corresponding C functions are `setlocale`, `newterm`, `cbreak`, `noecho`, `nonl`, `keypad`,
/// `nodelay`, `set_escdelay`, `curs_set`, `has_colors`, `start_color`, `use_default_colors`,
/// `init_pair`, `tcgetattr`, `tcsetattr`, `def_prog_mode`, `setcchar`, `mvwadd_wch`, `wmove`,
/// `werase`, `clearok`, `wnoutrefresh`, `doupdate`, `get_wch`, `resizeterm`, `endwin` and `delscreen`.
final class Terminal {
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private(set) var width: Int
    private(set) var height: Int
    let palette: Palette
    let glyphs: Glyphs
    /// Curses attributes and colour pair of each `Role`, by raw value.
    private var styles: [(attributes: attr_t, pair: Int16)] = []
    /// What is on the terminal now, to paint only changes.
    private var painted: ScreenBuffer?
    private var cursorShown: Bool?

    /// Takes over the terminal on standard input and output.
    /// - Parameter color: false for the monochrome palette whatever the terminal can do.
    init(color: Bool) throws(DashboardError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        setlocale(LC_ALL, "")
        glyphs = cdc_locale_is_utf8() != 0 ? .unicode : .ascii
        CrashGuard.saveModes()
        guard let screen = newterm(nil, cdc_stdout(), cdc_stdin()) else {
            throw .cannotOpenTerminal(type: getenv("TERM").map { String(cString: $0) } ?? "(unset)")
        }
        self.screen = screen
        ExitGuard.arm()
        CrashGuard.arm()
        window = cdc_stdscr()
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        cdc_set_escdelay(25)
        Terminal.disableFlowControl()
        def_prog_mode()
        let usesColor = color && has_colors() && start_color() == OK
        palette = Palette(color: usesColor)
        width = Int(getmaxx(window))
        height = Int(getmaxy(window))
        styles = makeStyles(defaultColors: usesColor && use_default_colors() == OK)
    }

    deinit { close() }

    var isOpen: Bool { screen != nil }

    /// Ctrl-S would stop all output (a frozen screen); with flow control off it is just a key.
    private static func disableFlowControl() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        modes.c_iflag &= ~tcflag_t(IXON)
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }

    /// One colour pair per distinct foreground and background the palette uses.
    private func makeStyles(defaultColors: Bool) -> [(attributes: attr_t, pair: Int16)] {
        var pairs: [String: Int16] = [:]
        return Role.allCases.map { role in
            let look = palette.appearance(of: role)
            var attributes = cdc_attr_normal()
            if look.bold { attributes |= cdc_attr_bold() }
            if look.reverse { attributes |= cdc_attr_reverse() }
            if look.dim { attributes |= cdc_attr_dim() }
            if look.underline { attributes |= cdc_attr_underline() }
            guard palette.usesColor, look.foreground != nil || look.background != nil else { return (attributes, 0) }
            let fallback: (Int16, Int16) = defaultColors ? (-1, -1) : (TerminalColor.white.rawValue, TerminalColor.black.rawValue)
            let foreground = look.foreground?.rawValue ?? fallback.0
            let background = look.background?.rawValue ?? fallback.1
            let key = "\(foreground)/\(background)"
            if let pair = pairs[key] { return (attributes, pair) }
            let pair = Int16(pairs.count + 1)
            init_pair(pair, foreground, background)
            pairs[key] = pair
            return (attributes, pair)
        }
    }

    /// Reads the terminal's size after SIGWINCH and tells ncurses. Returns whether it changed.
    @discardableResult
    func updateSize() -> Bool {
        guard screen != nil else { return false }
        var rows: Int32 = 0, columns: Int32 = 0
        if cdc_terminal_size(STDOUT_FILENO, &rows, &columns) == 0, rows != getmaxy(window) || columns != getmaxx(window) {
            resizeterm(rows, columns)
        }
        let changed = Int(getmaxx(window)) != width || Int(getmaxy(window)) != height
        width = Int(getmaxx(window))
        height = Int(getmaxy(window))
        if changed { painted = nil }
        return changed
    }

    /// Forgets what is on screen, so the next paint redraws every cell from a cleared terminal.
    func invalidate() {
        guard screen != nil else { return }
        painted = nil
        clearok(window, true)
    }

    /// Paints `buffer` (the same size as the terminal): the cells that changed, then the cursor.
    func paint(_ buffer: ScreenBuffer) {
        guard screen != nil, buffer.width == width, buffer.height == height else { return }
        if painted == nil { werase(window) }
        var characters = [wchar_t](repeating: 0, count: 6)
        var cell = cchar_t()
        for y in 0..<buffer.height {
            if let painted, painted.rowEquals(buffer, row: y) { continue }
            for x in 0..<buffer.width {
                let span = buffer.span(x: x, y: y)
                if span == 0 { continue }
                if let painted, painted.span(x: x, y: y) == span, painted.role(x: x, y: y) == buffer.role(x: x, y: y),
                   painted.character(x: x, y: y) == buffer.character(x: x, y: y) { continue }
                var count = 0
                for scalar in buffer.character(x: x, y: y).unicodeScalars where count < 4 {
                    characters[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
                characters[count] = 0
                let style = styles[Int(buffer.role(x: x, y: y).rawValue)]
                setcchar(&cell, characters, style.attributes, style.pair, nil)
                mvwadd_wch(window, Int32(y), Int32(x), &cell)
            }
        }
        painted = buffer
        if let cursor = buffer.cursor {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            showCursor(true)
        } else {
            showCursor(false)
        }
        wnoutrefresh(window)
        doupdate()
    }

    private func showCursor(_ shown: Bool) {
        guard cursorShown != shown else { return }
        curs_set(shown ? 1 : 0)
        cursorShown = shown
    }

    /// Every key waiting in the input, without blocking; escape sequences ncurses did not know
    /// are read whole (`KeySequences`).
    func readKeys() -> [Key] {
        guard screen != nil else { return [] }
        var keys: [Key] = []
        var code: wint_t = 0
        while true {
            let status = get_wch(&code)
            if status == OK {
                keys.append(Key(code: UInt32(code)))
            } else if status == KEY_CODE_YES {
                if let key = Terminal.functionKey(Int32(code)) { keys.append(key) }
            } else {
                break
            }
        }
        return KeySequences.fold(keys)
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_IC: .insert
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case KEY_SR: .shiftUp
        case KEY_SF: .shiftDown
        case KEY_RESIZE: .resize
        case (KEY_F0 + 1)...(KEY_F0 + 24): .function(Int(code - KEY_F0))
        default: nil
        }
    }

    /// Gives the terminal back: cursor shown, modes restored, the screen's memory freed.
    /// Safe to call more than once.
    func close() {
        guard let screen else { return }
        CrashGuard.disarm()
        curs_set(1)
        ExitGuard.disarm()
        endwin()
        delscreen(screen)
        self.screen = nil
        window = nil
        painted = nil
    }
}

/// Why the dashboard could not take over the terminal.
public enum DashboardError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file).
    case notATerminal
    /// ncurses knows no terminal of this type.
    case cannotOpenTerminal(type: String)

    public var description: String {
        switch self {
        case .notATerminal:
            "The dashboard needs a terminal; standard input or output is not one. Use cdchanger's commands instead (cdchanger --help)."
        case .cannotOpenTerminal(let type):
            "Can't draw on a terminal of type \"\(type)\". Set TERM to your terminal's type (e.g. xterm-256color)."
        }
    }
}

/// A last resort for a terminal left in curses mode: if the process calls `exit()` while the
/// dashboard is open (some path that forgot `stop()`), an `atexit` handler ends curses mode.
/// The corresponding C functions are `atexit` and `endwin`.
enum ExitGuard {
    private static let isCursesActive = Atomic<Bool>(false)
    private static let isInstalled = Atomic<Bool>(false)

    static func arm() {
        isCursesActive.store(true, ordering: .sequentiallyConsistent)
        if !isInstalled.exchange(true, ordering: .sequentiallyConsistent) {
            atexit {
                if ExitGuard.isCursesActive.exchange(false, ordering: .sequentiallyConsistent) {
                    endwin()
                }
            }
        }
    }

    static func disarm() {
        isCursesActive.store(false, ordering: .sequentiallyConsistent)
    }
}
