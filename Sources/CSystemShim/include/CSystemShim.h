#ifndef CDCHANGER_CSYSTEMSHIM_H
#define CDCHANGER_CSYSTEMSHIM_H
// System calls Swift cannot make directly.

/// Names the calling thread (Linux keeps the first 15 bytes) with `prctl(PR_SET_NAME)`, which is
/// variadic, so `top -H` and debuggers show which thread is which.
void cdc_set_thread_name(const char *name);

/// A new non-blocking, close-on-exec `eventfd` with a zero count, or -1 with errno set
/// (its header is not part of Swift's Glibc module).
int cdc_eventfd(void);

/// Returns freed heap memory to the system with `malloc_trim(0)` (its header is not part of
/// Swift's Glibc module): after a speech grammar's search is freed, its pages would stay resident.
void cdc_release_free_memory(void);

#endif
