/* libstemmer, loaded when the first stemmer is made.

   Linked at start-up, libstemmer's tables (10,800 pointers to relocate)
   are loaded by every ibook process, and every library a dlopen brings in
   afterwards (poppler for a thumbnail) has one more object to look each of
   its symbols up in: about half a millisecond a process that `list`,
   `thumbnail`, a CJK search and most commands never get back. Only a search
   or an index that stems words needs it, so the four functions the
   Stemmer class calls are defined here and forward to the real ones, looked
   up once in libstemmer.so.0d opened on the first sb_stemmer_new. */
#include <dlfcn.h>
#include <libstemmer.h>
#include <pthread.h>
#include <stddef.h>

static struct {
    struct sb_stemmer *(*create)(const char *algorithm, const char *charenc);
    void (*destroy)(struct sb_stemmer *stemmer);
    const sb_symbol *(*stem)(struct sb_stemmer *stemmer, const sb_symbol *word, int size);
    int (*length)(struct sb_stemmer *stemmer);
} libstemmer;
static pthread_once_t libstemmerOnce = PTHREAD_ONCE_INIT;

static void openLibstemmer(void) {
    void *library = dlopen("libstemmer.so.0d", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    libstemmer.destroy = dlsym(library, "sb_stemmer_delete");
    libstemmer.stem = dlsym(library, "sb_stemmer_stem");
    libstemmer.length = dlsym(library, "sb_stemmer_length");
    /* Set last: a stemmer is only made once all four are there. */
    if (libstemmer.destroy && libstemmer.stem && libstemmer.length) {
        libstemmer.create = dlsym(library, "sb_stemmer_new");
    }
}

/* NULL when libstemmer cannot be loaded, as for an unknown algorithm: the
   Stemmer class then says the language's stemmer is unavailable. The other
   three are only called with a stemmer this one made. */
struct sb_stemmer *sb_stemmer_new(const char *algorithm, const char *charenc) {
    pthread_once(&libstemmerOnce, openLibstemmer);
    return libstemmer.create ? libstemmer.create(algorithm, charenc) : NULL;
}

void sb_stemmer_delete(struct sb_stemmer *stemmer) {
    if (stemmer) libstemmer.destroy(stemmer);
}

const sb_symbol *sb_stemmer_stem(struct sb_stemmer *stemmer, const sb_symbol *word, int size) {
    return libstemmer.stem(stemmer, word, size);
}

int sb_stemmer_length(struct sb_stemmer *stemmer) {
    return libstemmer.length(stemmer);
}
