#ifndef IBOOK_CPOPPLERCPP_SHIM_H
#define IBOOK_CPOPPLERCPP_SHIM_H
/* poppler-cpp is C++: only SplashPages (C++) includes its headers; this
   module exists for its pkg-config flags and its library. */
#endif
