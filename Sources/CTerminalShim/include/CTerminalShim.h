#ifndef CDCHANGER_CTERMINALSHIM_H
#define CDCHANGER_CTERMINALSHIM_H
// The terminal's C helpers: ncurses macros and mutable globals that Swift 6 cannot use,
// and the terminal calls Swift cannot make (ioctl is variadic).
// ncurses as the CNcursesw module declares it (its feature macros included), so both agree on every type.
#include "../../CNcursesw/ncursesw.h"
#include <stdio.h>

/// `stdscr`, a mutable C global.
WINDOW *cdc_stdscr(void);
/// `A_BOLD`, `A_REVERSE`, `A_DIM`, `A_UNDERLINE`, `A_NORMAL`: bit macros built with NCURSES_BITS.
attr_t cdc_attr_bold(void);
attr_t cdc_attr_reverse(void);
attr_t cdc_attr_dim(void);
attr_t cdc_attr_underline(void);
attr_t cdc_attr_normal(void);
/// `ESCDELAY`, a mutable C global: how long ncurses waits after Esc for the rest of a sequence.
void cdc_set_escdelay(int milliseconds);
/// `stdin` and `stdout`, mutable C globals: the streams `newterm` reads keys from and draws on.
FILE *cdc_stdin(void);
FILE *cdc_stdout(void);
/// The terminal's size from `ioctl(fd, TIOCGWINSZ)` (`ioctl` is variadic). Returns 0 on success.
int cdc_terminal_size(int fd, int *rows, int *columns);
/// `wcwidth`: columns a wide character takes (declared by glibc only with X/Open features on).
int cdc_wcwidth(wchar_t character);
/// Whether the current locale's character set (`nl_langinfo(CODESET)`) is UTF-8.
int cdc_locale_is_utf8(void);

// The crash guard: gives the terminal back when the process dies of SIGSEGV, SIGBUS, SIGABRT,
// SIGILL, SIGTRAP or SIGFPE while curses has it. A signal handler must be async-signal-safe, so it
// is written in C and only calls write, read, tcsetattr, dup2, sigaction and raise on data
// prepared beforehand.

/// Saves the terminal modes of `fd` (`tcgetattr`), to be put back on a crash. Call before curses changes them.
/// Returns 0 on success.
int cdc_crash_guard_save_modes(int fd);
/// Prepares the bytes to write to `fd` on a crash — the current terminal's `sgr0`, `cnorm`, `rmkx`
/// and `rmcup` from terminfo (`tigetstr`; call after `newterm`) — installs the handler for the six
/// signals (`sigaction` with SA_SIGINFO | SA_ONSTACK, keeping the previous handlers) and gives the
/// thread an alternate signal stack if it has none (`sigaltstack`). Returns 0 on success.
int cdc_crash_guard_arm(int fd);
/// On a crash, also copy what is waiting in `captured` (a pipe standard error was redirected to)
/// to `original` and make `original` standard error again (`dup2`). -1, -1 stops this.
void cdc_crash_guard_forward_stderr(int captured, int original);
/// Puts the previous handlers back; the guard does nothing until armed again.
void cdc_crash_guard_disarm(void);

#endif
