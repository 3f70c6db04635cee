#ifndef IBOOK_CSTEMMER_SHIM_H
#define IBOOK_CSTEMMER_SHIM_H
// Debian 12's libstemmer-dev ships no .pc file: the header is in /usr/include
// and the module links -lstemmer.
#include <libstemmer.h>
#endif
