#ifndef IBOOK_CPQ_SHIM_H
#define IBOOK_CPQ_SHIM_H
#include <postgresql/libpq-fe.h>
#endif
