#ifndef IBOOK_CPQLOADER_H
#define IBOOK_CPQLOADER_H
/* libpq's functions, defined by CPQLoader.c, which loads libpq the first time
   one is called. Declared by <postgresql/libpq-fe.h>, through CPQ. */
#endif
