#ifndef IBOOK_CCUPSLOADER_H
#define IBOOK_CCUPSLOADER_H
/* libcups's functions, defined by CCupsLoader.c, which loads libcups the first time one is
   called. Declared by <cups/cups.h>, through CCups. */
#endif
