#ifndef CDCHANGER_CNCURSESW_H
#define CDCHANGER_CNCURSESW_H
// What `pkg-config --cflags ncursesw` asks for on Debian (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600),
// defined here instead: SwiftPM refuses -D flags from pkg-config and warns on every build.
// The wide-character API (get_wch, setcchar, mvwadd_wch) needs _XOPEN_SOURCE_EXTENDED as well.
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 600
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#endif
