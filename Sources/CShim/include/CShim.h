#ifndef CDCHANGER_CSHIM_H
#define CDCHANGER_CSHIM_H
// Small C helpers for C APIs Swift cannot call directly.

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1

// ---- Threads: prctl is variadic ----

/// Names the calling thread (Linux keeps the first 15 bytes) with `prctl(PR_SET_NAME)`,
/// so `top -H` and debuggers show which audio thread is which.
void cdc_set_thread_name(const char *name);

// ---- eventfd: its header is not part of Swift's Glibc module ----

/// A new non-blocking, close-on-exec `eventfd` with a zero count, or -1 with errno set.
/// The audio output thread polls it beside the sound device's descriptors to be woken for commands.
int cdc_eventfd(void);

#endif
#include <ncurses.h>
#include <stddef.h>
#include <stdio.h>
#include <wchar.h>

// ---- ncurses: macros and mutable globals that Swift 6 cannot use ----

/// `stdscr`, a mutable C global.
WINDOW *cdc_stdscr(void);
/// `LINES` and `COLS`, mutable C globals.
int cdc_lines(void);
int cdc_cols(void);
/// `COLOR_PAIR(n)`, a function-like macro.
attr_t cdc_color_pair(short pair);
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

// ---- ALSA: the library's error handler is variadic, so it must be written in C ----

/// Installs a handler with `snd_lib_error_set_handler` that keeps ALSA's messages off stderr
/// and remembers the latest one, so the player can show it as its own notice.
void cdc_alsa_capture_errors(void);
/// Copies the latest captured ALSA message (NUL-terminated) into `buffer` and forgets it.
/// Returns the message length, 0 when there was none.
size_t cdc_alsa_take_last_error(char *buffer, size_t capacity);


// ---- Threads: prctl is variadic ----

/// Names the calling thread (Linux keeps the first 15 bytes) with `prctl(PR_SET_NAME)`,
/// so `top -H` and debuggers show which audio thread is which.
void cdc_set_thread_name(const char *name);

// ---- eventfd: its header is not part of Swift's Glibc module ----

/// A new non-blocking, close-on-exec `eventfd` with a zero count, or -1 with errno set.
/// The audio output thread polls it beside the sound device's descriptors to be woken for commands.
int cdc_eventfd(void);

#endif
