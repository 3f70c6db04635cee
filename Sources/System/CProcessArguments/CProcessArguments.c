#include "CProcessArguments.h"

static int saved_argc;
static char *const *saved_argv;

// glibc calls the executable's .init_array functions with main's own
// arguments, before main: the one way to them that needs no /proc.
static void save_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
}

__attribute__((section(".init_array"), used))
static void (*const save_arguments_at_start)(int, char **, char **) = save_arguments;

int ibook_process_argc(void) { return saved_argc; }

char *const *ibook_process_argv(void) { return saved_argv; }
