#ifndef IBOOK_CPOPPLERCORE_SHIM_H
#define IBOOK_CPOPPLERCORE_SHIM_H
/* poppler's own API (PDFDoc, SplashOutputDev: libpoppler-private-dev) is C++:
   only SplashPages (C++) includes its headers; this module exists for its
   pkg-config flags and its library. */
#endif
