#ifndef IBOOK_CCUPS_SHIM_H
#define IBOOK_CCUPS_SHIM_H
// Debian 12's libcups2-dev ships no cups.pc (only cups-config, which says
// -lcups and no include path), so the headers are found in /usr/include.
#include <cups/cups.h>
#include <cups/ipp.h>
#endif
