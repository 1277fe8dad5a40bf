import CTerminalShim
#if canImport(Glibc)
import Glibc
#endif

/// Gives the terminal back when the process crashes while the dashboard has it. On SIGSEGV,
/// SIGBUS, SIGABRT, SIGILL, SIGTRAP (a Swift trap is SIGILL or SIGTRAP on Linux) or SIGFPE, a
/// signal handler written in C — async-signal-safe, on data prepared beforehand — writes the
/// terminal's reset sequences (terminfo's `sgr0`, `cnorm`, `rmkx`, `rmcup`), puts back the modes
/// saved before curses changed them, copies what waits in the standard-error pipe ("Fatal error:
/// …") to the real standard error and makes it standard error again, and then lets the signal go
/// on to what would have handled it without the dashboard: Swift's backtracer, or the default
/// action (the process dies of the signal).
///
/// The corresponding C functions are `cdc_crash_guard_save_modes`, `cdc_crash_guard_arm`,
/// `cdc_crash_guard_forward_stderr` and `cdc_crash_guard_disarm` (in `crash_guard.c`: `tcgetattr`,
/// `tigetstr`, `sigaction`, `sigaltstack`; in the handler `write`, `tcsetattr`, `read`, `dup2`, `raise`).
enum CrashGuard {
    /// Remembers the terminal's modes; call before curses changes them.
    static func saveModes() {
        _ = cdc_crash_guard_save_modes(STDIN_FILENO)
    }

    /// Installs the handler; call once curses has set up the terminal (`newterm`).
    static func arm() {
        _ = cdc_crash_guard_arm(STDOUT_FILENO)
    }

    /// On a crash, copy what waits in `captured` to `original` and make it standard error again.
    static func forwardStandardError(from captured: Int32, to original: Int32) {
        cdc_crash_guard_forward_stderr(captured, original)
    }

    static func stopForwardingStandardError() {
        cdc_crash_guard_forward_stderr(-1, -1)
    }

    /// Puts the previous handlers back (the terminal is about to be given back in order).
    static func disarm() {
        cdc_crash_guard_disarm()
    }
}
