#include "CAudioShim.h"
#include <alsa/asoundlib.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
