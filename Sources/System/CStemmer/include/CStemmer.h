#ifndef IBOOK_CSTEMMER_H
#define IBOOK_CSTEMMER_H
/* libstemmer's functions, defined in CStemmer.c, which loads libstemmer the first
   time a stemmer is asked for; declared by its own header (Debian 12's libstemmer-dev has no .pc
   file: the header is in /usr/include). */
#include <libstemmer.h>
#endif
