/* libtesseract, loaded on first use.

   Linked at start-up, libtesseract brings 36 libraries that nothing else in ibook-full needs
   (leptonica and its image codecs, libarchive, libcurl and the TLS, Kerberos and LDAP libraries
   behind it), and every ibook-full process paid for looking symbols up among them: an `add`'s own
   process and each of its workers, a reader's render worker, every workbench command. Only OCR
   needs tesseract, so each function of its C API that the OCR module calls is defined here under
   its own name and forwards to the real one, looked up once in libtesseract.so.5 opened on the
   first call (as CPQLoader does for libpq).

   A function the OCR module starts calling needs its line below (the linker names it as
   undefined until then). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <tesseract/capi.h>

static void *tesseract;
static pthread_once_t tesseractOnce = PTHREAD_ONCE_INIT;

static void openTesseract(void) {
    tesseract = dlopen("libtesseract.so.5", RTLD_LAZY | RTLD_LOCAL);
}

/* A missing libtesseract is a broken installation (libtesseract5 is a dependency): said in one
   line, without a crash. */
static void *tesseractSymbol(const char *name) {
    pthread_once(&tesseractOnce, openTesseract);
    void *symbol = tesseract ? dlsym(tesseract, name) : NULL;
    if (!symbol) {
        const char *reason = dlerror();
        fprintf(stderr, "Error: the OCR library (libtesseract.so.5) cannot be used: %s\n", reason ? reason : name);
        exit(1);
    }
    return symbol;
}

#define TESS_FORWARD(name, call)                                                            \
    static _Atomic(__typeof__(&name)) real;                                                 \
    __typeof__(&name) function = atomic_load_explicit(&real, memory_order_acquire);         \
    if (!function) {                                                                        \
        function = (__typeof__(&name))tesseractSymbol(#name);                               \
        atomic_store_explicit(&real, function, memory_order_release);                       \
    }                                                                                       \
    call

#define TESS_FUNCTION(result, name, parameters, arguments) \
    result name parameters { TESS_FORWARD(name, return function arguments;) }
#define TESS_PROCEDURE(name, parameters, arguments) \
    void name parameters { TESS_FORWARD(name, function arguments;) }

/* The engine. */
TESS_FUNCTION(TessBaseAPI *, TessBaseAPICreate, (void), ())
TESS_PROCEDURE(TessBaseAPIDelete, (TessBaseAPI *handle), (handle))
TESS_FUNCTION(int, TessBaseAPIInit2, (TessBaseAPI *handle, const char *datapath, const char *language, TessOcrEngineMode oem),
              (handle, datapath, language, oem))
TESS_PROCEDURE(TessBaseAPIEnd, (TessBaseAPI *handle), (handle))
TESS_PROCEDURE(TessBaseAPIClear, (TessBaseAPI *handle), (handle))
TESS_FUNCTION(BOOL, TessBaseAPISetVariable, (TessBaseAPI *handle, const char *name, const char *value), (handle, name, value))
TESS_PROCEDURE(TessBaseAPISetPageSegMode, (TessBaseAPI *handle, TessPageSegMode mode), (handle, mode))
TESS_PROCEDURE(TessBaseAPISetSourceResolution, (TessBaseAPI *handle, int ppi), (handle, ppi))
TESS_PROCEDURE(TessBaseAPISetImage,
               (TessBaseAPI *handle, const unsigned char *imagedata, int width, int height, int bytes_per_pixel, int bytes_per_line),
               (handle, imagedata, width, height, bytes_per_pixel, bytes_per_line))

/* Reading a page. */
TESS_FUNCTION(int, TessBaseAPIRecognize, (TessBaseAPI *handle, ETEXT_DESC *monitor), (handle, monitor))
TESS_FUNCTION(BOOL, TessBaseAPIDetectOrientationScript,
              (TessBaseAPI *handle, int *orient_deg, float *orient_conf, const char **script_name, float *script_conf),
              (handle, orient_deg, orient_conf, script_name, script_conf))
TESS_FUNCTION(char *, TessBaseAPIGetUTF8Text, (TessBaseAPI *handle), (handle))
TESS_FUNCTION(int, TessBaseAPIMeanTextConf, (TessBaseAPI *handle), (handle))
TESS_PROCEDURE(TessDeleteText, (const char *text), (text))

/* Its words, with their boxes and confidence. */
TESS_FUNCTION(TessResultIterator *, TessBaseAPIGetIterator, (TessBaseAPI *handle), (handle))
TESS_PROCEDURE(TessResultIteratorDelete, (TessResultIterator *handle), (handle))
TESS_FUNCTION(BOOL, TessResultIteratorNext, (TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
TESS_FUNCTION(char *, TessResultIteratorGetUTF8Text, (const TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
TESS_FUNCTION(float, TessResultIteratorConfidence, (const TessResultIterator *handle, TessPageIteratorLevel level), (handle, level))
TESS_FUNCTION(const TessPageIterator *, TessResultIteratorGetPageIteratorConst, (const TessResultIterator *handle), (handle))
TESS_FUNCTION(BOOL, TessPageIteratorBoundingBox,
              (const TessPageIterator *handle, TessPageIteratorLevel level, int *left, int *top, int *right, int *bottom),
              (handle, level, left, top, right, bottom))
TESS_FUNCTION(BOOL, TessPageIteratorIsAtBeginningOf, (const TessPageIterator *handle, TessPageIteratorLevel level), (handle, level))
