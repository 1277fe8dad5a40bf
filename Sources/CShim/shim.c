// wcwidth is declared only with X/Open (or GNU) features on, before any system header.
#define _GNU_SOURCE 1
#include "CShim.h"
#include <alsa/asoundlib.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <langinfo.h>
#include <sys/ioctl.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

WINDOW *cdc_stdscr(void) { return stdscr; }
int cdc_lines(void) { return LINES; }
int cdc_cols(void) { return COLS; }
attr_t cdc_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }
attr_t cdc_attr_bold(void) { return A_BOLD; }
attr_t cdc_attr_reverse(void) { return A_REVERSE; }
attr_t cdc_attr_dim(void) { return A_DIM; }
attr_t cdc_attr_underline(void) { return A_UNDERLINE; }
attr_t cdc_attr_normal(void) { return A_NORMAL; }
void cdc_set_escdelay(int milliseconds) { set_escdelay(milliseconds); }
FILE *cdc_stdin(void) { return stdin; }
FILE *cdc_stdout(void) { return stdout; }

int cdc_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

int cdc_wcwidth(wchar_t character) { return wcwidth(character); }

int cdc_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// ALSA may report from any thread that calls into it, so the message is guarded by a mutex.
static pthread_mutex_t alsa_error_lock = PTHREAD_MUTEX_INITIALIZER;
static char alsa_error_text[512];
static size_t alsa_error_length;

static void cdc_alsa_error_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function;
    char message[sizeof alsa_error_text];
    va_list arguments;
    va_start(arguments, fmt);
    int written = vsnprintf(message, sizeof message, fmt, arguments);
    va_end(arguments);
    if (written < 0) return;
    size_t length = strlen(message);
    if (err != 0 && length + 3 < sizeof message) {
        snprintf(message + length, sizeof message - length, ": %s", snd_strerror(err));
        length = strlen(message);
    }
    pthread_mutex_lock(&alsa_error_lock);
    memcpy(alsa_error_text, message, length + 1);
    alsa_error_length = length;
    pthread_mutex_unlock(&alsa_error_lock);
}

void cdc_alsa_capture_errors(void) { snd_lib_error_set_handler(cdc_alsa_error_handler); }

size_t cdc_alsa_take_last_error(char *buffer, size_t capacity) {
    if (capacity == 0) return 0;
    pthread_mutex_lock(&alsa_error_lock);
    size_t length = alsa_error_length < capacity - 1 ? alsa_error_length : capacity - 1;
    memcpy(buffer, alsa_error_text, length);
    buffer[length] = '\0';
    alsa_error_length = 0;
    alsa_error_text[0] = '\0';
    pthread_mutex_unlock(&alsa_error_lock);
    return length;
}

void cdc_set_thread_name(const char *name) { prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0); }

int cdc_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }
