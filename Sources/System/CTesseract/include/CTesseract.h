#ifndef IBOOK_CTESSERACT_H
#define IBOOK_CTESSERACT_H
/* Tesseract's C functions, defined in CTesseract.c, which loads libtesseract the
   first time one is called; declared by its own header (tesseract.pc would also link libarchive
   and libcurl). */
#include <tesseract/capi.h>
#endif
