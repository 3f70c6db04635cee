#ifndef IBOOK_CDEFLATE_SHIM_H
#define IBOOK_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
