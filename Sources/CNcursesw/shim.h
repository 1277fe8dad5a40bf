// The wide-character ncurses API (get_wch, setcchar, mvwaddnwstr) is declared only with this defined.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncurses.h>
