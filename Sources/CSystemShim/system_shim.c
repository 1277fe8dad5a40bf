#define _GNU_SOURCE 1
#include "CSystemShim.h"
#include <malloc.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

void cdc_set_thread_name(const char *name) { prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0); }

int cdc_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

void cdc_release_free_memory(void) { malloc_trim(0); }
