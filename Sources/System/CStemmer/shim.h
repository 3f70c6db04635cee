#ifndef IBOOK_CSTEMMER_SHIM_H
#define IBOOK_CSTEMMER_SHIM_H
// Debian 12's libstemmer-dev ships no .pc file: the header is in /usr/include.
// Its functions are CStemmerLoader's, which opens libstemmer on first use.
#include <libstemmer.h>
#endif
