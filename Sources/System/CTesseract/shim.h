#ifndef IBOOK_CTESSERACT_SHIM_H
#define IBOOK_CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
