#ifndef IBOOK_CZLIB_SHIM_H
#define IBOOK_CZLIB_SHIM_H
#include <zlib.h>
#endif
