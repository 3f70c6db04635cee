#ifndef IBOOK_PROCESS_ARGUMENTS_H
#define IBOOK_PROCESS_ARGUMENTS_H

/// The process's argc and argv as the C runtime gave them to main, saved
/// before any Swift code runs. Swift's CommandLine reads /proc/self/cmdline
/// on Linux and is empty where /proc cannot be read (a locked-down sandbox).
int ibook_process_argc(void);
char *const *ibook_process_argv(void);

#endif
