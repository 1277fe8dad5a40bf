#ifndef CDC_SPHINX_LOG_H
#define CDC_SPHINX_LOG_H

/* sphinxbase logs through one process-wide callback (err_set_callback), whose signature is
   variadic, so Swift cannot supply it. This one drops the log and keeps the calling thread's
   latest warning or error, so that a decoder that fails to start can say why. It replaces
   `-logfn`, which made every ps_init reopen the library's one log file and close the previous
   one: two decoders starting at once on two threads could close the same FILE twice. */

/* Installs the callback (err_set_callback) and closes the log file that the library prints some
   things to directly (err_set_logfp(NULL)); call once, before the library first runs. */
void cdc_keep_library_messages(void);

/* The calling thread's latest warning or error from the library, "" when none since
   cdc_forget_library_message. */
const char *cdc_library_message(void);
void cdc_forget_library_message(void);

#endif
