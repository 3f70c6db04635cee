#ifndef IBOOK_CSTEMMERLOADER_H
#define IBOOK_CSTEMMERLOADER_H
/* libstemmer's functions, defined by CStemmerLoader.c, which loads
   libstemmer the first time a stemmer is asked for. Declared by
   <libstemmer.h>, through CStemmer. */
#endif
