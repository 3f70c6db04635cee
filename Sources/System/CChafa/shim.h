#ifndef IBOOK_CCHAFA_SHIM_H
#define IBOOK_CCHAFA_SHIM_H
#include <chafa.h>
#endif
