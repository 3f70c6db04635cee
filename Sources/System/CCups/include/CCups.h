#ifndef IBOOK_CCUPS_H
#define IBOOK_CCUPS_H
/* libcups's functions, defined in CCups.c, which loads libcups the first time one
   is called; declared by its own headers (Debian 12's libcups2-dev has no cups.pc, only
   cups-config, so the headers are found in /usr/include). */
#include <cups/cups.h>
#include <cups/ipp.h>
#endif
