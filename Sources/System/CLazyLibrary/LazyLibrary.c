#include "LazyLibrary.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

void *lazy_library_symbol(lazy_library *library, const char *name) {
    void *handle = atomic_load_explicit(&library->handle, memory_order_acquire);
    if (!handle) {
        pthread_mutex_lock(&opening);
        handle = atomic_load_explicit(&library->handle, memory_order_acquire);
        /* Bound lazily: of the thousands of functions the libraries behind it offer one another, a
           process calls a few dozen, and binding them all up front costs more than the call saves. */
        if (!handle && (handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL)))
            atomic_store_explicit(&library->handle, handle, memory_order_release);
        pthread_mutex_unlock(&opening);
    }
    void *symbol = handle ? dlsym(handle, name) : NULL;
    if (!symbol) {
        const char *reason = dlerror();
        fprintf(stderr, "Error: %s (%s) cannot be used: %s\n", library->description, library->soname, reason ? reason : name);
        exit(1);
    }
    return symbol;
}
