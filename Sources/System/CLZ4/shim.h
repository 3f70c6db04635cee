#ifndef IBOOK_CLZ4_SHIM_H
#define IBOOK_CLZ4_SHIM_H
#include <lz4.h>
#include <lz4hc.h>
#endif
