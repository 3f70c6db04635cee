#ifndef IBOOK_LAZYLIBRARY_H
#define IBOOK_LAZYLIBRARY_H
/* A system library opened on first use rather than linked (libpq, libtesseract, libcups): linked,
   each brings dozens of libraries that every ibook process would pay to look symbols up among,
   though only one command needs them. A loader defines each function of the library its Swift
   module calls under its own name (LAZY_FUNCTION, LAZY_PROCEDURE); the first call opens the library
   and looks the function up, once. A library that cannot be opened is said in one line and the
   process ends (it is a dependency of the package: a broken installation). */
#include <stdatomic.h>

#pragma GCC visibility push(hidden)

typedef struct {
    const char *soname;
    /* For the message: "the PostgreSQL client library". */
    const char *description;
    _Atomic(void *) handle;
} lazy_library;

/* `name` in `library`, opening it on the first call. Never NULL: it exits with one line instead. */
void *lazy_library_symbol(lazy_library *library, const char *name);

#pragma GCC visibility pop

/* The loader's one library: LAZY_LIBRARY("libcups.so.2", "the printing library"). */
#define LAZY_LIBRARY(soname, description) static lazy_library lazyLibrary = {soname, description, NULL};

#define LAZY_FORWARD(name, call)                                                            \
    static _Atomic(__typeof__(&name)) real;                                                 \
    __typeof__(&name) function = atomic_load_explicit(&real, memory_order_acquire);         \
    if (!function) {                                                                        \
        function = (__typeof__(&name))lazy_library_symbol(&lazyLibrary, #name);             \
        atomic_store_explicit(&real, function, memory_order_release);                       \
    }                                                                                       \
    call

#define LAZY_FUNCTION(result, name, parameters, arguments) \
    result name parameters { LAZY_FORWARD(name, return function arguments;) }
#define LAZY_PROCEDURE(name, parameters, arguments) \
    void name parameters { LAZY_FORWARD(name, function arguments;) }

#endif
