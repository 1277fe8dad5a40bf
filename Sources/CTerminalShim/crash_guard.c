// The crash guard's signal handler and its prepared data (see CTerminalShim.h). Everything the
// handler reads is written before `armed` is set, and it calls only async-signal-safe functions.
#define _GNU_SOURCE 1
#include "CTerminalShim.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int guarded_signals[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE };
#define GUARDED_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])

static struct sigaction previous_actions[GUARDED_COUNT];
static char reset_bytes[512];
static size_t reset_length;
static int terminal_fd = -1;
static struct termios saved_modes;
static int modes_saved;
static volatile sig_atomic_t captured_fd = -1;
static volatile sig_atomic_t original_stderr_fd = -1;
static volatile sig_atomic_t armed;
static int resetting;
static void *alternate_stack;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        bytes += written;
        length -= (size_t)written;
    }
}

static void give_terminal_back(void) {
    write_all(terminal_fd, reset_bytes, reset_length);
    if (modes_saved) tcsetattr(terminal_fd, TCSANOW, &saved_modes);
    int captured = captured_fd, original = original_stderr_fd;
    if (captured >= 0 && original >= 0) {
        // What the dying code wrote to standard error ("Fatal error: …") waits in the pipe.
        char buffer[4096];
        ssize_t count;
        while ((count = read(captured, buffer, sizeof buffer)) > 0) write_all(original, buffer, (size_t)count);
        dup2(original, STDERR_FILENO);
    }
}

static void crash_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    size_t index = 0;
    while (index < GUARDED_COUNT && guarded_signals[index] != signal_number) index++;
    if (armed && !__atomic_exchange_n(&resetting, 1, __ATOMIC_SEQ_CST)) give_terminal_back();
    if (index < GUARDED_COUNT) sigaction(signal_number, &previous_actions[index], NULL);
    // A fault (a bad address, an illegal instruction) happens again when the handler returns, now
    // to the previous handler. A signal that was sent, and a breakpoint trap (which does not repeat),
    // are raised again: blocked while this handler runs, they arrive when it returns.
    if (info == NULL || info->si_code <= 0 || signal_number == SIGTRAP) raise(signal_number);
}

int cdc_crash_guard_save_modes(int fd) {
    if (tcgetattr(fd, &saved_modes) != 0) return -1;
    modes_saved = 1;
    return 0;
}

int cdc_crash_guard_arm(int fd) {
    armed = 0;
    // Attributes off, the cursor shown, the keypad back in normal mode, the main screen back:
    // what endwin would send. A capability the terminal lacks is left out.
    static const char *const capabilities[] = { "sgr0", "cnorm", "rmkx", "rmcup" };
    reset_length = 0;
    for (size_t index = 0; index < sizeof capabilities / sizeof capabilities[0]; index++) {
        const char *sequence = tigetstr((char *)capabilities[index]);
        if (sequence == NULL || sequence == (const char *)-1) continue;
        size_t length = strlen(sequence);
        if (reset_length + length > sizeof reset_bytes) break;
        memcpy(reset_bytes + reset_length, sequence, length);
        reset_length += length;
    }
    terminal_fd = fd;
    __atomic_store_n(&resetting, 0, __ATOMIC_SEQ_CST);

    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        if (alternate_stack == NULL) alternate_stack = malloc(SIGSTKSZ * 4);
        if (alternate_stack != NULL) {
            stack_t stack = { .ss_sp = alternate_stack, .ss_size = SIGSTKSZ * 4, .ss_flags = 0 };
            sigaltstack(&stack, NULL);
        }
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < GUARDED_COUNT; index++) {
        if (sigaction(guarded_signals[index], &action, &previous_actions[index]) != 0) return -1;
    }
    // A parent may have started us with these signals blocked; a blocked fault kills at once.
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t index = 0; index < GUARDED_COUNT; index++) sigaddset(&unblock, guarded_signals[index]);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    armed = 1;
    return 0;
}

void cdc_crash_guard_forward_stderr(int captured, int original) {
    captured_fd = captured;
    original_stderr_fd = original;
}

void cdc_crash_guard_disarm(void) {
    if (!armed) return;
    armed = 0;
    for (size_t index = 0; index < GUARDED_COUNT; index++) sigaction(guarded_signals[index], &previous_actions[index], NULL);
}
