/* libtesseract, loaded on first use.

   Linked at start-up, libtesseract brings 36 libraries that nothing else in ibook-full needs
   (leptonica and its image codecs, libarchive, libcurl and the TLS, Kerberos and LDAP libraries
   behind it), and every ibook-full process paid for looking symbols up among them: an `add`'s own
   process and each of its workers, a reader's render worker, every workbench command. Only OCR
   needs tesseract, so each function of its C API that the OCR module calls is defined here under
   its own name and forwards to the real one, looked up once in libtesseract.so.5 opened on the
   first call (as CPQ does for libpq).

   A function the OCR module starts calling needs its line below (the linker names it as
   undefined until then). The mechanism is CLazyLibrary's. */
#include <tesseract/capi.h>

#include "LazyLibrary.h"

LAZY_LIBRARY("libtesseract.so.5", "the OCR library")

/* The engine. */
LAZY_FUNCTION(TessBaseAPI *, TessBaseAPICreate, (void), ())
LAZY_PROCEDURE(TessBaseAPIDelete, (TessBaseAPI *handle), (handle))
LAZY_FUNCTION(int, TessBaseAPIInit2, (TessBaseAPI *handle, const char *datapath, const char *language, TessOcrEngineMode oem),
              (handle, datapath, language, oem))
LAZY_PROCEDURE(TessBaseAPIEnd, (TessBaseAPI *handle), (handle))
LAZY_PROCEDURE(TessBaseAPIClear, (TessBaseAPI *handle), (handle))
LAZY_FUNCTION(BOOL, TessBaseAPISetVariable, (TessBaseAPI *handle, const char *name, const char *value), (handle, name, value))
LAZY_PROCEDURE(TessBaseAPISetPageSegMode, (TessBaseAPI *handle, TessPageSegMode mode), (handle, mode))
LAZY_PROCEDURE(TessBaseAPISetSourceResolution, (TessBaseAPI *handle, int ppi), (handle, ppi))
LAZY_PROCEDURE(TessBaseAPISetImage,
               (TessBaseAPI *handle, const unsigned char *imagedata, int width, int height, int bytes_per_pixel, int bytes_per_line),
               (handle, imagedata, width, height, bytes_per_pixel, bytes_per_line))

/* Reading a page. */
LAZY_FUNCTION(int, TessBaseAPIRecognize, (TessBaseAPI *handle, ETEXT_DESC *monitor), (handle, monitor))
LAZY_FUNCTION(BOOL, TessBaseAPIDetectOrientationScript,
              (TessBaseAPI *handle, int *orient_deg, float *orient_conf, const char **script_name, float *script_conf),
              (handle, orient_deg, orient_conf, script_name, script_conf))
LAZY_FUNCTION(char *, TessBaseAPIGetUTF8Text, (TessBaseAPI *handle), (handle))
LAZY_FUNCTION(int, TessBaseAPIMeanTextConf, (TessBaseAPI *handle), (handle))
LAZY_PROCEDURE(TessDeleteText, (const char *text), (text))

/* Its words, with their boxes and confidence. */
LAZY_FUNCTION(TessResultIterator *, TessBaseAPIGetIterator, (TessBaseAPI *handle), (handle))
LAZY_PROCEDURE(TessResultIteratorDelete, (TessResultIterator *handle), (handle))
LAZY_FUNCTION(BOOL, TessResultIteratorNext, (TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
LAZY_FUNCTION(char *, TessResultIteratorGetUTF8Text, (const TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
LAZY_FUNCTION(float, TessResultIteratorConfidence, (const TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
LAZY_FUNCTION(const TessPageIterator *, TessResultIteratorGetPageIteratorConst, (const TessResultIterator *handle), (handle))
LAZY_FUNCTION(BOOL, TessPageIteratorBoundingBox,
              (const TessPageIterator *handle, TessPageIteratorLevel level, int *left, int *top, int *right, int *bottom),
              (handle, level, left, top, right, bottom))
LAZY_FUNCTION(BOOL, TessPageIteratorIsAtBeginningOf, (const TessPageIterator *handle, TessPageIteratorLevel level), (handle, level))
