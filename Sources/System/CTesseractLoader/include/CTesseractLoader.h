#ifndef IBOOK_CTESSERACTLOADER_H
#define IBOOK_CTESSERACTLOADER_H
/* Tesseract's C functions, defined by CTesseractLoader.c, which loads libtesseract the first time
   one is called. Declared by <tesseract/capi.h>, through CTesseract. */
#endif
