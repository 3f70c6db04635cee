#ifndef IBOOK_CPQ_H
#define IBOOK_CPQ_H
/* libpq's functions, defined in CPQ.c, which loads libpq the first time one is
   called; declared by libpq's own header. */
#include <postgresql/libpq-fe.h>
#endif
