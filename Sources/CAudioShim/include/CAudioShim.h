#ifndef CDCHANGER_CAUDIOSHIM_H
#define CDCHANGER_CAUDIOSHIM_H
// ALSA's library error handler is variadic, so it must be written in C.
#include <stddef.h>

/// Installs a handler with `snd_lib_error_set_handler` that keeps ALSA's messages off stderr
/// and remembers the latest one, so the player can show it as its own notice.
void cdc_alsa_capture_errors(void);
/// Copies the latest captured ALSA message (NUL-terminated) into `buffer` and forgets it.
/// Returns the message length, 0 when there was none.
size_t cdc_alsa_take_last_error(char *buffer, size_t capacity);

#endif
