// wcwidth and nl_langinfo are declared only with X/Open (or GNU) features on, before any system header.
#define _GNU_SOURCE 1
#include "CTerminalShim.h"
#include <langinfo.h>
#include <string.h>
#include <sys/ioctl.h>

WINDOW *cdc_stdscr(void) { return stdscr; }
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
