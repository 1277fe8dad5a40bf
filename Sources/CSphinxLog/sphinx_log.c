#include "sphinx_log.h"
#include <sphinxbase/err.h>
#include <stdarg.h>
#include <stdio.h>

static __thread char message[512];

static void keep_message(void *user_data, err_lvl_t level, const char *format, ...) {
    (void)user_data;
    if (level < ERR_WARN) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
}

void cdc_keep_library_messages(void) {
    err_set_callback(keep_message, NULL);
    err_set_logfp(NULL);   /* what the library prints straight to its log file (cmd_ln's option table) */
}

const char *cdc_library_message(void) { return message; }

void cdc_forget_library_message(void) { message[0] = 0; }
