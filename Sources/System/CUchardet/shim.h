#ifndef IBOOK_CUCHARDET_SHIM_H
#define IBOOK_CUCHARDET_SHIM_H
// uchardet.pc's Cflags name /usr/include/uchardet, so the header is found by its own name.
#include <uchardet.h>
#endif
